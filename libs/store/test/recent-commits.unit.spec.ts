import { LocalSubscriptions } from '../src/local-subscriptions';
import { RECENT_CHARS, RECENT_EVENTS, RecentCommits } from '../src/sqlite/recent-commits';
import type { AppendOutcome, AppendRequest } from '../src/sqlite/writer-protocol';

const request = (streamId: string, count: number, data = '{}'): AppendRequest => ({
  streamId,
  expected: 'any',
  events: Array.from({ length: count }, (_, i) => ({ id: `${streamId}-${i}`, idHash: 0, type: 'CardMoved', data, meta: null })),
});
const wrote = (revision: number, position: number): AppendOutcome => ({ result: { revision, position } });
const positionsOf = (rows: readonly { position: number }[] | undefined) => rows?.map((row) => row.position);

describe('RecentCommits', () => {
  it("holds what the group's appends wrote, as rows by position, and nothing of a refusal or a retry answered with an earlier result", () => {
    const recent = new RecentCommits(10);
    const refused: AppendOutcome = { refused: 'revision', actual: 3 };
    const retried: AppendOutcome = { refused: 'id', taken: 'x-0', held: [{ streamId: 'x', revision: 1, position: 5, type: 'CardMoved', data: '{}' }] };

    recent.committed([request('a', 2), request('b', 1), request('x', 1), request('c', 1)], [wrote(2, 12), refused, retried, wrote(4, 13)], Infinity);

    expect(recent.after(10, 100)).toEqual([
      { position: 11, stream_id: 'a', revision: 1, event_id: 'a-0', type: 'CardMoved', data: '{}', meta: null },
      { position: 12, stream_id: 'a', revision: 2, event_id: 'a-1', type: 'CardMoved', data: '{}', meta: null },
      { position: 13, stream_id: 'c', revision: 4, event_id: 'c-0', type: 'CardMoved', data: '{}', meta: null },
    ]);
    expect(positionsOf(recent.after(11, 1))).toEqual([12]);
    expect(recent.after(13, 100)).toEqual([]);
    // before what it holds, or beyond the head: the file answers
    expect(recent.after(9, 100)).toBeUndefined();
    expect(recent.after(14, 100)).toBeUndefined();
  });

  it('lets go of what every subscription has passed, and of its oldest past its bounds', () => {
    const recent = new RecentCommits(0);
    recent.committed([request('a', 5)], [wrote(5, 5)], Infinity);
    recent.committed([request('b', 5)], [wrote(5, 10)], 3);
    expect(positionsOf(recent.after(3, 100))).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(recent.after(2, 100)).toBeUndefined();

    recent.committed([request('c', RECENT_EVENTS + 1)], [wrote(RECENT_EVENTS + 1, RECENT_EVENTS + 11)], 0);
    expect(recent.size).toBe(RECENT_EVENTS);
    expect(recent.after(10, 1)).toBeUndefined();
    expect(positionsOf(recent.after(11, 1))).toEqual([12]);

    recent.committed([request('d', 3, `"${'x'.repeat(RECENT_CHARS / 2)}"`)], [wrote(3, RECENT_EVENTS + 14)], Infinity);
    expect(recent.size).toBe(1);
    expect(recent.after(RECENT_EVENTS + 13, 100)).toHaveLength(1);
  });

  it('knows nothing after a gap (an append whose outcome was lost) but the run the next commit starts', () => {
    const recent = new RecentCommits(0);
    recent.committed([request('a', 2)], [wrote(2, 2)], Infinity);
    recent.lost();
    expect(recent.after(2, 100)).toBeUndefined();

    recent.committed([request('b', 1)], [wrote(1, 5)], 0);
    expect(recent.after(2, 100)).toBeUndefined();
    expect(recent.after(4, 100)).toEqual([expect.objectContaining({ position: 5, stream_id: 'b' })]);
    recent.committed([request('c', 1)], [wrote(1, 7)], 0);
    expect(recent.after(4, 100)).toBeUndefined();
    expect(positionsOf(recent.after(6, 100))).toEqual([7]);
  });
});

describe('LocalSubscriptions.lowestPosition', () => {
  it('is the last position the open subscriptions delivered: a closed one holds nothing back', async () => {
    const subscriptions = new LocalSubscriptions();
    expect(subscriptions.lowestPosition()).toBe(Infinity);
    const behind = subscriptions.start(false, 3, (subscriber) => LocalSubscriptions.wait(subscriber));
    const ahead = subscriptions.start(false, 9, async (subscriber) => {
      subscriber.position = 12;
      await LocalSubscriptions.wait(subscriber);
    });
    expect(subscriptions.lowestPosition()).toBe(3);

    const closing = behind.close();
    expect(subscriptions.lowestPosition()).toBe(12);
    await closing;
    await ahead.close();
    expect(subscriptions.lowestPosition()).toBe(Infinity);
  });
});
