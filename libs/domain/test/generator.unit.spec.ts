import { GameId, JUDGE, Replay, emptyMatch, validateBatch } from '@matchlog/domain';
import fc from 'fast-check';
import { randomMatch } from '@matchlog/testkit';
import { twinFor } from './support/twin';

const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];

describe('the random match generator the property tests stand on', () => {
  it.each(games)('%s: makes long legal matches whose twins are legal and differ for the judge', (game) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 120, maxLength: 160 }), fc.nat(), (choices, shift) => {
        const events = randomMatch(game, choices);
        expect(events.length).toBeGreaterThan(100);
        expect(validateBatch(emptyMatch, events).ok).toBe(true);
        const twin = twinFor(events, 'p2', shift);
        expect(validateBatch(emptyMatch, twin.events).ok).toBe(true);
        expect(twin.hidden.length).toBeGreaterThan(1);
        const judge = (e: typeof events) => JSON.stringify(new Replay(e).observations(JUDGE));
        expect(judge(twin.events)).not.toBe(judge(events));
      }),
      { numRuns: 20 },
    );
  });
});
