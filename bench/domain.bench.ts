import { cpus } from 'os';
import { GameId, PUBLIC, emptyMatch, emptySeat, evolve, stepSeat } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';
import { fmt, medianMsEach, perSecond } from './measure';
import { naiveFold } from './naive-fold';

/**
 * npm run bench:domain — for a generated 1,000-event match per game: events/s of the omniscient fold
 * and of each audience's observe + view fold, as medians of 9 runs, beside a baseline measured in the
 * same run: a naive mutable fold that only moves card ids between arrays (no checks, no immutability).
 * Each round runs every contender once, so a busy spell of a shared machine hits them all.
 */
const EVENTS = 1000;
const REPEAT = 20;

const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);

const rows: string[] = [];
for (const game of ['lorcana', 'four-souls', 'grand-archive'] as GameId[]) {
  const events = randomMatch(game, choices, EVENTS - 1);
  const total = events.length * REPEAT;
  const repeated = (fold: () => unknown) => () => {
    for (let r = 0; r < REPEAT; r++) fold();
  };
  const audience = (who: string) =>
    repeated(() => {
      let seat = emptySeat(who);
      for (const e of events) seat = stepSeat(seat, e).seat;
    });
  const ms = medianMsEach({
    baseline: repeated(() => naiveFold(events)),
    omniscient: repeated(() => events.reduce(evolve, emptyMatch)),
    p1: audience('p1'),
    p2: audience('p2'),
    spectators: audience(PUBLIC),
  });
  const [baseline, omniscient, p1, p2, spectators] = [ms.baseline, ms.omniscient, ms.p1, ms.p2, ms.spectators].map((m) => perSecond(total, m));
  rows.push(
    `| ${game} | ${events.length} | ${fmt(baseline)} | ${fmt(omniscient)} | ${(omniscient / baseline).toFixed(2)} | ${fmt(p1)} | ${fmt(p2)} | ${fmt(spectators)} | ${(Math.min(p1, p2, spectators) / baseline).toFixed(2)} |`,
  );
}

console.log(`node ${process.version}, ${cpus().length} cores, median of 9 interleaved runs of ${REPEAT} folds each\n`);
console.log(
  '| game | events | naive mutable fold (baseline) ev/s | omniscient fold ev/s | omniscient / baseline | p1 observe+view ev/s | p2 observe+view ev/s | public observe+view ev/s | slowest audience / baseline |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
