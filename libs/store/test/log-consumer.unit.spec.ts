import { LogConsumer, LogProcessor, StoredEvent, Subscription } from '@matchlog/store';

const event = (position: number): StoredEvent => ({ streamId: 'm', revision: position, position, id: `e${position}`, type: 'TurnStarted', data: {} });

/** A log whose subscriptions the test drives: deliver events, fail them. */
const fakeLog = () => {
  const subscriptions: { after: number; onEvent: (e: StoredEvent) => unknown; onFailure?: (error: unknown) => void; closed: boolean }[] = [];
  return {
    subscriptions,
    subscribeAll: (after: number, onEvent: (e: StoredEvent) => unknown, onFailure?: (error: unknown) => void): Subscription => {
      const subscription = { after, onEvent, onFailure, closed: false };
      subscriptions.push(subscription);
      return { close: async () => void (subscription.closed = true) };
    },
  };
};

const recording = (name: string, fails?: (e: StoredEvent) => boolean) => {
  const seen: number[] = [];
  const processor: LogProcessor & { renewals: number } = {
    name,
    renewals: 0,
    handle: (e) => {
      if (fails?.(e)) throw new TypeError(`cannot apply ${e.position}`);
      seen.push(e.position);
    },
    renewed() {
      this.renewals++;
    },
  };
  return { processor, seen };
};

describe('LogConsumer: one subscription per instance, many processors', () => {
  it('gives every processor every event once, in order, over one subscription', () => {
    const log = fakeLog();
    const consumer = new LogConsumer(log);
    const a = recording('a');
    const b = recording('b');
    consumer.add(a.processor);
    consumer.add(b.processor);
    consumer.start(0);
    consumer.start(0);
    [1, 2, 3].forEach((p) => log.subscriptions[0].onEvent(event(p)));
    expect(log.subscriptions).toHaveLength(1);
    expect(a.seen).toEqual([1, 2, 3]);
    expect(b.seen).toEqual([1, 2, 3]);
  });

  it('skips an event one processor cannot apply, for that processor alone, and records it', () => {
    const log = fakeLog();
    const lines: string[] = [];
    const consumer = new LogConsumer(log, { onError: () => undefined, log: (line) => lines.push(line) });
    const broken = recording('broken', (e) => e.position === 2);
    const fine = recording('fine');
    consumer.add(broken.processor);
    consumer.add(fine.processor);
    consumer.start(0);
    [1, 2, 3].forEach((p) => log.subscriptions[0].onEvent(event(p)));
    expect(broken.seen).toEqual([1, 3]);
    expect(fine.seen).toEqual([1, 2, 3]);
    expect(consumer.skipped).toEqual([{ processor: 'broken', position: 2, streamId: 'm', revision: 2, type: 'TurnStarted', error: 'TypeError' }]);
    expect(lines).toEqual([expect.stringContaining('broken could not apply event 2')]);
  });

  it('renews a failed subscription from the last event delivered, with backoff, and tells every processor', async () => {
    jest.useFakeTimers();
    try {
      const log = fakeLog();
      const consumer = new LogConsumer(log, { retry: { firstMs: 100, maxMs: 250 }, onError: () => undefined });
      const a = recording('a');
      consumer.add(a.processor);
      consumer.start(5);
      log.subscriptions[0].onEvent(event(6));
      log.subscriptions[0].onFailure!(new Error('connection lost'));
      expect(consumer.failed).toBe(true);
      expect(consumer.failure).toBe('connection lost');
      jest.advanceTimersByTime(99);
      expect(log.subscriptions).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(log.subscriptions.map((s) => s.after)).toEqual([5, 6]);
      expect(consumer.failed).toBe(false);
      expect(a.processor.renewals).toBe(1);
      // failing again before any event: the wait doubles, up to maxMs
      log.subscriptions[1].onFailure!(new Error('still down'));
      jest.advanceTimersByTime(199);
      expect(log.subscriptions).toHaveLength(2);
      jest.advanceTimersByTime(1);
      log.subscriptions[2].onFailure!(new Error('still down'));
      jest.advanceTimersByTime(249);
      expect(log.subscriptions).toHaveLength(3);
      jest.advanceTimersByTime(1);
      expect(log.subscriptions).toHaveLength(4);
      // a failure of a subscription already replaced changes nothing
      log.subscriptions[0].onFailure!(new Error('late'));
      expect(consumer.failed).toBe(false);
      await consumer.stop();
      expect(log.subscriptions[3].closed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reached: true once every processor has been given the position, false after the timeout or when the subscription fails', async () => {
    const log = fakeLog();
    const consumer = new LogConsumer(log, { retry: { firstMs: 100, maxMs: 250 }, onError: () => undefined });
    const a = recording('a');
    consumer.add(a.processor);
    consumer.start(2);
    expect(consumer.position).toBe(2);
    expect(await consumer.reached(2, 10)).toBe(true);
    const three = consumer.reached(3, 10_000);
    const five = consumer.reached(5, 10_000);
    log.subscriptions[0].onEvent(event(3));
    expect(await three).toBe(true);
    expect(a.seen).toEqual([3]);
    expect(await consumer.reached(4, 20)).toBe(false);
    log.subscriptions[0].onFailure!(new Error('connection lost'));
    expect(await five).toBe(false);
    expect(await consumer.reached(4, 10_000)).toBe(false); // at once while it is down
    await consumer.stop();
  });
});
