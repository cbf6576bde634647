import { MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { EventStore, InMemoryEventStore, ReadOptions } from '@matchlog/store';
import { randomBytes, randomUUID } from 'crypto';
import { MatchModels } from '../src/model/match-models';
import { MatchSnapshots, SEAT_SLICE } from '../src/snapshot/match-snapshots';
import { signSnapshot } from '../src/snapshot/snapshot-signature';
import { SNAPSHOT_VERSION } from '../src/snapshot/match-snapshot';
import { chainedMatch, snapshotAt } from './support/snapshots';

const json = (value: unknown) => JSON.stringify(value);
const EVERY = 100;
const KEY = randomBytes(32);
const events = chainedMatch(
  'lorcana',
  Array.from({ length: 330 }, (_, i) => (i * 2654435761) % 4294967291),
  329,
);

/** The store's reads of the match's stream, as [from, maxCount]. */
const readsOf = (store: EventStore, matchId: string) => {
  const reads: [number | undefined, number | undefined][] = [];
  const readStream = store.readStream.bind(store);
  store.readStream = (streamId: string, options: ReadOptions = {}) => {
    if (streamId === matchId) reads.push([options.from, options.maxCount]);
    return readStream(streamId, options);
  };
  return reads;
};

const until = async (done: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** A store holding the match up to `revision`, and the models of an instance over it that appends the rest as the writer does. */
const instance = async (store: EventStore, log: string[] = []) => {
  const snapshots = new MatchSnapshots(store, KEY, EVERY, (message) => log.push(message));
  const models = new MatchModels(store, undefined, undefined, snapshots);
  const append = async (batch: readonly MatchEvent[]) => {
    const after = await store.revisionOf('m');
    await store.append('m', after, batch);
    models.appended('m', after, batch, new Replay(events.slice(0, after + batch.length)).stateAt());
  };
  return { models, append, log };
};

describe('MatchSnapshots: written in the background, read only when they match the log', () => {
  it('takes a snapshot after the append that passes a multiple of N, not during it, and a new instance starts from it', async () => {
    const store = new InMemoryEventStore();
    const { models, append } = await instance(store);
    await store.append('m', 0, events.slice(0, 250));
    await models.load('m');
    await append(events.slice(250, 290));
    expect(await store.readSnapshot('m')).toBeUndefined();
    await append(events.slice(290, 320));
    // the append returned before anything was written: the snapshot follows
    expect(await store.readSnapshot('m')).toBeUndefined();
    await until(async () => (await store.readSnapshot('m')) !== undefined);
    const stored = await store.readSnapshot('m');
    // beside the log, never in it: the log holds the match's events alone
    expect(await store.headPosition()).toBe(320);
    expect(stored).toMatchObject({ version: SNAPSHOT_VERSION, revision: 320, body: expect.any(String), mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await store.append('m', 320, events.slice(320));

    // another instance on the same store: the head from the snapshot and the events after it
    const reads = readsOf(store, 'm');
    const restarted = await instance(store);
    const model = await restarted.models.load('m', 'head');
    expect(model.replay.start).toBe(320);
    expect(model.revision).toBe(events.length);
    expect(reads).toEqual([
      [undefined, 1],
      [320, undefined],
    ]);
    const full = new Replay(events);
    for (const audience of ['public', 'broadcast', 'p1', 'p2', 'judge']) expect(json(model.viewAt(audience, model.revision))).toBe(json(full.viewAt(audience)));

    // asked for its history, the same model is given the events before the snapshot
    expect(await restarted.models.load('m')).toBe(model);
    expect(model.replay.start).toBe(0);
    expect(reads.at(-1)).toEqual([undefined, 320]);
    for (const revision of [1, 100, 319]) expect(json(model.viewAt(PUBLIC, revision))).toBe(json(full.viewAt(PUBLIC, revision)));
  });

  it('counts a snapshot a model started at against the replay cache’s bound, not only the events after it', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    await store.writeSnapshot('m', signSnapshot(KEY, snapshotAt(events, 300)));
    // a bound the events after the snapshot fit in, the snapshot with them does not
    const tail = events.length - 300;
    const models = new MatchModels(store, tail + 1, undefined, new MatchSnapshots(store, KEY, EVERY));
    const first = await models.load('m', 'head');
    expect(first.replay.start).toBe(300);
    expect(await models.load('m', 'head')).not.toBe(first);
    const roomy = new MatchModels(store, tail + 1000, undefined, new MatchSnapshots(store, KEY, EVERY));
    const kept = await roomy.load('m', 'head');
    expect(await roomy.load('m', 'head')).toBe(kept);
  });

  it('throws away a snapshot whose hash is not the log’s at its revision, and reads the whole log', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    const forged = { ...snapshotAt(events, 300), hash: (events[298].meta as { hash: string }).hash };
    await store.writeSnapshot('m', signSnapshot(KEY, forged));
    const { models, log } = await instance(store);
    const model = await models.load('m', 'head');
    expect(model.replay.start).toBe(0);
    expect(json(model.viewAt(PUBLIC, model.revision))).toBe(json(new Replay(events).viewAt(PUBLIC)));
    expect(log).toEqual([expect.stringMatching(/snapshot of m at 300 does not match the log .*the whole log is read/)]);
  });

  it('throws away a snapshot with the log’s hash at its revision but a state or seat the server did not write: a public seat showing a hand', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    const genuine = snapshotAt(events, 300);
    const p1 = genuine.seats.p1.view;
    const forged = { ...genuine, seats: { ...genuine.seats, public: { ...genuine.seats.public, view: { ...p1, audience: 'public' } } } };
    await store.writeSnapshot('m', signSnapshot(randomBytes(32), forged));
    const { models, log } = await instance(store);
    const model = await models.load('m', 'head');
    expect(model.replay.start).toBe(0);
    expect(json(model.viewAt(PUBLIC, model.revision))).toBe(json(new Replay(events).viewAt(PUBLIC)));
    expect(log).toEqual([expect.stringMatching(/snapshot of m at 300 does not match the log/)]);
  });

  it('throws away a snapshot of another format version, or past the log’s end (a log restored from an older copy)', async () => {
    for (const data of [{ ...snapshotAt(events, 300), version: SNAPSHOT_VERSION + 1 }, snapshotAt(events, 300)]) {
      const store = new InMemoryEventStore();
      await store.append('m', 0, data.version === SNAPSHOT_VERSION ? events.slice(0, 200) : events);
      await store.writeSnapshot('m', signSnapshot(KEY, data));
      const { models, log } = await instance(store);
      expect((await models.load('m', 'head')).replay.start).toBe(0);
      expect(log).toHaveLength(1);
    }
  });

  it('uses no snapshot for a read of the history: the model is read whole', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    await store.writeSnapshot('m', signSnapshot(KEY, snapshotAt(events, 300)));
    const { models } = await instance(store);
    expect((await models.load('m')).replay.start).toBe(0);
  });

  it('logs a snapshot it could not write, and the append and the model go on', async () => {
    const store = new InMemoryEventStore();
    store.writeSnapshot = async () => {
      throw new Error('disk full');
    };
    const { models, append: write, log } = await instance(store);
    await store.append('m', 0, events.slice(0, 90));
    await models.load('m');
    await write(events.slice(90, 110));
    await until(async () => log.length > 0);
    expect(log).toEqual(['snapshot of m at 110 not written: disk full']);
    expect((await models.load('m')).revision).toBe(110);
  });

  it('reads nothing when snapshots are off (MATCHLOG_SNAPSHOT_EVERY=0)', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    await store.writeSnapshot('m', signSnapshot(KEY, snapshotAt(events, 300)));
    const models = new MatchModels(store, undefined, undefined, new MatchSnapshots(store, KEY, 0));
    expect((await models.load('m', 'head')).replay.start).toBe(0);
  });

  it('ignores the snapshot events a store written before keeps in the log: read whole once, its next snapshot kept beside the log', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events.slice(0, 290));
    await store.append('snapshots@m', 'any', [{ id: randomUUID(), type: 'MatchSnapshot', data: signSnapshot(KEY, snapshotAt(events, 200)) }]);
    const { models, append } = await instance(store);
    await expect(models.load('snapshots@m', 'head')).rejects.toMatchObject({ code: 'MATCH_NOT_FOUND' });
    await expect(models.load('snapshots@m')).rejects.toMatchObject({ code: 'MATCH_NOT_FOUND' });
    expect((await models.load('m', 'head')).replay.start).toBe(0);
    await append(events.slice(290, 320));
    await until(async () => (await store.readSnapshot('m')) !== undefined);
    expect(await store.readSnapshot('m')).toMatchObject({ revision: 320 });
    expect(await store.revisionOf('snapshots@m')).toBe(1);
  });

  it('folds a seat nobody read in slices of at most SEAT_SLICE events, each in its own turn of the event loop, so that requests go on meanwhile', async () => {
    const store = new InMemoryEventStore();
    const { models, append } = await instance(store);
    await store.append('m', 0, events.slice(0, 290));
    // the writer's model after a restart: its seats never read on this instance
    const model = await models.load('m');
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const folds: { audience: string; revision: number; turn: number }[] = [];
    const seatAt = model.replay.seatAt.bind(model.replay);
    model.replay.seatAt = (audience: string, revision?: number) => {
      folds.push({ audience, revision: revision ?? model.revision, turn });
      return seatAt(audience, revision);
    };
    await append(events.slice(290, 320));
    await until(async () => (await store.readSnapshot('m')) !== undefined);
    ticking = false;
    expect(new Set(folds.map((fold) => fold.audience))).toEqual(new Set(['public', 'broadcast', 'p1', 'p2']));
    for (const [i, fold] of folds.entries()) {
      const before = folds
        .slice(0, i)
        .filter((earlier) => earlier.audience === fold.audience)
        .at(-1);
      expect(fold.revision - (before?.revision ?? 0)).toBeLessThanOrEqual(SEAT_SLICE);
      if (i > 0) expect(fold.turn).toBeGreaterThan(folds[i - 1].turn);
    }
  });
});
