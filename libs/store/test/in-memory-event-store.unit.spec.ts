import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { eventStoreContract } from './event-store.contract';

// the fast double for tests that do not test storage: it must answer as the stores do
eventStoreContract('InMemoryEventStore', async () => new InMemoryEventStore());

describe('InMemoryEventStore, beyond the contract', () => {
  const ev = (id: string, data: unknown = { id }) => ({ id, type: 'CardMoved', data });

  it('holds copies, as JSON: changing an event after appending it, or one read, changes nothing held', async () => {
    const store = new InMemoryEventStore();
    const data = { cards: ['c1'], at: new Date('2026-11-21T10:00:00.000Z'), gone: undefined };
    await store.append('m1', 0, [ev('a', data)]);
    data.cards.push('c2');
    const [read] = await store.readStream('m1');
    (read.data as { cards: string[] }).cards.push('c3');
    expect((await store.readStream('m1'))[0].data).toStrictEqual({ cards: ['c1'], at: '2026-11-21T10:00:00.000Z' });
  });

  it('is a store of its own per instance: its own id, and none of the other instance’s events', async () => {
    const [one, two] = [new InMemoryEventStore(), new InMemoryEventStore()];
    await one.append('m1', 0, [ev('a')]);
    expect(await one.storeId()).not.toBe(await two.storeId());
    expect(await two.readAll(0, 10)).toEqual([]);
    expect(await two.append('m1', 0, [ev('a')])).toEqual({ revision: 1, position: 1 });
  });

  it('refuses appends and reads once closed, as SQLite does, and a subscription made then delivers nothing', async () => {
    const store = new InMemoryEventStore();
    await store.append('m1', 0, [ev('a')]);
    await store.close();
    await expect(store.append('m1', 1, [ev('b')])).rejects.toThrow('closed');
    await expect(store.readStream('m1')).rejects.toThrow('closed');
    await expect(store.readAll(0, 10)).rejects.toThrow('closed');
    const delivered: string[] = [];
    await store.subscribeAll(0, (e) => void delivered.push(e.id)).close();
    expect(delivered).toEqual([]);
  });

  it('is the same store through a wrapper made with Object.create, as tests make to override one method', async () => {
    const store = new InMemoryEventStore();
    const wrapped: EventStore = Object.assign(Object.create(store) as EventStore, { readAll: async () => [] });
    await wrapped.append('m1', 0, [ev('a')]);
    expect(await store.append('m1', 1, [ev('b')])).toEqual({ revision: 2, position: 2 });
    expect((await wrapped.readStream('m1')).map((e) => e.id)).toEqual(['a', 'b']);
    await wrapped.close();
    await expect(store.revisionOf('m1')).rejects.toThrow('closed');
  });
});
