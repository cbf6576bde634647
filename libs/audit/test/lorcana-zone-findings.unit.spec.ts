import { MatchEvent } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { ruleFindings } from '../src/findings';

/** Issue 36 §1: the Lorcana zone rules added to the audit, where they accuse and where they must not. */
const codesOf = (events: readonly MatchEvent[]) => ruleFindings(events).map((f) => `${f.code}@${f.revision}`);

/** The event recorded at second `s` of the match: events of one second are one moment (lorcana/moment.ts). */
const when = <E extends MatchEvent>(e: E, s: number): E => ({ ...e, meta: { recordedBy: 'test-recorder', recordedAt: `2026-11-21T10:00:${String(s).padStart(2, '0')}.000Z` } });

const lorcana = () =>
  created('lorcana', [
    ...cards('p1', 'deck', ['Ariel - On Human Legs', 'Stitch - Rock Star', 'Elsa - Snow Queen']),
    ...cards('p1', 'hand', ['Hades - King of Olympus', 'Mickey Mouse - True Friend']),
    ...cards('p1', 'play', ['Lyle Tiberius Rourke - Cunning Mercenary']),
    ...cards('p2', 'deck', ['Moana - Of Motunui', 'Maui - Hero to All', 'Be Prepared']),
    ...cards('p2', 'hand', ['Goofy - Musketeer']),
  ]);
const start = () => [when(lorcana(), 0), when(event('TurnStarted', { player: 'p1', turn: 1 }), 1)];

describe('Lorcana 7.5.2: ink enters ready', () => {
  const ink = (s: number) => when(move('p1-hand-0', at('hand', 'p1'), at('inkwell', 'p1'), { reason: 'inked' }), s);
  const exert = (s: number) => when(event('CardStatusChanged', { cardId: 'p1-hand-0', exerted: true }), s);

  it('exerted in the moment it entered: INKED_EXERTED at the exert', () => {
    expect(codesOf([...start(), ink(2), exert(2), when(event('TurnStarted', { player: 'p2', turn: 2 }), 3)])).toEqual(['INKED_EXERTED@4']);
  });

  it('exerted in a later moment (ink paid with it), or in a moment an effect acts in: no finding', () => {
    expect(codesOf([...start(), ink(2), exert(3)])).toEqual([]);
    const effect = when(event('EffectStarted', { effectId: 'fx', player: 'p1', kind: 'ability', sourceCardId: 'p1-play-0' }), 2);
    expect(codesOf([...start(), effect, ink(2), exert(2)])).toEqual([]);
    // an effect's card from play into the inkwell exerted, an action played in the same moment (tcg.online's g03)
    expect(
      codesOf([...start(), when(move('p1-play-0', at('play', 'p1'), at('inkwell', 'p1')), 2), when(event('CardStatusChanged', { cardId: 'p1-play-0', exerted: true }), 2)]),
    ).toEqual([]);
    // a card played between the entry and the exert: the exert pays for it
    expect(codesOf([...start(), ink(2), when(move('p1-hand-1', at('hand', 'p1'), at('play', 'p1')), 2), exert(2)])).toEqual([]);
  });
});

describe("Lorcana 7.1.3: a reveal to one player of another player's private cards is that player's look", () => {
  const shown = (s: number) => when(event('CardsRevealed', { cardIds: ['p2-deck-0', 'p2-deck-1'], to: ['p1'] }), s);

  it('with no effect in its moment: LOOK_WITHOUT_EFFECT, the looker and the owner named', () => {
    const findings = ruleFindings([...start(), shown(2)]);
    expect(findings.map((f) => [f.code, f.rule, f.revision, f.players])).toEqual([['LOOK_WITHOUT_EFFECT', 'lorcana 7.1.3', 3, ['p1', 'p2']]]);
  });

  it('an effect acting in the same moment (before the reveal or after it), a reveal to everyone, or of cards the player may see: no finding', () => {
    const started = when(event('EffectStarted', { effectId: 'fx', player: 'p1', kind: 'action', sourceCardId: 'p1-play-0' }), 2);
    expect(codesOf([...start(), started, shown(2)])).toEqual([]);
    expect(codesOf([...start(), shown(2), started])).toEqual([]);
    expect(codesOf([...start(), shown(2), when(started, 3)])).toEqual(['LOOK_WITHOUT_EFFECT@3']);
    expect(codesOf([...start(), when(event('CardsRevealed', { cardIds: ['p2-deck-0'] }), 2)])).toEqual([]);
    expect(codesOf([...start(), when(event('CardsRevealed', { cardIds: ['p1-hand-0'], to: ['p1'] }), 2)])).toEqual([]);
  });
});

describe('the moment: an action played is an effect acting (7.4.1), even where the log records no effect', () => {
  it("a reveal to one player of the opponent's deck, in the moment an action leaves its player's hand, is no finding", () => {
    const withAction = created('lorcana', [
      ...cards('p1', 'hand', ['Be Prepared']).map((card) => ({ ...card, printed: { type: 'Action' } })),
      ...cards('p1', 'hand', ['Hades - King of Olympus'], 'p1-other').map((card) => ({ ...card, printed: { type: 'Character' } })),
      ...cards('p2', 'deck', ['Moana - Of Motunui']),
    ]);
    const reveal = when(event('CardsRevealed', { cardIds: ['p2-deck-0'], to: ['p1'] }), 2);
    const start = [when(withAction, 0), when(event('TurnStarted', { player: 'p1', turn: 1 }), 1)];
    expect(codesOf([...start, when(move('p1-hand-0', at('hand', 'p1'), at('discard', 'p1'), { position: 'top' }), 2), reveal])).toEqual([]);
    expect(codesOf([...start, when(move('p1-other-0', at('hand', 'p1'), at('play', 'p1')), 2), reveal])).toEqual(['LOOK_WITHOUT_EFFECT@4']);
  });
});

describe('Lorcana 7.2.1 and 7.4.1: whose deck a player draws from, whose Play zone a card is played into', () => {
  it("a draw from the opponent's deck, and a card played into the opponent's Play zone, are findings; with an effect named they are not", () => {
    const events = [
      ...start(),
      when(move('p2-deck-0', at('deck', 'p2'), at('hand', 'p1'), { reason: 'drawn' }), 2),
      when(move('p1-hand-0', at('hand', 'p1'), at('play', 'p2'), { reason: 'played' }), 3),
      when(move('p2-deck-1', at('deck', 'p2'), at('hand', 'p1'), { source: 'p1-play-0' }), 4),
      when(move('p1-hand-1', at('hand', 'p1'), at('play', 'p2'), { source: 'p1-play-0' }), 5),
    ];
    const findings = ruleFindings(events);
    expect(findings.map((f) => [f.code, f.rule, f.revision, f.players])).toEqual([
      ['DRAWN_FROM_OTHER_DECK', 'lorcana 7.2.1', 3, ['p1', 'p2']],
      ['PLAYED_INTO_OPPONENT_PLAY', 'lorcana 7.4.1', 4, ['p1', 'p2']],
    ]);
  });
});

describe('Lorcana 7.2.2, 7.5.4, 7.6.2: the faces kept at all times', () => {
  it('a deck card or an ink card turned face up, a card put face down into a discard: one finding each; the right faces give none', () => {
    const events = [
      ...start(),
      when(event('CardStatusChanged', { cardId: 'p1-deck-2', faceDown: false }), 2),
      when(move('p1-hand-0', at('hand', 'p1'), at('inkwell', 'p1')), 3),
      when(event('CardStatusChanged', { cardId: 'p1-hand-0', faceDown: false }), 4),
      when(move('p1-hand-1', at('hand', 'p1'), at('discard', 'p1'), { position: 'top', faceDown: true }), 5),
      when(move('p1-play-0', at('play', 'p1'), at('discard', 'p1'), { position: 'top' }), 6),
      when(move('p2-hand-0', at('hand', 'p2'), at('deck', 'p2'), { position: 'bottom' }), 7),
    ];
    expect(codesOf(events)).toEqual(['DECK_CARD_FACE_UP@3', 'INK_CARD_FACE_UP@5', 'DISCARD_CARD_FACE_DOWN@6']);
  });
});

describe('Lorcana 7.4.2.1: face-down cards in play are private information', () => {
  it('a look at a face-down card in play with no effect is LOOK_WITHOUT_EFFECT; the same card face up may be looked at', () => {
    const under = when(move('p1-deck-0', at('deck', 'p1'), at('play', 'p1'), { faceDown: true, source: 'p1-play-0' }), 2);
    const look = (s: number) => when(event('CardsLookedAt', { player: 'p2', cardIds: ['p1-deck-0'] }), s);
    expect(codesOf([...start(), under, look(3)])).toEqual(['LOOK_WITHOUT_EFFECT@4']);
    expect(codesOf([...start(), under, when(event('CardStatusChanged', { cardId: 'p1-deck-0', faceDown: false }), 3), look(4)])).toEqual([]);
  });
});
