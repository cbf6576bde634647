import { AudienceView, JUDGE, JudgeView, MatchEvent, PUBLIC, Replay, emptyMatch, validate } from '@matchlog/domain';
import { cards, created, event, move } from '@matchlog/testkit';
import { foldValid } from './support/given';
import { p1Hand, p1Play } from './support/tables';

const ARIEL = { cost: 4, ink: 'Amber', inkable: true, type: 'Character', lore: 1, strength: 3, willpower: 4 };

/** p1's hand holds Ariel, with her printed facts, and a card without any. */
const table = () => {
  const [ariel, other] = cards('p1', 'hand', ['Ariel - On Human Legs', 'Be Prepared']);
  return created('lorcana', [{ ...ariel, printed: ARIEL }, other, ...cards('p2', 'hand', ['Moana - Of Motunui'])]);
};
const viewOf = (audience: string, ...events: MatchEvent[]) => {
  foldValid(events);
  return new Replay(events).viewAt(audience) as AudienceView;
};
const observationsOf = (audience: string, ...events: MatchEvent[]) => JSON.stringify(new Replay(events).observations(audience));

describe("a card's printed facts travel with its definition, never without it", () => {
  it('the owner, who can identify the card in hand, sees its facts', () => {
    const ariel = viewOf('p1', table()).zones['hand@p1'].cards.find((card) => card.definition === 'Ariel - On Human Legs');
    expect(ariel?.printed).toEqual(ARIEL);
  });

  it('a hidden card carries no facts: not in the view, not in any observation', () => {
    for (const audience of ['p2', PUBLIC]) {
      const hand = viewOf(audience, table()).zones['hand@p1'].cards;
      expect(hand.every((card) => card.definition === undefined && card.printed === undefined)).toBe(true);
      expect(observationsOf(audience, table())).not.toContain('Amber');
    }
  });

  it('once played face up, everyone sees the facts; played face down, no one but its owner', () => {
    const played = move('p1-hand-0', p1Hand, p1Play);
    for (const audience of ['p2', PUBLIC]) expect(viewOf(audience, table(), played).zones['play@p1'].cards[0].printed).toEqual(ARIEL);
    const faceDown = move('p1-hand-0', p1Hand, p1Play, { faceDown: true });
    expect(viewOf(PUBLIC, table(), faceDown).zones['play@p1'].cards[0].printed).toBeUndefined();
    expect(observationsOf(PUBLIC, table(), faceDown)).not.toContain('Amber');
  });

  it('the judge sees every card with its facts', () => {
    const judge = new Replay([table()]).viewAt(JUDGE) as JudgeView;
    expect(judge.zones['hand@p1'].cards.find((card) => card.cardId === 'p1-hand-0')?.printed).toEqual(ARIEL);
  });

  it('facts outside what a card prints are refused', () => {
    const [card] = cards('p1', 'hand', ['Ariel - On Human Legs']);
    const bad = created('lorcana', [{ ...card, printed: { cost: -1 } }]);
    const extra = event('MatchCreated', { ...table().data, cards: [{ ...card, printed: { colour: 'red' } as never }] });
    for (const created of [bad, extra]) expect(validate(emptyMatch, created)).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT' } });
  });
});
