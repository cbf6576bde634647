import { MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { EventStore, InMemoryEventStore, ReadOptions } from '@matchlog/store';
import { randomBytes, randomUUID } from 'crypto';
import { MatchModels } from '../src/model/match-models';
import { MatchSnapshots } from '../src/snapshot/match-snapshots';
import { SNAPSHOT_EVENT, SNAPSHOT_VERSION, snapshotStreamOf } from '../src/snapshot/match-snapshot';
import { chainedMatch, snapshotAt } from './support/snapshots';

const entropy = { uuid: () => randomUUID(), hex: (bytes: number) => randomBytes(bytes).toString('hex') };
const json = (value: unknown) => JSON.stringify(value);
const EVERY = 100;
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
  const snapshots = new MatchSnapshots(store, entropy, EVERY, (message) => log.push(message));
  const models = new MatchModels(store, undefined, undefined, undefined, snapshots);
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
    expect(await store.revisionOf(snapshotStreamOf('m'))).toBe(0);
    await append(events.slice(290, 320));
    // the append returned before anything was written: the snapshot follows
    expect(await store.revisionOf(snapshotStreamOf('m'))).toBe(0);
    await until(async () => (await store.revisionOf(snapshotStreamOf('m'))) === 1);
    const [stored] = await store.readStream(snapshotStreamOf('m'));
    expect(stored.type).toBe(SNAPSHOT_EVENT);
    expect(stored.data).toMatchObject({ version: SNAPSHOT_VERSION, revision: 320 });
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

  it('throws away a snapshot whose hash is not the log’s at its revision, and reads the whole log', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    const forged = { ...snapshotAt(events, 300), hash: (events[298].meta as { hash: string }).hash };
    await store.append(snapshotStreamOf('m'), 'any', [{ id: randomUUID(), type: SNAPSHOT_EVENT, data: forged }]);
    const { models, log } = await instance(store);
    const model = await models.load('m', 'head');
    expect(model.replay.start).toBe(0);
    expect(json(model.viewAt(PUBLIC, model.revision))).toBe(json(new Replay(events).viewAt(PUBLIC)));
    expect(log).toEqual([expect.stringMatching(/snapshot of m at 300 does not match the log .*the whole log is read/)]);
  });

  it('throws away a snapshot of another format version, or past the log’s end (a log restored from an older copy)', async () => {
    for (const data of [{ ...snapshotAt(events, 300), version: SNAPSHOT_VERSION + 1 }, snapshotAt(events, 300)]) {
      const store = new InMemoryEventStore();
      await store.append('m', 0, data.version === SNAPSHOT_VERSION ? events.slice(0, 200) : events);
      await store.append(snapshotStreamOf('m'), 'any', [{ id: randomUUID(), type: SNAPSHOT_EVENT, data }]);
      const { models, log } = await instance(store);
      expect((await models.load('m', 'head')).replay.start).toBe(0);
      expect(log).toHaveLength(1);
    }
  });

  it('uses no snapshot for a read of the history: the model is read whole', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    await store.append(snapshotStreamOf('m'), 'any', [{ id: randomUUID(), type: SNAPSHOT_EVENT, data: snapshotAt(events, 300) }]);
    const { models } = await instance(store);
    expect((await models.load('m')).replay.start).toBe(0);
  });

  it('logs a snapshot it could not write, and the append and the model go on', async () => {
    const store = new InMemoryEventStore();
    const append = store.append.bind(store);
    store.append = async (streamId, expected, batch) => {
      if (streamId.startsWith('snapshots@')) throw new Error('disk full');
      return append(streamId, expected, batch);
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
    await store.append(snapshotStreamOf('m'), 'any', [{ id: randomUUID(), type: SNAPSHOT_EVENT, data: snapshotAt(events, 300) }]);
    const models = new MatchModels(store, undefined, undefined, undefined, new MatchSnapshots(store, entropy, 0));
    expect((await models.load('m', 'head')).replay.start).toBe(0);
  });

  it('names no snapshot stream with a match id, and reads none for a name that is no match id', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, events);
    await store.append(snapshotStreamOf('m'), 'any', [{ id: randomUUID(), type: SNAPSHOT_EVENT, data: snapshotAt(events, 300) }]);
    const { models } = await instance(store);
    await expect(models.load(snapshotStreamOf('m'), 'head')).rejects.toMatchObject({ code: 'MATCH_NOT_FOUND' });
    await expect(models.load(snapshotStreamOf('m'))).rejects.toMatchObject({ code: 'MATCH_NOT_FOUND' });
  });
});
