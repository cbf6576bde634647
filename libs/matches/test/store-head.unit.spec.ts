import { StoreHead } from '../src/model/store-head';

/** A store whose head reads see the head as it is when they begin, and end when the test says. */
const slowStore = () => {
  const pending: (() => void)[] = [];
  let head = 0;
  return {
    pending,
    move: (to: number) => (head = to),
    store: {
      headPosition: () => {
        const seen = head;
        return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
      },
    },
  };
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('StoreHead: one head read for many callers, never one that began before the caller asked', () => {
  it('callers during a read share the next one; a write acknowledged before they asked is in what they get', async () => {
    const { pending, move, store } = slowStore();
    const head = new StoreHead(store);
    move(5);
    const first = head.read();
    move(9); // acknowledged after the first read began
    const [second, third] = [head.read(), head.read()];
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(await first).toBe(5);
    await tick();
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(await second).toBe(9);
    expect(await third).toBe(9);
    // nothing in flight: the next caller starts its own
    const fourth = head.read();
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect(await fourth).toBe(9);
  });

  it('a failed read fails its callers only; the next read starts afresh', async () => {
    let calls = 0;
    const head = new StoreHead({ headPosition: async () => (++calls === 1 ? Promise.reject(new Error('down')) : 7) });
    await expect(head.read()).rejects.toThrow('down');
    expect(await head.read()).toBe(7);
  });
});
