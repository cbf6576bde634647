import { AudienceView, BROADCAST, GameId, MatchEvent, PUBLIC, Replay, StartingCard } from '@matchlog/domain';
import fc from 'fast-check';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { foldValid } from '../../domain/test/support/given';
import { randomMatch } from '@matchlog/testkit';
import { lorcanaTableWithBroadcast, p1Deck, p1Hand, p1Ink, p1Play, p2Deck, p2Hand, p2Play } from '../../domain/test/support/tables';
import { AuditInputError } from '../src/knowledge/errors';
import { KnowledgeInterval, KnowledgeLedger, knowledgeLedger } from '../src/knowledge/ledger';
import { knowledgeAt } from '../src/knowledge/report';

const ledgerOf = (...events: MatchEvent[]): KnowledgeLedger => {
  foldValid(events);
  return knowledgeLedger(events);
};
const intervals = (ledger: KnowledgeLedger, audience: string, cardId: string): KnowledgeInterval[] =>
  ledger.intervals.filter((i) => i.audience === audience && i.cardId === cardId);
const only = (ledger: KnowledgeLedger, audience: string, cardId: string): KnowledgeInterval => {
  const found = intervals(ledger, audience, cardId);
  expect(found).toHaveLength(1);
  return found[0];
};

// a match with a broadcast, so the ledger follows it too (a match without one has no broadcast audience: broadcast-knowledge.unit.spec.ts)
const table = lorcanaTableWithBroadcast();

describe('knowledge ledger: how an audience learns a card', () => {
  it('a draw (7.2.2 deck private, 7.3.2 hand): the drawer learns the card at that revision; nobody else does', () => {
    const draw = move('p1-deck-0', p1Deck, p1Hand);
    const ledger = ledgerOf(table, draw);
    expect(only(ledger, 'p1', 'p1-deck-0')).toEqual({
      audience: 'p1',
      cardId: 'p1-deck-0',
      definition: 'Ariel - On Human Legs',
      learned: { revision: 2, eventId: draw.id, eventType: 'CardMoved', zone: 'hand@p1', from: 'deck@p1', how: 'drew' },
      lost: null,
    });
    expect(intervals(ledger, 'p2', 'p1-deck-0')).toEqual([]);
    expect(intervals(ledger, PUBLIC, 'p1-deck-0')).toEqual([]);
    expect(only(ledger, 'p1', 'p1-hand-2').learned).toMatchObject({ revision: 1, eventId: table.id, how: 'own-zone', zone: 'hand@p1' });
    expect(intervals(ledger, 'p2', 'p1-hand-2')).toEqual([]);
  });

  it('a look at the top of the deck names its source; only the looker learns the cards', () => {
    const play = move('p1-hand-1', p1Hand, p1Play);
    const look = event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0', 'p1-deck-1'], source: 'p1-hand-1' });
    const ledger = ledgerOf(table, play, look);
    for (const cardId of ['p1-deck-0', 'p1-deck-1']) {
      expect(only(ledger, 'p1', cardId).learned).toEqual({
        revision: 3,
        eventId: look.id,
        eventType: 'CardsLookedAt',
        zone: 'deck@p1',
        how: 'looked-at',
        source: { cardId: 'p1-hand-1', definition: 'Lyle Tiberius Rourke - Cunning Mercenary' },
      });
      expect(intervals(ledger, 'p2', cardId)).toEqual([]);
    }
    expect(only(ledger, 'p2', 'p1-hand-1').learned).toMatchObject({ revision: 2, how: 'public-zone', zone: 'play@p1', from: 'hand@p1' });
  });

  it('a reveal to one player: that player learns it, spectators do not', () => {
    const reveal = event('CardsRevealed', { cardIds: ['p1-hand-0'], to: ['p2'] });
    const ledger = ledgerOf(table, reveal);
    expect(only(ledger, 'p2', 'p1-hand-0').learned).toEqual({ revision: 2, eventId: reveal.id, eventType: 'CardsRevealed', zone: 'hand@p1', how: 'revealed', to: ['p2'] });
    expect(intervals(ledger, PUBLIC, 'p1-hand-0')).toEqual([]);
  });

  it('a search: the searcher learns the card it found', () => {
    const search = event('SearchPerformed', { player: 'p1', zone: p1Deck, criteria: 'a character', found: 'p1-deck-2' });
    expect(only(ledgerOf(table, search), 'p1', 'p1-deck-2').learned).toMatchObject({ revision: 2, how: 'found', reason: 'a character', zone: 'deck@p1' });
  });
});

describe('knowledge ledger: how an audience loses track of a card', () => {
  it('7.2.3: face-up cards put on the bottom of a deck by Under the Sea stay known to all, until a shuffle', () => {
    const play0 = move('p2-hand-0', p2Hand, p2Play);
    const play1 = move('p2-hand-1', p2Hand, p2Play);
    const underTheSea = event('CardsMoved', {
      moves: ['p2-hand-0', 'p2-hand-1'].map((cardId) => ({ cardId, from: p2Play, to: p2Deck, position: 'bottom' as const, reason: 'Under the Sea', source: 'p1-hand-2' })),
    });
    const shuffle = event('ZoneShuffled', { zone: p2Deck, order: ['p2-hand-1', 'p2-deck-2', 'p2-deck-0', 'p2-hand-0', 'p2-deck-1'] });
    const events = [table, move('p1-hand-2', p1Hand, p1Play), play0, play1, underTheSea, shuffle];
    const ledger = ledgerOf(...events);
    for (const audience of ['p1', 'p2', PUBLIC]) {
      const known = only(ledger, audience, 'p2-hand-0');
      if (audience !== 'p2') expect(known.learned).toMatchObject({ revision: 3, how: 'public-zone', zone: 'play@p2' });
      expect(known.lost).toEqual({ revision: 6, eventId: shuffle.id, eventType: 'ZoneShuffled', zone: 'deck@p2', why: 'shuffle' });
    }
    const beforeShuffle = knowledgeAt(events, 5, ledger).decks.find((d) => d.zone === 'deck@p2')!;
    expect(beforeShuffle.positions.map((p) => [p.position, p.definition, p.knownTo])).toEqual([
      [0, 'Maleficent - Monstrous Dragon', []],
      [1, 'Jafar - Wicked Sorcerer', []],
      [2, 'Hades - Lord of the Underworld', []],
      [3, 'Moana - Of Motunui', ['p1', 'p2', PUBLIC, BROADCAST]],
      [4, 'Simba - Future King', ['p1', 'p2', PUBLIC, BROADCAST]],
    ]);
    expect(beforeShuffle.random).toEqual([0, 1, 2]);
    expect(knowledgeAt(events, 6, ledger).decks.find((d) => d.zone === 'deck@p2')!.random).toEqual([0, 1, 2, 3, 4]);
  });

  it('7.5.4: a card entering the inkwell is lost to everyone who knew it, its owner included', () => {
    const play = move('p1-hand-1', p1Hand, p1Play);
    const ink = move('p1-hand-1', p1Play, p1Ink, { faceDown: true });
    const inkFromHand = move('p1-hand-0', p1Hand, p1Ink, { faceDown: true });
    const ledger = ledgerOf(table, play, ink, inkFromHand);
    for (const audience of ['p1', 'p2', PUBLIC]) {
      expect(intervals(ledger, audience, 'p1-hand-1').at(-1)!.lost).toEqual({
        revision: 3,
        eventId: ink.id,
        eventType: 'CardMoved',
        zone: 'inkwell@p1',
        why: 'zone-rule',
        rule: 'lorcana 7.5.4',
      });
    }
    expect(only(ledger, 'p1', 'p1-hand-0').lost).toMatchObject({ revision: 4, why: 'zone-rule', rule: 'lorcana 7.5.4' });
  });

  it('7.4.2.1: a card turned face down in play is lost even to those who saw it', () => {
    const turn = event('CardStatusChanged', { cardId: 'p1-hand-1', faceDown: true });
    const ledger = ledgerOf(table, move('p1-hand-1', p1Hand, p1Play), turn);
    for (const audience of ['p1', 'p2', PUBLIC])
      expect(intervals(ledger, audience, 'p1-hand-1').at(-1)!.lost).toMatchObject({ revision: 3, why: 'face-down', rule: 'lorcana 7.4.2.1' });
  });

  it('a shuffle loses track of cards the looker knew in the deck', () => {
    const look = event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0', 'p1-deck-1'] });
    const shuffle = event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-3', 'p1-deck-1', 'p1-deck-0', 'p1-deck-2'] });
    const ledger = ledgerOf(table, look, shuffle);
    expect(only(ledger, 'p1', 'p1-deck-1')).toMatchObject({ learned: { revision: 2, how: 'looked-at' }, lost: { revision: 3, eventId: shuffle.id, why: 'shuffle' } });
  });

  it('7.2.3: cards put face down together on the bottom of a deck in an order the opponent could not see are lost to it; the player who arranged them keeps them', () => {
    const reveal = event('CardsRevealed', { cardIds: ['p1-deck-0', 'p1-deck-1'] });
    const bottom = event('CardsMoved', { moves: ['p1-deck-0', 'p1-deck-1'].map((cardId) => ({ cardId, from: p1Deck, to: p1Deck, position: 'bottom' as const })) });
    const ledger = ledgerOf(table, reveal, bottom);
    for (const audience of ['p2', PUBLIC]) expect(only(ledger, audience, 'p1-deck-0').lost).toMatchObject({ revision: 3, why: 'unseen-order', rule: 'lorcana 7.2.3' });
    expect(only(ledger, 'p1', 'p1-deck-0').lost).toBeNull();
    expect(knowledgeAt([table, reveal, bottom], 3, ledger).decks[0].knownPositions).toEqual({ p1: [2, 3], p2: [], public: [], broadcast: [2, 3] });
  });

  it('7.3.2: a revealed card that leaves the hand unseen, with others, is lost to the opponent, who cannot tell which card left', () => {
    const reveal = event('CardsRevealed', { cardIds: ['p1-hand-0', 'p1-hand-1'] });
    const bottom = event('CardsMoved', { moves: ['p1-hand-0', 'p1-hand-1'].map((cardId) => ({ cardId, from: p1Hand, to: p1Deck, position: 'bottom' as const })) });
    const ledger = ledgerOf(table, reveal, bottom);
    for (const audience of ['p2', PUBLIC]) expect(only(ledger, audience, 'p1-hand-0').lost).toMatchObject({ revision: 3, why: 'unseen-departure', rule: 'lorcana 7.3.2' });
    expect(only(ledger, 'p1', 'p1-hand-0').lost).toBeNull();
  });

  it('Grand Archive: after control of a face-down card changes, its owner and former controller lose it; the new controller may look at it', () => {
    const facedown: StartingCard = { cardId: 'ga-1', owner: 'p1', definition: 'Lorraine, Wandering Warrior', zone: at('field', 'p1'), faceDown: true };
    const control = event('ControlChanged', { cardId: 'ga-1', controller: 'p2' });
    const ledger = ledgerOf(created('grand-archive', [facedown, ...cards('p1', 'main-deck', ['Spark', 'Ember'])]), control);
    expect(only(ledger, 'p1', 'ga-1')).toMatchObject({
      learned: { revision: 1, how: 'own-zone' },
      lost: { revision: 2, why: 'control-change', rule: 'grand-archive Game Zones - Public vs Private Information' },
    });
    expect(only(ledger, 'p2', 'ga-1').learned).toMatchObject({ revision: 2, how: 'gained-control' });
    expect(intervals(ledger, PUBLIC, 'ga-1')).toEqual([]);
  });
});

describe('knowledge report at a revision', () => {
  const look = event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0', 'p1-deck-1'] });
  const events = [table, look];

  it('after CardsLookedAt of the top 2: per position who knows the card, with its definition; the rest is random', () => {
    const report = knowledgeAt(events, 2);
    expect(report).toMatchObject({ revision: 2, eventId: look.id, game: 'lorcana', players: ['p1', 'p2'], audiences: ['p1', 'p2', PUBLIC, BROADCAST] });
    const deck = report.decks.find((d) => d.zone === 'deck@p1')!;
    expect(deck.positions.map(({ position, cardId, definition, knownTo, random }) => ({ position, cardId, definition, knownTo, random }))).toEqual([
      { position: 0, cardId: 'p1-deck-0', definition: 'Ariel - On Human Legs', knownTo: ['p1', BROADCAST], random: false },
      { position: 1, cardId: 'p1-deck-1', definition: 'Stitch - Rock Star', knownTo: ['p1', BROADCAST], random: false },
      { position: 2, cardId: 'p1-deck-2', definition: 'Mickey Mouse - Brave Little Tailor', knownTo: [], random: true },
      { position: 3, cardId: 'p1-deck-3', definition: 'Elsa - Snow Queen', knownTo: [], random: true },
    ]);
    expect(deck.positions[0].knownBy).toEqual([
      { audience: 'p1', revision: 2, eventId: look.id, eventType: 'CardsLookedAt', zone: 'deck@p1', how: 'looked-at' },
      { audience: BROADCAST, revision: 2, eventId: look.id, eventType: 'CardsLookedAt', zone: 'deck@p1', how: 'looked-at' },
    ]);
    expect(deck.random).toEqual([2, 3]);
    expect(deck.knownPositions).toEqual({ p1: [0, 1], p2: [], public: [], broadcast: [0, 1] });
    expect(report.decks.find((d) => d.zone === 'deck@p2')!.random).toEqual([0, 1, 2]);
    expect(report.decks.map((d) => d.zone)).toEqual(['deck@p1', 'deck@p2']);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('at an earlier revision the look has not happened yet; at revision 0 there is no match', () => {
    expect(knowledgeAt(events, 1).decks[0].random).toEqual([0, 1, 2, 3]);
    expect(knowledgeAt(events, 0)).toEqual({ revision: 0, eventId: null, game: null, players: [], audiences: [], cards: [], decks: [] });
  });

  it('a card history shows a loss after the revision as not yet happened', () => {
    const shuffle = event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-3', 'p1-deck-1', 'p1-deck-0', 'p1-deck-2'] });
    const card = knowledgeAt([table, look, shuffle], 2).cards.find((c) => c.cardId === 'p1-deck-0')!;
    expect(card).toMatchObject({ zone: 'deck@p1', position: 0, knownTo: ['p1', BROADCAST] });
    expect(card.history).toEqual([expect.objectContaining({ audience: 'p1', lost: null }), expect.objectContaining({ audience: BROADCAST, lost: null })]);
  });

  it.each([-1, 1.5, 3, Number.NaN])('refuses the revision %p with an AuditInputError on "at"', (revision) => {
    expect(() => knowledgeAt(events, revision)).toThrow(AuditInputError);
    try {
      knowledgeAt(events, revision);
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_REVISION', path: 'at' });
    }
  });
});

describe('the ledger agrees with what views show', () => {
  const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
  it.each(games)('%s: at every 7th revision, each zone of each view shows exactly the definitions of the cards the ledger says the audience knows there', (game) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 120 }), (choices) => {
        const events = randomMatch(game, choices);
        const ledger = knowledgeLedger(events);
        const replay = new Replay(events);
        for (let revision = 1; revision <= events.length; revision += 7) {
          const report = knowledgeAt(events, revision, ledger);
          for (const audience of ledger.audiences) {
            const view = replay.viewAt(audience, revision) as AudienceView;
            for (const [key, zone] of Object.entries(view.zones)) {
              const shown = zone.cards.flatMap((c) => (c.definition === undefined ? [] : [c.definition])).sort();
              const known = report.cards
                .filter((c) => c.zone === key && c.knownTo.includes(audience))
                .map((c) => c.definition)
                .sort();
              expect([audience, revision, key, shown]).toEqual([audience, revision, key, known]);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
