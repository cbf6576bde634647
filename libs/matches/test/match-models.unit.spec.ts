import { EventStore, ReadOptions, StoredEvent } from '@matchlog/store';
import { DEFAULT_REPLAY_CACHE_EVENTS, MatchModels } from '../src/model/match-models';

/** A store in memory with `events` events in each of its matches, counting whole-stream reads. */
const storeOf = (sizes: Record<string, number>) => {
  const whole: string[] = [];
  const eventsOf = (id: string): StoredEvent[] =>
    Array.from({ length: sizes[id] ?? 0 }, (_, i) => ({ streamId: id, revision: i + 1, position: i + 1, id: `${id}-${i}`, type: 'TurnStarted', data: { player: 'p1', turn: i } }));
  const store = {
    revisionOf: async (id: string) => sizes[id] ?? 0,
    readStream: async (id: string, options: ReadOptions = {}) => {
      if (options.from === undefined) whole.push(id);
      return eventsOf(id).slice((options.from ?? 1) - 1);
    },
  } as unknown as EventStore;
  return { store, whole };
};

describe('MatchModels: bounded by the events it holds (MATCHLOG_REPLAY_CACHE_EVENTS)', () => {
  it('evicts the least recently read whole match once the events held pass the bound', async () => {
    const { store, whole } = storeOf({ a: 40, b: 40, c: 30 });
    const replays = new MatchModels(store, 100);
    for (const id of ['a', 'b', 'a', 'c', 'a', 'b']) await replays.load(id);
    // c (30) pushed b out, the least recently read; b back pushed out c
    expect(whole).toEqual(['a', 'b', 'c', 'b']);
  });

  it('holds about 200 MB by default (200,000 events): past that, the least recently read match is dropped', async () => {
    expect(DEFAULT_REPLAY_CACHE_EVENTS).toBe(200_000);
    const { store, whole } = storeOf({ a: 120_000, b: 90_000 });
    const replays = new MatchModels(store);
    for (const id of ['a', 'b', 'a']) await replays.load(id);
    expect(whole).toEqual(['a', 'b', 'a']);
  }, 60_000);

  it('counts the tail a read brought in: a match that grew past the bound leaves the cache', async () => {
    const sizes = { a: 10, b: 10 };
    const { store, whole } = storeOf(sizes);
    const replays = new MatchModels(store, 50);
    await replays.load('a');
    await replays.load('b');
    sizes.b = 45; // another instance appended
    expect((await replays.load('b')).revision).toBe(45);
    await replays.load('a');
    expect(whole).toEqual(['a', 'b', 'a']);
  });
});

describe('MatchModels: one model per match, whoever asks', () => {
  it('reads a match once for concurrent readers and a feed, and serves them the same model', async () => {
    const { store, whole } = storeOf({ a: 10 });
    const models = new MatchModels(store);
    const [read, followed, again] = await Promise.all([models.load('a'), models.hold('a'), models.load('a')]);
    expect(followed).toBe(read);
    expect(again).toBe(read);
    expect(whole).toEqual(['a']);
  });

  it('keeps a held match past the bound, and gives it back to the cache on release', async () => {
    const { store, whole } = storeOf({ a: 40, b: 40, c: 40 });
    const models = new MatchModels(store, 50);
    const held = await models.hold('a');
    await models.load('b');
    await models.load('c');
    expect(await models.load('a')).toBe(held);
    models.release(held);
    expect(await models.load('a')).toBe(held);
    expect(whole).toEqual(['a', 'b', 'c']);
  });
});
