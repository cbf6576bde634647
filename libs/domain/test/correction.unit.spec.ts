import { JUDGE, PUBLIC, MatchEvent, MatchState, correctedId, correctionOf, emptyMatch, foldMatch, judgeView, validate, validateBatch } from '@matchlog/domain';
import { event, move } from '@matchlog/testkit';
import { lorcanaTable, p1Deck, p1Discard, p1Hand, p1Ink, p1Play } from './support/tables';
import { given } from './support/given';

/** The match after `events`, each checked by the domain first. */
const played = (...events: MatchEvent[]): MatchState => {
  const verdict = validateBatch(emptyMatch, events);
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};

/** Appends the correction of the last event and returns the state before that event and after its correction. */
const corrected = (...events: MatchEvent[]) => {
  const wrong = events[events.length - 1];
  const before = played(...events.slice(0, -1));
  const after = played(...events);
  const fixes = correctionOf(before, wrong).map((fix) => event(fix.type, fix.data as never) as MatchEvent & { id: string });
  const verdict = validateBatch(after, fixes);
  if (!verdict.ok) throw new Error(verdict.error.message);
  return { before, fixed: verdict.state, fixes };
};

/** The table as the players see it: every card's zone, face, status and controller; the order of ordered zones only (a hand is not ordered, Lorcana 7.3.2). A card back from play is a new object (7.1.6): not compared. */
const table = (state: MatchState) =>
  Object.fromEntries(
    Object.entries(judgeView(state).zones).map(([key, zone]) => {
      const cards = zone.cards.map(({ object: _object, ...card }) => card);
      return [key, state.layout!.zones[state.layout!.zoneIndex.get(key)!].definition.ordered ? cards : cards.sort((x, y) => x.cardId.localeCompare(y.cardId))];
    }),
  );

const sameTable = (a: MatchState, b: MatchState) => {
  expect(table(b)).toEqual(table(a));
  expect(b.counters).toEqual(a.counters);
};

describe('a correction: a new event that undoes an earlier one, marked with the id of the event it corrects', () => {
  it('a card drawn by mistake goes back to where it lay in the deck (its place in the order), marked as the correction of the draw', () => {
    const created = lorcanaTable();
    const draw = move('p1-deck-2', p1Deck, p1Hand);
    const { before, fixed, fixes } = corrected(created, draw);
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ type: 'CardMoved', data: { cardId: 'p1-deck-2', from: p1Hand, to: p1Deck, position: 2, corrects: draw.id } });
    expect(correctedId(fixes[0])).toBe(draw.id);
    sameTable(before, fixed);
  });

  it('a character banished by mistake comes back to play with the damage and exertion the move cleared', () => {
    const created = lorcanaTable();
    const play = move('p1-hand-1', p1Hand, p1Play);
    const status = event('CardStatusChanged', { cardId: 'p1-hand-1', exerted: true, damage: 2 });
    const banish = move('p1-hand-1', p1Play, p1Discard, { reason: 'banished' });
    const { before, fixed, fixes } = corrected(created, play, status, banish);
    expect(fixes.map((f) => f.type)).toEqual(['CardMoved', 'CardStatusChanged']);
    expect(fixes.every((f) => correctedId(f) === banish.id)).toBe(true);
    sameTable(before, fixed);
  });

  it('several moves at once are undone in reverse order; ink goes back to the hand face down as it was', () => {
    const created = lorcanaTable();
    const both = event('CardsMoved', {
      moves: [
        { cardId: 'p1-deck-0', from: p1Deck, to: p1Hand },
        { cardId: 'p1-hand-0', from: p1Hand, to: p1Ink },
      ],
    });
    const { before, fixed, fixes } = corrected(created, both);
    expect(fixes).toEqual([expect.objectContaining({ type: 'CardsMoved', data: expect.objectContaining({ corrects: both.id }) })]);
    expect((fixes[0].data as unknown as { moves: { cardId: string }[] }).moves.map((m) => m.cardId)).toEqual(['p1-hand-0', 'p1-deck-0']);
    sameTable(before, fixed);
  });

  it('a lore change, a status change and a change of control get back their values', () => {
    const created = lorcanaTable();
    const lore = event('CounterChanged', { counter: 'lore', player: 'p2', by: 3, reason: 'quested' });
    const fix = corrected(created, event('CounterChanged', { counter: 'lore', player: 'p2', by: 1 }), lore);
    expect(fix.fixes).toEqual([expect.objectContaining({ type: 'CounterChanged', data: { counter: 'lore', player: 'p2', to: 1, corrects: lore.id } })]);
    sameTable(fix.before, fix.fixed);

    const play = move('p1-hand-1', p1Hand, p1Play);
    const exert = event('CardStatusChanged', { cardId: 'p1-hand-1', exerted: true });
    const status = corrected(created, play, exert);
    expect(status.fixes[0].data).toEqual({ cardId: 'p1-hand-1', exerted: false, corrects: exert.id });
    sameTable(status.before, status.fixed);

    const control = event('ControlChanged', { cardId: 'p1-hand-1', controller: 'p2' });
    const controlled = corrected(created, play, control);
    expect(controlled.fixes[0].data).toEqual({ cardId: 'p1-hand-1', controller: 'p1', corrects: control.id });
    sameTable(controlled.before, controlled.fixed);
  });

  it('an event no event undoes has no correction; a correction is never made of a card the match does not hold', () => {
    const created = lorcanaTable();
    const state = played(created);
    expect(correctionOf(state, event('TurnStarted', { player: 'p1', turn: 1 }))).toEqual([]);
    expect(correctionOf(state, event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-1', 'p1-deck-0', 'p1-deck-2', 'p1-deck-3'] }))).toEqual([]);
    expect(correctionOf(state, move('nobody', p1Deck, p1Hand))).toEqual([]);
    expect(correctionOf(emptyMatch, created)).toEqual([]);
  });

  it('corrects is an id, on the correcting types only; the judge reads it, no other audience is told which event it undoes', () => {
    const created = lorcanaTable();
    const state = foldMatch([created], emptyMatch);
    expect(validate(state, event('CounterChanged', { counter: 'lore', player: 'p1', to: 0, corrects: 'not an id!' }))).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED_EVENT', path: 'data.corrects' },
    });
    expect(validate(state, event('TurnStarted', { player: 'p1', turn: 1, corrects: 'ev-1' } as never))).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT' } });
    expect(correctedId({ type: 'TurnStarted', data: { corrects: 'ev-1' } })).toBeUndefined();
    const replay = given(created).replay(
      event('CounterChanged', { counter: 'lore', player: 'p1', by: 2 }),
      event('CounterChanged', { counter: 'lore', player: 'p1', to: 0, corrects: 'ev-x' }),
    );
    for (const audience of ['p1', 'p2', PUBLIC]) expect(JSON.stringify(replay.observations(audience).at(-1))).not.toContain('ev-x');
    expect(JSON.stringify(replay.observations(JUDGE).at(-1))).toContain('"corrects":"ev-x"');
  });
});
