import { GameId, emptyMatch, validateBatch } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';
import { medianMs } from './measure';

/**
 * npm run bench:validate — µs per event of the domain's validation (shape and rules) over a generated
 * 1,000-event match per game, validated as one batch: medians of 9 runs.
 */
const EVENTS = 1000;
const REPEAT = 10;
const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);

for (const game of ['lorcana', 'four-souls', 'grand-archive'] as GameId[]) {
  const events = randomMatch(game, choices, EVENTS - 1);
  if (!validateBatch(emptyMatch, events).ok) throw new Error(`${game}: the generated match is not valid`);
  const ms = medianMs(() => {
    for (let r = 0; r < REPEAT; r++) validateBatch(emptyMatch, events);
  });
  console.log(`${game.padEnd(14)} ${((ms * 1000) / (events.length * REPEAT)).toFixed(2)} µs/event (validate + evolve)`);
}
