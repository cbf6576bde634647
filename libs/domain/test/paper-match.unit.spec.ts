import { AudienceView, JudgeView, MatchCreated, MatchEvent, Replay, StartingCard, correctionOf } from '@matchlog/domain';
import { at, event, move } from '@matchlog/testkit';
import { foldValid, given } from './support/given';

const elsa = { definition: 'Elsa - Snow Queen', copies: 2, printed: { cost: 3, type: 'Character', lore: 1 } };
const bePrepared = { definition: 'Be Prepared', copies: 1, printed: { cost: 7, type: 'Action' } };

/** A paper match: p1's list of three, three cards in p1's deck nobody has identified; p2 plays a digital deck. */
const paper = (extra: Partial<MatchCreated> = {}) => {
  const deck: StartingCard[] = [1, 2, 3].map((n) => ({ cardId: `p1-${n}`, owner: 'p1', zone: at('deck', 'p1') }));
  return event('MatchCreated', {
    game: 'lorcana',
    players: [{ id: 'p1' }, { id: 'p2' }],
    cards: [...deck, { cardId: 'p2-1', owner: 'p2', definition: 'Ariel - On Human Legs', zone: at('deck', 'p2') }],
    lists: [{ player: 'p1', cards: [elsa, bePrepared] }],
    ...extra,
  });
};
const draw = (cardId: string) => move(cardId, at('deck', 'p1'), at('hand', 'p1'));
const played = (cardId: string, definition: string) => move(cardId, at('hand', 'p1'), at('play', 'p1'), { definition });

const cardsOf = (view: AudienceView | JudgeView, zone: string) => view.zones[zone].cards as readonly { definition?: string; printed?: object }[];
const views = (events: MatchEvent[]) => {
  const replay = new Replay(events);
  return (audience: string) => replay.viewAt(audience);
};

describe('a paper match: a card nobody saw has no name', () => {
  it("holds the list, not an order: no audience's view, the judge's included, names a card of the deck or a card drawn unseen", () => {
    const view = views([paper(), draw('p1-1')]);
    for (const audience of ['judge', 'p1', 'p2', 'public']) {
      expect(cardsOf(view(audience), 'hand@p1').map((card) => card.definition)).toEqual([undefined]);
      expect(JSON.stringify(view(audience).zones)).not.toMatch(/Elsa|Be Prepared/);
    }
    // the registered list is the judge's alone
    expect((view('judge') as JudgeView).lists).toEqual([{ player: 'p1', cards: [elsa, bePrepared] }]);
    for (const audience of ['p1', 'p2', 'public']) expect(JSON.stringify(view(audience))).not.toMatch(/Elsa|Be Prepared/);
  });

  it("names a card as it is seen: every audience reads the name and the list's printed facts from that move on, never before", () => {
    const events = [paper(), draw('p1-1'), played('p1-1', elsa.definition)];
    const replay = new Replay(events);
    for (const audience of ['judge', 'p1', 'p2', 'public']) {
      expect(cardsOf(replay.viewAt(audience, 3), 'play@p1')).toEqual([expect.objectContaining({ definition: elsa.definition, printed: elsa.printed })]);
      expect(JSON.stringify(replay.viewAt(audience, 2).zones)).not.toContain('Elsa');
    }
    const observed = replay.observations('p2', 2, 3)[0].observation;
    expect(observed).toMatchObject({ type: 'CardMoved', move: { card: { definition: elsa.definition } } });
  });

  it('a paper shuffle has no order: its cards lose their names, nothing is committed, and the end discloses no shuffle', () => {
    const back = move('p1-1', at('play', 'p1'), at('deck', 'p1'));
    const state = given(paper(), draw('p1-1'), played('p1-1', elsa.definition), back)
      .when(event('ZoneShuffled', { zone: at('deck', 'p1') }))
      .thenAccepted();
    expect(state.cards.map((card) => card.definition)).toEqual([null, null, null, 'Ariel - On Human Legs']);
    expect(state.shuffles).toEqual([]);
    const end = new Replay([paper(), event('ZoneShuffled', { zone: at('deck', 'p1') }), event('MatchEnded', { winner: 'p2', reason: 'conceded' })]);
    expect(end.observations('p1', 2, 3)[0].observation).not.toHaveProperty('shuffles');
  });

  it('refuses an order for cards nobody identified, a shuffle without one of a digital deck, a second name, and a name taken back outside a correction', () => {
    given(paper())
      .when(event('ZoneShuffled', { zone: at('deck', 'p1'), order: ['p1-3', 'p1-2', 'p1-1'] }))
      .thenRejected('SHUFFLE_OF_UNIDENTIFIED', 'matchlog', 'data.order');
    given(paper())
      .when(event('ZoneShuffled', { zone: at('deck', 'p2') }))
      .thenRejected('SHUFFLE_ORDER_REQUIRED', 'matchlog', 'data.order');
    given(paper())
      .when(event('ZoneShuffled', { zone: at('deck', 'p2'), order: ['p2-1'] }))
      .thenAccepted();
    given(paper(), draw('p1-1'), played('p1-1', elsa.definition))
      .when(move('p1-1', at('play', 'p1'), at('hand', 'p1'), { definition: bePrepared.definition }))
      .thenRejected('CARD_ALREADY_NAMED', 'matchlog', 'data.definition');
    given(paper(), draw('p1-1'), played('p1-1', elsa.definition))
      .when(move('p1-1', at('play', 'p1'), at('hand', 'p1'), { definition: null }))
      .thenRejected('NAME_TAKEN_BACK_WITHOUT_CORRECTION', 'matchlog', 'data.definition');
    given(paper())
      .when(move('p2-1', at('deck', 'p2'), at('play', 'p2'), { definition: 'Elsa - Snow Queen' }))
      .thenRejected('CARD_ALREADY_NAMED', 'matchlog', 'data.definition');
  });

  it('names cards a reveal shows, one name per card id', () => {
    const state = given(paper(), draw('p1-1'))
      .when(event('CardsRevealed', { cardIds: ['p1-1'], definitions: [bePrepared.definition] }))
      .thenAccepted();
    expect(state.cards[0].definition).toBe(bePrepared.definition);
    given(paper(), draw('p1-1'))
      .when(event('CardsRevealed', { cardIds: ['p1-1'], definitions: [bePrepared.definition, elsa.definition] }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.definitions');
  });

  it('the correction of a naming takes the name back with the card: it is unidentified again where it was', () => {
    const history = [paper(), draw('p1-1')];
    const naming = { ...played('p1-1', elsa.definition), id: 'naming' };
    const [undo] = correctionOf(foldValid(history), naming);
    expect(undo).toEqual({ type: 'CardMoved', data: { cardId: 'p1-1', from: at('play', 'p1'), to: at('hand', 'p1'), definition: null, corrects: 'naming' } });
    const state = given(...history, naming)
      .when(event('CardMoved', undo.data as never))
      .thenAccepted();
    expect(state.cards[0]).toMatchObject({ definition: null, zone: state.layout!.zoneIndex.get('hand@p1') });
  });

  it("refuses lists that disagree with the cards: a size that is not the player's card count, a card without a name and without a list", () => {
    given()
      .when(paper({ lists: [{ player: 'p1', cards: [elsa] }] }))
      .thenRejected('LIST_NOT_MATCHING_CARDS', 'matchlog', 'data.lists[0].cards');
    given()
      .when(paper({ lists: undefined }))
      .thenRejected('LIST_NOT_MATCHING_CARDS', 'matchlog', 'data.cards[0].definition');
    given()
      .when(paper({ lists: [{ player: 'p3', cards: [elsa] }] }))
      .thenRejected('UNKNOWN_PLAYER', 'matchlog', 'data.lists[0].player');
  });
});
