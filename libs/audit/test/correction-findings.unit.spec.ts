import { MatchEvent } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { ruleFindings } from '../src/findings';

const table = () => created('lorcana', cards('p1', 'deck', ['Elsa - Snow Queen', 'Be Prepared', 'Moana - Of Motunui']));

/** A card named when revealed: the unseen draw goes back to where Moana lay, Moana takes its place in the hand. */
const naming = (drawId: string | undefined) =>
  event('CardsMoved', {
    moves: [
      { cardId: 'p1-deck-2', from: at('deck', 'p1'), to: at('hand', 'p1') },
      { cardId: 'p1-deck-0', from: at('hand', 'p1'), to: at('deck', 'p1'), position: 1 },
    ],
    ...(drawId !== undefined && { corrects: drawId }),
  });

const codes = (events: MatchEvent[]) => ruleFindings(events).map((f) => [f.code, f.severity, f.revision]);

describe('corrections in the audit', () => {
  it('a correction is a note naming the event it corrects, in English and Spanish, not a deck-order violation (lorcana 7.2.2 is about players)', () => {
    const drew = move('p1-deck-0', at('deck', 'p1'), at('hand', 'p1'));
    const events = [table(), drew, naming(drew.id)];
    expect(codes(events)).toEqual([['CORRECTION', 'warning', 3]]);
    expect(ruleFindings(events)[0].message).toBe(`Correction of #2: this CardsMoved undoes event ${drew.id}; the log keeps both.`);
    expect(ruleFindings(events, { language: 'es' })[0].message).toMatch(/^Corrección de #2: /);
    // the same moves, no correction: a card taken from below the top of the deck
    expect(codes([table(), drew, naming(undefined)])).toEqual([['DECK_ORDER_CHANGED', 'violation', 3]]);
  });

  it('a correction naming no earlier event of the log is a violation', () => {
    const later = event('CounterChanged', { counter: 'lore', player: 'p1', by: 1 });
    const events = [table(), event('CounterChanged', { counter: 'lore', player: 'p1', to: 0, corrects: later.id }), later];
    expect(codes(events)).toEqual([['CORRECTION_OF_UNKNOWN_EVENT', 'violation', 2]]);
  });
});
