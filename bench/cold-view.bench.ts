import { chainEvents } from '@matchlog/audit';
import { MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { SqliteEventStore } from '@matchlog/store';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SNAPSHOT_EVERY, MatchModels, MatchSnapshots, readMatchEvents } from '@matchlog/matches';
import { randomMatch } from '@matchlog/testkit';
import { medianMsEach } from './measure';
import { naiveFold } from './naive-fold';

/**
 * npm run bench:cold — the first public view of a 20,000-event Lorcana match (the property tests'
 * generator, fixed seed, chained as the server stores it), as the server makes it on a cache miss:
 * read the log from a SqliteEventStore, fold the omniscient state, fold the public view. Then the
 * same first view through MatchModels (the server's path), without a snapshot and from the latest
 * snapshot, which is as far behind as it can be (DEFAULT_SNAPSHOT_EVERY - 1 events). Each, median of
 * 9 interleaved runs after 3 warm-ups, beside two baselines in the same run: the naive mutable fold of
 * bench:domain over the same events, and reading the whole log.
 */
const EVENTS = 20_000;
const TARGET_MS = 100;
const TARGET_OF_READ = 0.5;

const main = async () => {
  const choices = Array.from({ length: EVENTS }, (_, i) => (i * 2654435761) % 4294967291);
  const generated = chainEvents(randomMatch('lorcana', choices, EVENTS - 1));
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-cold-'));
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const matchId = 'cold-match';
  // the latest snapshot a match of this length has: at the last multiple of N, 999 events behind the head
  const at = Math.floor((generated.length - 1) / DEFAULT_SNAPSHOT_EVERY) * DEFAULT_SNAPSHOT_EVERY;
  const snapshots = new MatchSnapshots(store, randomBytes(32), DEFAULT_SNAPSHOT_EVERY, (message) => console.error(message));
  const appendUpTo = async (from: number, to: number) => {
    for (let revision = from; revision < to; revision += 1000) await store.append(matchId, revision, generated.slice(revision, Math.min(revision + 1000, to)));
  };
  // the snapshot is taken as the server takes it: by the model that passes `at`, in the background
  await appendUpTo(0, at);
  snapshots.advanced(await new MatchModels(store).load(matchId, 'head'), at - 1);
  const snapshotBytes = await storedSnapshotBytes(store, matchId);
  await appendUpTo(at, generated.length);
  const events: MatchEvent[] = await readMatchEvents(store, matchId);
  const full = new Replay(events);
  const expected = JSON.stringify(full.viewAt(PUBLIC));

  // the store's reads are async: each contender timed on its own, in turn, round after round
  const contenders: Record<string, () => Promise<unknown>> = {
    read: () => readMatchEvents(store, matchId),
    first: async () => {
      const replay = new Replay(await readMatchEvents(store, matchId));
      replay.stateAt();
      return replay.viewAt(PUBLIC);
    },
    models: async () => {
      const model = await new MatchModels(store).load(matchId, 'head');
      return model.viewAt(PUBLIC, model.revision);
    },
    snapshot: async () => {
      const model = await new MatchModels(store, undefined, undefined, snapshots).load(matchId, 'head');
      if (model.replay.start !== at) throw new Error(`the model started at ${model.replay.start}, not at the snapshot (${at})`);
      return model.viewAt(PUBLIC, model.revision);
    },
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < 12; round++) {
    for (const [name, work] of Object.entries(contenders)) {
      const start = process.hrtime.bigint();
      const view = await work();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (name !== 'read' && JSON.stringify(view) !== expected) throw new Error(`${name}: not the full fold's public view`);
      if (round >= 3) times[name].push(ms);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [read, first, models, fromSnapshot] = ['read', 'first', 'models', 'snapshot'].map((name) => median(times[name]));
  const folds = medianMsEach({
    baseline: () => naiveFold(events),
    omniscient: () => new Replay(events).stateAt(),
    public: () => new Replay(events).viewAt(PUBLIC),
  });
  const rows: [string, number][] = [
    ['naive mutable fold (baseline)', folds.baseline],
    ['read the log (readMatchEvents, SQLite)', read],
    ['omniscient fold (Replay.stateAt)', folds.omniscient],
    ['public view fold (Replay.viewAt)', folds.public],
    ['first public view: read + both folds', first],
    ['first public view, no snapshot (MatchModels.load + viewAt)', models],
    [`first public view from the snapshot at ${at} (MatchModels.load + viewAt)`, fromSnapshot],
  ];
  console.log(`node ${process.version}, ${cpus().length} cores, ${events.length} events, a ${Math.round(snapshotBytes / 1024)} KB snapshot, median of 9 runs after 3 warm-ups\n`);
  console.log('| step | median ms | / baseline | / reading the log |');
  console.log('|---|---|---|---|');
  for (const [step, ms] of rows) console.log(`| ${step} | ${ms.toFixed(1)} | ${(ms / folds.baseline).toFixed(1)} | ${(ms / read).toFixed(2)} |`);
  const met = fromSnapshot <= TARGET_MS && fromSnapshot / read <= TARGET_OF_READ;
  console.log(
    `\ntarget: the first public view ≤ ${TARGET_MS} ms and ≤ ${TARGET_OF_READ} of reading the log: ${fromSnapshot.toFixed(1)} ms, ${(fromSnapshot / read).toFixed(2)} of it, ${met ? 'met' : 'NOT met'}`,
  );
  await store.close();
  rmSync(dir, { recursive: true, force: true });
};

/** The bytes of the match's snapshot once its background write has landed. */
const storedSnapshotBytes = async (store: SqliteEventStore, matchId: string): Promise<number> => {
  for (;;) {
    const stored = await store.readSnapshot(matchId);
    if (stored) return Buffer.byteLength(JSON.stringify(stored));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

void main();
