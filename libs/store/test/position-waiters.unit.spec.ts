import { PositionWaiters } from '../src/position-waiters';

describe('PositionWaiters', () => {
  it('tells each waiter true once its position is reached, false after its timeout or when released, and keeps none', async () => {
    const waiters = new PositionWaiters();
    const at5 = waiters.wait(5, 60_000);
    const at9 = waiters.wait(9, 60_000);
    const timedOut = waiters.wait(100, 10);
    waiters.reached(4);
    waiters.reached(7);
    await expect(at5).resolves.toBe(true);
    expect(waiters.size).toBe(2);
    await expect(timedOut).resolves.toBe(false);
    expect(waiters.size).toBe(1);
    waiters.reached(9);
    await expect(at9).resolves.toBe(true);
    const released = waiters.wait(20, 60_000);
    waiters.releaseAll();
    await expect(released).resolves.toBe(false);
    waiters.reached(20);
    expect(waiters.size).toBe(0);
  });

  it('releases a flood of waiters in one pass: 100,000 waiting requests, then the position they wait for', async () => {
    const waiters = new PositionWaiters();
    const waits = Array.from({ length: 100_000 }, (_, i) => waiters.wait(1 + (i % 3), 60_000));
    for (let position = 0; position < 1000; position++) waiters.reached(0);
    waiters.reached(3);
    expect((await Promise.all(waits)).every(Boolean)).toBe(true);
    expect(waiters.size).toBe(0);
  });
});
