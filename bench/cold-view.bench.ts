import { MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { SqliteEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMatch } from '@matchlog/matches';
import { randomMatch } from '@matchlog/testkit';
import { medianMsEach } from './measure';
import { naiveFold } from './naive-fold';

/**
 * npm run bench:cold — the first public view of a 20,000-event Lorcana match (the property tests'
 * generator, fixed seed), as the server makes it on a cache miss (MatchReplays.load, then the views
 * controller): read the log from a SqliteEventStore, fold the omniscient state, fold the public
 * view. Each part and the whole, median of 9 interleaved runs after 3 warm-ups, beside a baseline in
 * the same run: the naive mutable fold of bench:domain over the same events.
 */
const EVENTS = 20_000;
const TARGET_MS = 100;

const main = async () => {
  const choices = Array.from({ length: EVENTS }, (_, i) => (i * 2654435761) % 4294967291);
  const generated = randomMatch('lorcana', choices, EVENTS - 1);
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-cold-'));
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const matchId = 'cold-match';
  for (let at = 0; at < generated.length; at += 1000) await store.append(matchId, at, generated.slice(at, at + 1000));
  const events: MatchEvent[] = await readMatch(store, matchId);

  // the store's read is async: time it on its own, the same number of times
  const reads: number[] = [];
  const firsts: number[] = [];
  for (let round = 0; round < 12; round++) {
    let start = process.hrtime.bigint();
    await readMatch(store, matchId);
    const read = Number(process.hrtime.bigint() - start) / 1e6;
    start = process.hrtime.bigint();
    const replay = new Replay(await readMatch(store, matchId));
    replay.stateAt();
    replay.viewAt(PUBLIC);
    const first = Number(process.hrtime.bigint() - start) / 1e6;
    if (round >= 3) {
      reads.push(read);
      firsts.push(first);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const folds = medianMsEach({
    baseline: () => naiveFold(events),
    omniscient: () => new Replay(events).stateAt(),
    public: () => new Replay(events).viewAt(PUBLIC),
  });
  const rows: [string, number][] = [
    ['naive mutable fold (baseline)', folds.baseline],
    ['read the log (readMatch, SQLite)', median(reads)],
    ['omniscient fold (Replay.stateAt)', folds.omniscient],
    ['public view fold (Replay.viewAt)', folds.public],
    ['first public view: read + both folds', median(firsts)],
  ];
  console.log(`node ${process.version}, ${cpus().length} cores, ${events.length} events, median of 9 runs after 3 warm-ups\n`);
  console.log('| step | median ms | / baseline |');
  console.log('|---|---|---|');
  for (const [step, ms] of rows) console.log(`| ${step} | ${ms.toFixed(1)} | ${(ms / folds.baseline).toFixed(1)} |`);
  console.log(`\ntarget ≤ ${TARGET_MS} ms for the first public view: ${median(firsts) <= TARGET_MS ? 'met' : 'NOT met'}`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
};

void main();
