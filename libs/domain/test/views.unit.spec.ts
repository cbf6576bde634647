import { AudienceView, MatchEvent, PUBLIC, Replay, SeenCard } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { foldValid } from './support/given';
import { lorcanaTable, p1Deck, p1Discard, p1Hand, p1Ink, p1Play, p2Play } from './support/tables';

const viewOf = (audience: string, ...events: MatchEvent[]) => {
  foldValid(events);
  return new Replay(events).viewAt(audience) as AudienceView;
};
const zone = (view: AudienceView, key: string): readonly SeenCard[] => view.zones[key].cards;
const definitions = (view: AudienceView, key: string) => zone(view, key).map((card) => card.definition ?? '?');
const lastObservation = (audience: string, ...events: MatchEvent[]) => new Replay(events).observations(audience).at(-1)!.observation;

const table = lorcanaTable();
const draw = move('p1-deck-0', p1Deck, p1Hand);

describe('what each audience perceives of a draw (7.1.3, 7.3.2)', () => {
  it('the drawing player sees the card; the opponent and spectators see that a card was drawn', () => {
    expect(lastObservation('p1', table, draw)).toMatchObject({ type: 'CardMoved', move: { card: { definition: 'Ariel - On Human Legs' } } });
    for (const audience of ['p2', PUBLIC]) {
      const observed = lastObservation(audience, table, draw);
      expect(observed).toMatchObject({ type: 'CardMoved', move: { from: p1Deck, to: p1Hand } });
      expect(JSON.stringify(observed)).not.toContain('Ariel');
    }
  });

  it('the deck keeps a count and a handle per position, with no definitions, for everyone (7.2.2)', () => {
    for (const audience of ['p1', 'p2', PUBLIC]) {
      const deck = viewOf(audience, table, draw).zones['deck@p1'];
      expect(deck.count).toBe(3);
      expect(deck.cards.every((card) => card.definition === undefined && /^h\d+$/.test(card.handle))).toBe(true);
    }
  });

  it('each hand is known to its owner only (7.3.2)', () => {
    expect(definitions(viewOf('p1', table), 'hand@p1')).toEqual(['Be Prepared', 'Lyle Tiberius Rourke - Cunning Mercenary', 'Under the Sea']);
    expect(definitions(viewOf('p2', table), 'hand@p1')).toEqual(['?', '?', '?']);
    expect(definitions(viewOf('p1', table), 'hand@p2')).toEqual(['?', '?']);
  });
});

describe('cards played and moved', () => {
  it('a card played face up is seen by all (7.4.2)', () => {
    const play = move('p1-hand-1', p1Hand, p1Play);
    for (const audience of ['p1', 'p2', PUBLIC]) expect(definitions(viewOf(audience, table, play), 'play@p1')).toEqual(['Lyle Tiberius Rourke - Cunning Mercenary']);
  });

  it('a face-down move out of a hand is seen as "a card" by others', () => {
    const facedown = move('p1-hand-0', p1Hand, p1Play, { faceDown: true });
    expect(zone(viewOf('p2', table, facedown), 'play@p1')).toEqual([{ handle: expect.any(String), faceDown: true }]);
  });

  it('a card returned from play to hand stays identified to everyone', () => {
    const events = [table, move('p1-hand-1', p1Hand, p1Play), move('p1-hand-1', p1Play, p1Hand, { reason: 'returned' })];
    expect(definitions(viewOf('p2', ...events), 'hand@p1')).toContain('Lyle Tiberius Rourke - Cunning Mercenary');
    expect(definitions(viewOf(PUBLIC, ...events), 'hand@p1').filter((d) => d !== '?')).toEqual(['Lyle Tiberius Rourke - Cunning Mercenary']);
  });

  it('7.1.6: a card that leaves play loses damage and exertion; its status in play is public (7.4.2)', () => {
    const hurt = event('CardStatusChanged', { cardId: 'p1-hand-1', exerted: true, damage: 2 });
    const inPlay = viewOf('p2', table, move('p1-hand-1', p1Hand, p1Play), hurt);
    expect(zone(inPlay, 'play@p1')[0]).toMatchObject({ exerted: true, damage: 2 });
    const banished = viewOf('p2', table, move('p1-hand-1', p1Hand, p1Play), hurt, move('p1-hand-1', p1Play, p1Discard));
    expect(zone(banished, 'discard@p1')[0]).toEqual({ handle: zone(inPlay, 'play@p1')[0].handle, definition: 'Lyle Tiberius Rourke - Cunning Mercenary' });
  });

  it('7.4.2.1: a card turned face down in play is private again, even to those who saw it', () => {
    const events = [table, move('p1-hand-1', p1Hand, p1Play), event('CardStatusChanged', { cardId: 'p1-hand-1', faceDown: true })];
    for (const audience of ['p1', 'p2', PUBLIC]) expect(zone(viewOf(audience, ...events), 'play@p1')[0]).toEqual({ handle: expect.any(String), faceDown: true });
  });
});

describe('the inkwell is private, even to its owner (7.1.3.1, 7.5.4)', () => {
  const ink = move('p1-hand-0', p1Hand, p1Ink, { faceDown: true });

  it('nobody sees what was inked, not even the player who inked it; the count and status are public', () => {
    const exert = event('CardStatusChanged', { cardId: 'p1-hand-0', exerted: true });
    for (const audience of ['p1', 'p2', PUBLIC]) {
      const inkwell = viewOf(audience, table, ink, exert).zones['inkwell@p1'];
      expect(inkwell.count).toBe(1);
      expect(inkwell.cards[0]).toEqual({ handle: expect.any(String), exerted: true });
    }
  });

  it('7.5.6: a card an effect puts there from play is not revealed, even though everyone saw it in play', () => {
    const events = [table, move('p1-hand-1', p1Hand, p1Play), move('p1-hand-1', p1Play, p1Ink, { faceDown: true })];
    for (const audience of ['p1', 'p2', PUBLIC]) expect(definitions(viewOf(audience, ...events), 'inkwell@p1')).toEqual(['?']);
  });
});

describe('knowledge the rules give', () => {
  it('7.2.3 Under the Sea: face-up characters put on the bottom of the deck in a known order are known to all, until a shuffle', () => {
    const setup = created('lorcana', [
      ...cards('p1', 'deck', ['Deck A', 'Deck B']),
      ...cards('p1', 'play', ['Shifted Beast', 'Shifted Gaston']),
      ...cards('p2', 'hand', ['Under the Sea']),
    ]);
    const underTheSea = event('CardsMoved', {
      moves: [
        { cardId: 'p1-play-1', from: p1Play, to: p1Deck, position: 'bottom', reason: 'Under the Sea', source: 'p2-hand-0' },
        { cardId: 'p1-play-0', from: p1Play, to: p1Deck, position: 'bottom', reason: 'Under the Sea', source: 'p2-hand-0' },
      ],
    });
    for (const audience of ['p1', 'p2', PUBLIC]) {
      expect(definitions(viewOf(audience, setup, underTheSea), 'deck@p1')).toEqual(['?', '?', 'Shifted Gaston', 'Shifted Beast']);
    }
    const shuffled = event('ZoneShuffled', { zone: p1Deck, order: ['p1-play-0', 'p1-deck-0', 'p1-play-1', 'p1-deck-1'] });
    expect(definitions(viewOf('p2', setup, underTheSea, shuffled), 'deck@p1')).toEqual(['?', '?', '?', '?']);
  });

  it('after CardsLookedAt, the looker knows those positions and nobody else does', () => {
    const look = event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0', 'p1-deck-1'], source: 'p1-hand-1' });
    expect(definitions(viewOf('p1', table, look), 'deck@p1')).toEqual(['Ariel - On Human Legs', 'Stitch - Rock Star', '?', '?']);
    expect(definitions(viewOf('p2', table, look), 'deck@p1')).toEqual(['?', '?', '?', '?']);
    expect(lastObservation('p2', table, look)).toMatchObject({ type: 'CardsLookedAt', player: 'p1', cards: [{ handle: 'h1' }, { handle: 'h2' }] });
  });

  it('a card revealed to one player is known to that player only', () => {
    const reveal = event('CardsRevealed', { cardIds: ['p1-hand-2'], to: ['p2'] });
    expect(definitions(viewOf('p2', table, reveal), 'hand@p1')).toEqual(['Under the Sea', '?', '?']); // known cards first: handles say nothing of where in the hand (7.3.2)
    expect(definitions(viewOf(PUBLIC, table, reveal), 'hand@p1')).toEqual(['?', '?', '?']);
  });

  it('a search finds a card for the searcher; a failed search finds nothing (7.1.4)', () => {
    const search = event('SearchPerformed', { player: 'p1', zone: p1Deck, criteria: 'a Princess', found: 'p1-deck-2' });
    expect(definitions(viewOf('p1', table, search), 'deck@p1')).toEqual(['?', '?', 'Mickey Mouse - Brave Little Tailor', '?']);
    expect(lastObservation('p2', table, search)).toEqual({ type: 'SearchPerformed', player: 'p1', zone: p1Deck, criteria: 'a Princess', found: { handle: 'h3' } });
    expect(lastObservation('p2', table, event('SearchPerformed', { player: 'p1', zone: p1Deck, found: null }))).toMatchObject({ found: null });
  });
});

describe('handles', () => {
  it('are renewed for every card of a shuffled zone, in position order, and never reused', () => {
    const before = viewOf('p2', table).zones['deck@p1'].cards.map((card) => card.handle);
    const shuffle = event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-2', 'p1-deck-0', 'p1-deck-3', 'p1-deck-1'] });
    const after = viewOf('p2', table, shuffle).zones['deck@p1'].cards.map((card) => card.handle);
    expect(after.filter((handle) => before.includes(handle))).toEqual([]);
    expect(after.map((handle) => Number(handle.slice(1)))).toEqual([...after.map((handle) => Number(handle.slice(1)))].sort((a, b) => a - b));
  });

  it('are renewed for cards put face down into a deck together in any order, and the looker who chose the order keeps them', () => {
    const bottom = event('CardsMoved', { moves: ['p1-hand-0', 'p1-hand-2'].map((cardId) => ({ cardId, from: p1Hand, to: p1Deck, position: 'bottom' as const })) });
    const reveal = event('CardsRevealed', { cardIds: ['p1-hand-0'] });
    const p2Before = viewOf('p2', table, reveal).zones['hand@p1'].cards.map((card) => card.handle);
    const p2After = viewOf('p2', table, reveal, bottom).zones['deck@p1'].cards;
    expect(p2After.slice(4).map((card) => card.definition)).toEqual([undefined, undefined]);
    expect(p2After.slice(4).filter((card) => p2Before.includes(card.handle))).toEqual([]);
    expect(definitions(viewOf('p1', table, reveal, bottom), 'deck@p1').slice(4)).toEqual(['Be Prepared', 'Under the Sea']);
  });

  it('never show the recorder card id to anyone but the judge', () => {
    const events = [table, draw, move('p1-hand-1', p1Hand, p1Play), move('p1-hand-1', p1Play, p2Play)];
    for (const audience of ['p1', 'p2', PUBLIC]) expect(JSON.stringify(new Replay(events).observations(audience))).not.toMatch(/p[12]-(deck|hand)-\d/);
    expect(JSON.stringify(new Replay(events).viewAt('judge'))).toContain('p1-hand-1');
  });
});

describe('Grand Archive per-card visibility', () => {
  const ga = created('grand-archive', [...cards('p1', 'hand', ['Lorraine, Wandering Warrior', 'Polaris']), ...cards('p2', 'field', ['Tristan'])]);
  const field = at('field', 'p1');

  it('a controller may look at its own face-down card on the field; the opponent may not', () => {
    const set = move('p1-hand-0', at('hand', 'p1'), field, { faceDown: true });
    expect(definitions(viewOf('p1', ga, set), 'field@p1')).toEqual(['Lorraine, Wandering Warrior']);
    expect(definitions(viewOf('p2', ga, set), 'field@p1')).toEqual(['?']);
  });

  it('after control of a face-down card changes, neither its owner nor its former controller may look at it', () => {
    const set = move('p1-hand-0', at('hand', 'p1'), field, { faceDown: true });
    const stolen = event('ControlChanged', { cardId: 'p1-hand-0', controller: 'p2' });
    expect(definitions(viewOf('p1', ga, set, stolen), 'field@p1')).toEqual(['?']);
    expect(definitions(viewOf('p2', ga, set, stolen), 'field@p1')).toEqual(['Lorraine, Wandering Warrior']); // the new controller may look
    const faceUp = move('p1-hand-1', at('hand', 'p1'), field);
    expect(definitions(viewOf('p1', ga, faceUp, event('ControlChanged', { cardId: 'p1-hand-1', controller: 'p2' })), 'field@p1')).toEqual(['Polaris']);
  });

  it('unknown face-down cards in banishment may not be looked at, even by their controller', () => {
    const banish = move('p1-hand-0', at('hand', 'p1'), at('banishment', 'p1'), { faceDown: true });
    const facedownLater = move('p2-field-0', at('field', 'p2'), at('banishment', 'p2'), { faceDown: true });
    expect(definitions(viewOf('p2', ga, facedownLater), 'banishment@p2')).toEqual(['Tristan']); // seen while public: retained
    expect(definitions(viewOf(PUBLIC, ga, banish), 'banishment@p1')).toEqual(['?']);
    expect(definitions(viewOf('p1', ga, banish), 'banishment@p1')).toEqual(['Lorraine, Wandering Warrior']); // knew it in hand: retained
  });
});
