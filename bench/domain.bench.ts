import { GameId, PUBLIC, emptyMatch, emptySeat, evolve, stepSeat } from '@matchlog/domain';
import { randomMatch } from '../libs/domain/test/support/random-match';
import { fmt, medianMs, perSecond } from './measure';
import { naiveFold } from './naive-fold';

/**
 * npm run bench:domain — for a generated 1,000-event match per game: events/s of the omniscient fold
 * and of each audience's observe + view fold, as medians of 9 runs, beside a baseline measured in the
 * same run: a naive mutable fold that only moves card ids between arrays (no checks, no immutability).
 */
const EVENTS = 1000;
const REPEAT = 20;

const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);

const rows: string[] = [];
for (const game of ['lorcana', 'four-souls', 'grand-archive'] as GameId[]) {
  const events = randomMatch(game, choices, EVENTS - 1);
  const total = events.length * REPEAT;
  const rate = (fold: () => unknown) => perSecond(total, medianMs(() => { for (let r = 0; r < REPEAT; r++) fold(); }));
  const baseline = rate(() => naiveFold(events));
  const omniscient = rate(() => events.reduce(evolve, emptyMatch));
  const audience = (who: string) =>
    rate(() => {
      let seat = emptySeat(who);
      for (const e of events) seat = stepSeat(seat, e).seat;
    });
  const [p1, p2, spectators] = ['p1', 'p2', PUBLIC].map(audience);
  rows.push(`| ${game} | ${events.length} | ${fmt(baseline)} | ${fmt(omniscient)} | ${(omniscient / baseline).toFixed(2)} | ${fmt(p1)} | ${fmt(p2)} | ${fmt(spectators)} | ${(Math.min(p1, p2, spectators) / baseline).toFixed(2)} |`);
}

console.log(`node ${process.version}, ${require('os').cpus().length} cores, median of 9 runs of ${REPEAT} folds each\n`);
console.log('| game | events | naive mutable fold (baseline) ev/s | omniscient fold ev/s | omniscient / baseline | p1 observe+view ev/s | p2 observe+view ev/s | public observe+view ev/s | slowest audience / baseline |');
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
