import { EventDataByType, EventType, Observation, ObservationType, eventTypes, vocabulary } from '@matchlog/domain';
import { loadLanguage, setLanguage } from '../src/i18n';
import { sentenceOf } from '../src/sentence';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

const names: Record<string, string> = { p1: 'Ana Ortiz', p2: 'Ben Kowalski' };
const nameOf = (player: string) => names[player] ?? player;
const cardName = (id: string) => ({ c05: 'Yzma - Alchemist', c06: 'Be Prepared', c07: 'Tristan, Shadowreaver' })[id] ?? id;
const event = (type: string, data: object) => ({ id: 'e1', type, data });

/** One event of every type the domain knows: a type added to the vocabulary without one here fails to compile and fails below. */
const samples: { [T in EventType]: EventDataByType[T] } = {
  MatchCreated: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] },
  CardMoved: { cardId: 'c05', from: { zone: 'hand', player: 'p1' }, to: { zone: 'play', player: 'p1' } },
  CardsMoved: {
    moves: [
      { cardId: 'c05', from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
      { cardId: 'c06', from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
    ],
  },
  ZoneShuffled: { zone: { zone: 'deck', player: 'p1' }, order: ['c05', 'c06'] },
  CardsRevealed: { cardIds: ['c05'] },
  CardsLookedAt: { player: 'p2', cardIds: ['c05', 'c06'] },
  CardStatusChanged: { cardId: 'c05', exerted: true },
  ControlChanged: { cardId: 'c07', controller: 'p2' },
  TurnStarted: { player: 'p2', turn: 4 },
  EffectStarted: { effectId: 'x1', player: 'p1', kind: 'action', sourceCardId: 'c06' },
  EffectResolved: { effectId: 'x1' },
  TriggerAdded: { triggerId: 't1', player: 'p1', sourceCardId: 'c05', ability: 'Thanks For Volunteering' },
  TriggerResolved: { triggerId: 't1', player: 'p1' },
  TriggerRemoved: { triggerId: 't1', reason: 'fizzled' },
  SearchPerformed: { player: 'p1', zone: { zone: 'deck', player: 'p1' }, found: 'c06' },
  PlayerLeft: { player: 'p2' },
  MatchEnded: { winner: 'p1', reason: 'p1 reached 20 lore' },
  MatchVoided: { reason: 'recorded twice' },
  CounterChanged: { counter: 'lore', player: 'p1', by: 2 },
  TimeCalled: {},
  TimeExtended: { seconds: 120, reason: 'ruling' },
  JudgeCalled: { callId: 'k1', by: 'p2', at: 12, reason: 'missed trigger' },
  CallClaimed: { callId: 'k1', judge: 'Hugo' },
  CallEscalated: { callId: 'k1', judge: 'Hugo' },
  CallResolved: { callId: 'k1', judge: 'Hugo' },
  RulingGiven: { rulingId: 'r1', player: 'p1', infraction: 'Seeing Extra Cards', penalty: 'Warning', judge: 'Hugo' },
  JudgeNoted: { noteId: 'n1', at: 12, text: 'restarted', published: true },
};

const english: Record<EventType, string> = {
  MatchCreated: 'The match was created: Ana Ortiz vs Ben Kowalski',
  CardMoved: 'Ana Ortiz played Yzma - Alchemist',
  CardsMoved: 'Ana Ortiz drew 2 cards',
  ZoneShuffled: 'Ana Ortiz shuffled their deck',
  CardsRevealed: 'Revealed: Yzma - Alchemist',
  CardsLookedAt: 'Ben Kowalski looked at Yzma - Alchemist, Be Prepared',
  CardStatusChanged: 'Yzma - Alchemist is exerted',
  ControlChanged: 'Ben Kowalski took control of Tristan, Shadowreaver',
  TurnStarted: 'Turn 4: Ben Kowalski',
  EffectStarted: 'Ana Ortiz began an action of Be Prepared',
  EffectResolved: 'The effect resolved',
  TriggerAdded: "Ana Ortiz's Thanks For Volunteering was added from Yzma - Alchemist",
  TriggerResolved: 'Ana Ortiz resolved a triggered ability',
  TriggerRemoved: 'A triggered ability was removed (fizzled)',
  SearchPerformed: "Ana Ortiz searched Ana Ortiz's deck and found Be Prepared",
  PlayerLeft: 'Ben Kowalski left the match',
  MatchEnded: 'Ana Ortiz won (p1 reached 20 lore)',
  MatchVoided: 'The organizer voided the match (recorded twice)',
  CounterChanged: 'Ana Ortiz gained 2 lore',
  TimeCalled: 'Time was called',
  TimeExtended: 'Time extended by 2 min (ruling)',
  JudgeCalled: 'Ben Kowalski called a judge about revision 12 (missed trigger)',
  CallClaimed: 'A judge took the call',
  CallEscalated: 'The call went to the head judge',
  CallResolved: 'The call was resolved',
  RulingGiven: 'Ruling for Ana Ortiz: Seeing Extra Cards, Warning',
  JudgeNoted: "A judge's note on revision 12: restarted",
};

const spanish: Record<EventType, string> = {
  MatchCreated: 'Se creó la partida: Ana Ortiz contra Ben Kowalski',
  CardMoved: 'Ana Ortiz jugó Yzma - Alchemist',
  CardsMoved: 'Ana Ortiz robó 2 cartas',
  ZoneShuffled: 'Ana Ortiz barajó su mazo',
  CardsRevealed: 'Se revelaron: Yzma - Alchemist',
  CardsLookedAt: 'Ben Kowalski miró Yzma - Alchemist, Be Prepared',
  CardStatusChanged: 'Yzma - Alchemist está agotado',
  ControlChanged: 'Ben Kowalski tomó el control de Tristan, Shadowreaver',
  TurnStarted: 'Turno 4: Ben Kowalski',
  EffectStarted: 'Ana Ortiz empezó una acción de Be Prepared',
  EffectResolved: 'El efecto se resolvió',
  TriggerAdded: 'Se añadió Thanks For Volunteering de Ana Ortiz de Yzma - Alchemist',
  TriggerResolved: 'Ana Ortiz resolvió una habilidad disparada',
  TriggerRemoved: 'Se retiró una habilidad disparada (fizzled)',
  SearchPerformed: 'Ana Ortiz buscó en el mazo de Ana Ortiz y encontró Be Prepared',
  PlayerLeft: 'Ben Kowalski abandonó la partida',
  MatchEnded: 'Ana Ortiz ganó (p1 reached 20 lore)',
  MatchVoided: 'El organizador anuló la partida (recorded twice)',
  CounterChanged: 'Ana Ortiz ganó 2 de leyenda',
  TimeCalled: 'Se cantó tiempo',
  TimeExtended: 'Se añadieron 2 min de tiempo (ruling)',
  JudgeCalled: 'Ben Kowalski llamó a un juez sobre la revisión 12 (missed trigger)',
  CallClaimed: 'Un juez tomó la llamada',
  CallEscalated: 'La llamada pasó al juez principal',
  CallResolved: 'La llamada se resolvió',
  RulingGiven: 'Resolución para Ana Ortiz: Seeing Extra Cards, Warning',
  JudgeNoted: 'Nota de un juez sobre la revisión 12: restarted',
};

describe("the judge's log reads every event type as a sentence", () => {
  afterEach(() => setLanguage('en'));

  it('has a sample for every event type of the vocabulary', () => {
    expect(Object.keys(samples).sort()).toEqual([...eventTypes].sort());
    expect(Object.keys(vocabulary).sort()).toEqual([...eventTypes].sort());
  });

  it.each([...eventTypes])('%s reads as an English sentence, not its type name', (type) => {
    const sentence = sentenceOf(event(type, samples[type]), nameOf, cardName);
    expect(sentence).toBe(english[type]);
    expect(sentence).not.toContain(type);
    // no type name of any kind: no CamelCase word
    expect(sentence).not.toMatch(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/);
  });

  it.each([...eventTypes])('%s reads as a Spanish sentence', (type) => {
    setLanguage('es');
    const sentence = sentenceOf(event(type, samples[type]), nameOf, cardName);
    expect(sentence).toBe(spanish[type]);
    expect(sentence).not.toContain(type);
  });

  it('names the zones of every game in both languages and contracts "a el"', () => {
    const move = (from: object, to: object) => sentenceOf(event('CardMoved', { cardId: 'c07', from, to }), nameOf, cardName);
    expect(move({ zone: 'field', player: 'p1' }, { zone: 'graveyard', player: 'p1' })).toBe("Tristan, Shadowreaver moved from Ana Ortiz's field to Ana Ortiz's graveyard");
    expect(move({ zone: 'monster-slot', slot: 2 }, { zone: 'monster-discard' })).toBe('Tristan, Shadowreaver moved from monster slot 2 to the monster discard');
    expect(sentenceOf(event('ZoneShuffled', { zone: { zone: 'loot-deck' }, order: [] }), nameOf)).toBe('The loot deck was shuffled');
    setLanguage('es');
    expect(move({ zone: 'play', player: 'p1' }, { zone: 'discard', player: 'p1' })).toBe('Tristan, Shadowreaver fue al descarte de Ana Ortiz');
    expect(move({ zone: 'field', player: 'p1' }, { zone: 'effects-stack' })).toBe('Tristan, Shadowreaver pasó del campo de Ana Ortiz a la pila de efectos');
    expect(sentenceOf(event('ZoneShuffled', { zone: { zone: 'main-deck', player: 'p2' }, order: [] }), nameOf)).toBe('Ben Kowalski barajó su mazo principal');
    expect(sentenceOf(event('ZoneShuffled', { zone: { zone: 'loot-deck' }, order: [] }), nameOf)).toBe('Se barajó el mazo de botín');
  });

  it("says a judge's event that corrects an earlier one is a correction, naming the event it corrects, in both languages", () => {
    const fix = { id: 'e9', type: 'CounterChanged', data: { counter: 'lore', player: 'p1', to: 3, corrects: 'e4' } };
    const revisionOf = (id: string) => (id === 'e4' ? '#4' : id);
    expect(sentenceOf(fix, nameOf, cardName, revisionOf)).toBe("Correction of #4: Ana Ortiz's lore was set (now 3)");
    expect(
      sentenceOf(
        { ...fix, data: { cardId: 'c05', from: { zone: 'hand', player: 'p1' }, to: { zone: 'deck', player: 'p1' }, corrects: 'e2' }, type: 'CardMoved' },
        nameOf,
        cardName,
      ),
    ).toMatch(/^Correction of e2: Yzma - Alchemist moved from/);
    setLanguage('es');
    expect(sentenceOf(fix, nameOf, cardName, revisionOf)).toMatch(/^Corrección de #4: /);
  });

  it('reads a correction that puts cards back both ways as what went where, for the audiences that do not see the correction, never as "2 cards moved"', () => {
    const hand = { zone: 'hand', player: 'p1' };
    const deck = { zone: 'deck', player: 'p1' };
    // the public's and the other player's observation of a named draw's correction: two unnamed cards change places
    const unnamed = {
      type: 'CardsMoved',
      moves: [
        { from: deck, to: hand, card: { handle: 'h7' } },
        { from: hand, to: deck, card: { handle: 'h5' } },
      ],
    };
    expect(sentenceOf(unnamed, nameOf)).toBe("A card moved from Ana Ortiz's deck to Ana Ortiz's hand and a card moved from Ana Ortiz's hand to Ana Ortiz's deck");
    // the owner's: by name
    const named = {
      type: 'CardsMoved',
      moves: [
        { from: deck, to: hand, card: { handle: 'h3', definition: 'Moana - Of Motunui' } },
        { from: hand, to: deck, card: { handle: 'h1', definition: 'Elsa - Snow Queen' } },
      ],
    };
    expect(sentenceOf(named, nameOf)).toBe(
      "Moana - Of Motunui moved from Ana Ortiz's deck to Ana Ortiz's hand and Elsa - Snow Queen moved from Ana Ortiz's hand to Ana Ortiz's deck",
    );
    for (const o of [unnamed, named]) expect(sentenceOf(o, nameOf)).not.toMatch(/\d+ cards moved/);
    // cards that arrived unpaired say where they went
    expect(
      sentenceOf(
        {
          type: 'CardsMoved',
          moves: [],
          unseen: {
            left: [],
            arrived: [
              { zone: deck, index: 0, card: {} },
              { zone: deck, index: 1, card: {} },
            ],
          },
        },
        nameOf,
      ),
    ).toBe("2 cards went to Ana Ortiz's deck");
    setLanguage('es');
    expect(sentenceOf(unnamed, nameOf)).toBe('Una carta pasó del mazo de Ana Ortiz a la mano de Ana Ortiz y una carta pasó de la mano de Ana Ortiz al mazo de Ana Ortiz');
  });

  it("names the corrected event by its revision, as the recorder, the judge's log and the audit do", () => {
    const swap = {
      id: 'e9',
      type: 'CardsMoved',
      data: {
        moves: [
          { cardId: 'c05', from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
          { cardId: 'c06', from: { zone: 'hand', player: 'p1' }, to: { zone: 'deck', player: 'p1' }, position: 3 },
        ],
        corrects: 'e4',
      },
    };
    expect(sentenceOf(swap, nameOf, cardName, (id) => (id === 'e4' ? '#33' : id))).toBe(
      "Correction of #33: Yzma - Alchemist moved from Ana Ortiz's deck to Ana Ortiz's hand and Be Prepared moved from Ana Ortiz's hand to Ana Ortiz's deck",
    );
  });

  it('reads a type this viewer does not know as a sentence too (the raw type is left to the tooltip)', () => {
    expect(sentenceOf(event('SomethingNew', {}), nameOf)).toBe('An event this viewer cannot put in words yet');
  });
});

describe("the viewer's sentences for the other audiences' observations", () => {
  it.each([
    [{ type: 'CounterChanged', counter: 'lore', player: 'p1', value: 7, change: 2, reason: 'quested' }, 'Ana Ortiz gained 2 lore (now 7) — quested'],
    [{ type: 'CounterChanged', counter: 'lore', player: 'p2', value: 3, change: -1 }, 'Ben Kowalski lost 1 lore (now 3)'],
    [
      { type: 'CounterChanged', counter: 'buff', zone: { zone: 'field', player: 'p2' }, card: { handle: 'h9', definition: 'Tristan, Shadowreaver' }, value: 1, change: 1 },
      'Tristan, Shadowreaver gained 1 buff (now 1)',
    ],
    [{ type: 'TimeCalled', turn: 5 }, 'Time was called during turn 5'],
    [{ type: 'TimeExtended', seconds: 180, reason: 'judge call' }, 'Time extended by 3 min (judge call)'],
    [{ type: 'TimeExtended', seconds: 90, reason: 'judge call' }, 'Time extended by 90 s (judge call)'],
    [{ type: 'MatchEnded', draw: true, reason: 'no win condition after time' }, 'The game was a draw (no win condition after time)'],
    [{ type: 'MatchEnded', winner: 'p2', reason: 'p2 reached 20 lore' }, 'Ben Kowalski won (p2 reached 20 lore)'],
    [
      { type: 'CardStatusChanged', zone: { zone: 'play', player: 'p2' }, card: { handle: 'h3', definition: 'Lyle Tiberius Rourke - Cunning Mercenary', damage: 2 } },
      'Lyle Tiberius Rourke - Cunning Mercenary has 2 damage',
    ],
    [{ type: 'CardStatusChanged', zone: { zone: 'play', player: 'p1' }, card: { handle: 'h1', definition: 'Yzma - Alchemist', exerted: true } }, 'Yzma - Alchemist is exerted'],
    [{ type: 'ZoneShuffled', zone: { zone: 'deck', player: 'p1' }, cards: [] }, 'Ana Ortiz shuffled their deck'],
    [{ type: 'CardsLookedAt', player: 'p2', cards: [{ handle: 'h4' }], unnamed: 1 }, 'Ben Kowalski looked at 2 cards'],
    [{ type: 'CardMoved', move: { from: { zone: 'deck', player: 'p2' }, to: { zone: 'hand', player: 'p2' }, card: { handle: 'h5' } } }, 'Ben Kowalski drew a card'],
  ])('%j reads "%s"', (observation, sentence) => expect(sentenceOf(observation, nameOf)).toBe(sentence));

  it("reads the judge's events with the card's definition for its recorder id", () => {
    expect(sentenceOf(event('CardStatusChanged', { cardId: 'c05', exerted: false }), nameOf, cardName)).toBe('Yzma - Alchemist is ready');
    expect(sentenceOf(event('CounterChanged', { counter: 'lore', player: 'p1', to: 4 }), nameOf, cardName)).toBe("Ana Ortiz's lore was set (now 4)");
    expect(sentenceOf(event('MatchEnded', { draw: true, reason: 'time' }), nameOf, cardName)).toBe('The game was a draw (time)');
    expect(sentenceOf(event('SearchPerformed', { player: 'p2', zone: { zone: 'deck', player: 'p2' }, found: null }), nameOf, cardName)).toBe(
      "Ben Kowalski searched Ben Kowalski's deck and found nothing",
    );
  });
});

describe('every observation type, as the other audiences read it, is a sentence', () => {
  const p1Hand = { zone: 'hand', player: 'p1' };
  const p1Deck = { zone: 'deck', player: 'p1' };
  const yzma = { handle: 'h1', definition: 'Yzma - Alchemist' };
  /** one observation of every type the domain observes: a new one without a sample here fails to compile */
  const observations: { [T in ObservationType]: Extract<Observation, { type: T }> } = {
    MatchStarted: { type: 'MatchStarted', game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], zones: [] },
    CardMoved: { type: 'CardMoved', move: { from: p1Hand, to: { zone: 'play', player: 'p1' }, index: 0, card: yzma } },
    CardsMoved: {
      type: 'CardsMoved',
      moves: [],
      unseen: {
        left: [],
        arrived: [
          { zone: p1Deck, index: 0, card: { handle: 'h2' } },
          { zone: p1Deck, index: 1, card: { handle: 'h3' } },
        ],
      },
    },
    ZoneShuffled: { type: 'ZoneShuffled', zone: p1Deck, cards: [] },
    CardsRevealed: { type: 'CardsRevealed', cards: [yzma], to: ['p2'] },
    CardsLookedAt: { type: 'CardsLookedAt', player: 'p1', cards: [yzma] },
    CardStatusChanged: { type: 'CardStatusChanged', zone: p1Hand, card: { ...yzma, exerted: true } },
    ControlChanged: { type: 'ControlChanged', zone: p1Hand, card: yzma, controller: 'p2' },
    TurnStarted: { type: 'TurnStarted', player: 'p1', turn: 1 },
    EffectStarted: { type: 'EffectStarted', effectId: 'x', player: 'p1', kind: 'ability', source: yzma },
    EffectResolved: { type: 'EffectResolved', effectId: 'x' },
    TriggerAdded: { type: 'TriggerAdded', triggerId: 't', player: 'p1', ability: 'Thanks For Volunteering', kind: 'triggered' },
    TriggerResolved: { type: 'TriggerResolved', triggerId: 't', player: 'p1' },
    TriggerRemoved: { type: 'TriggerRemoved', triggerId: 't', reason: 'fizzled' },
    SearchPerformed: { type: 'SearchPerformed', player: 'p1', zone: p1Deck, found: null },
    PlayerLeft: { type: 'PlayerLeft', player: 'p2' },
    MatchEnded: { type: 'MatchEnded', winner: 'p1', reason: 'p2 conceded' },
    MatchVoided: { type: 'MatchVoided', reason: 'recorded twice' },
    CounterChanged: { type: 'CounterChanged', counter: 'lore', player: 'p1', value: 2, change: 2 },
    TimeCalled: { type: 'TimeCalled', turn: 3 },
    TimeExtended: { type: 'TimeExtended', seconds: 60, reason: 'ruling' },
    JudgeCalled: { type: 'JudgeCalled', callId: 'k1', by: 'p2', at: 4 },
    CallStatusChanged: { type: 'CallStatusChanged', callId: 'k1', status: 'claimed' },
    RulingGiven: { type: 'RulingGiven', rulingId: 'r1', player: 'p1', infraction: 'Seeing Extra Cards', penalty: 'Warning' },
    JudgeNoted: { type: 'JudgeNoted', noteId: 'n1', at: 4, text: 'restarted' },
    Nothing: { type: 'Nothing' },
  };
  const unknown = sentenceOf({ type: 'SomethingNew' }, nameOf);

  it.each(Object.values(observations).map((o) => [o.type, o] as const))('%s reads as a sentence of its own', (type, observation) => {
    const sentence = sentenceOf(observation, nameOf);
    expect(sentence).not.toBe(unknown);
    expect(sentence).not.toBe(type);
    expect(sentence).not.toMatch(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/);
    expect(sentence).toMatch(/^[A-Z0-9]/);
  });
});
