import { MatchEvent, MatchState, emptyMatch, emptySeat, evolve, judgeView, stepSeat, validate } from '@matchlog/domain';
import { create } from 'mutative';
import { ConvertedReplay, convertTcgOnlineReplay } from '../src/import/tcg-online';

/**
 * Engine behaviours the four samples do not show, as small replays written here with mutative's patches (the engine's
 * options: paths as arrays, array length assignments): a shift (the old top card goes under the new one, into limbo),
 * a card shuffled into a deck, a search followed by a shuffle, limbo holding what the rules do not place.
 */
const ALICE = 'alice';
const BOB = 'bob';
const CARDS: Record<string, string> = { a1: 'I1B', b1: 'JlP', c1: 'PX4', d1: 'qUy', d2: 'cVT', d3: 'XlN', d4: 'I1B', e1: '20T', x1: 'JlP', x2: 'qUy' };

type Engine = {
  ctx: {
    status: { turn: number; gameEnded: boolean; turnOwnerId: string };
    random: { seed: string; state: null; draws: number };
    zones: { private: { zoneCards: Record<string, string[]>; cardMeta: Record<string, Record<string, unknown>> } };
  };
  G: { lore: Record<string, number>; triggeredAbilities: { bag: { items: unknown[] } }; pendingEffects: unknown[] };
};

const engine = (zones: Record<string, string[]>, meta: Record<string, Record<string, unknown>> = {}): Engine => {
  const zoneCards: Record<string, string[]> = {};
  for (const player of [ALICE, BOB]) for (const zone of ['deck', 'hand', 'play', 'discard', 'inkwell', 'limbo']) zoneCards[`${zone}:${player}`] = zones[`${zone}:${player}`] ?? [];
  return {
    ctx: { status: { turn: 1, gameEnded: false, turnOwnerId: ALICE }, random: { seed: 's', state: null, draws: 0 }, zones: { private: { zoneCards, cardMeta: meta } } },
    G: { lore: { [ALICE]: 0, [BOB]: 0 }, triggeredAbilities: { bag: { items: [] } }, pendingEffects: [] },
  };
};

/** A replay from a start and the changes of each step (the engine's state changed in place, as its moves do). */
const replayOf = (start: Engine, steps: { moveId: string; change: (draft: Engine) => void; log?: Record<string, unknown> }[]) => {
  let state = start;
  const recorded = steps.map(({ moveId, change, log }, i) => {
    const [next, patches] = create(state, change, { enablePatches: { pathAsArray: true, arrayLengthAssignment: true } });
    state = next;
    return {
      patches: JSON.parse(JSON.stringify(patches)),
      logs: [{ type: moveId, playerId: ALICE, timestamp: 1_800_000_000_000 + i, ...log }],
      acceptedMove: { stateVersion: i + 1, turnNumber: 1, actorId: ALICE, moveId, timestamp: 1_800_000_000_000 + i },
    };
  });
  const used = Object.values(start.ctx.zones.private.zoneCards).flat();
  return {
    version: 2,
    gameId: 'synthetic',
    matchId: 'series',
    gameType: 'lorcana',
    seed: 's',
    playerIds: [ALICE, BOB],
    cardsMaps: { cardInstances: Object.fromEntries(used.map((id) => [id, CARDS[id]])), owners: {} },
    initialState: JSON.stringify({ state: start }),
    steps: recorded,
    metadata: { createdAt: '2027-01-15T07:59:00.000Z' },
  };
};

/** Every event validated and folded, as the writer would: the judge's state at the end, and the public's view. */
const fold = (converted: ConvertedReplay) => {
  let state: MatchState = emptyMatch;
  let spectator = emptySeat('public');
  const events = [{ type: 'MatchCreated', data: converted.created }, ...converted.steps.flat()];
  events.forEach(({ type, data }, i) => {
    const event = { id: `e${i}`, type, data } as MatchEvent;
    const verdict = validate(state, event);
    if (!verdict.ok) throw new Error(`${type} refused: ${verdict.error.message}`);
    const after = evolve(state, event);
    spectator = stepSeat(spectator, event, after).seat;
    state = after;
  });
  return { judge: judgeView(state), spectator: spectator.view };
};

const converted = (replay: unknown): ConvertedReplay => {
  const result = convertTcgOnlineReplay(JSON.stringify(replay));
  if (!result.ok) throw new Error(result.refusal.message);
  return result;
};

describe('tcg.online replays: engine behaviours beyond the samples', () => {
  it("a shift: the new card is played with the old one's status, and the old one lies face down under it, in play (7.4.2)", () => {
    const start = engine({ 'play:alice': ['a1'], 'hand:alice': ['b1'], 'deck:alice': ['d1', 'd2'], 'deck:bob': ['x1'] }, { a1: { state: 'exerted', damage: 1 } });
    const replay = replayOf(start, [
      {
        moveId: 'playCard',
        change: (draft) => {
          const zones = draft.ctx.zones.private;
          zones.zoneCards['hand:alice'] = [];
          zones.zoneCards['play:alice'] = ['b1'];
          zones.zoneCards['limbo:alice'] = ['a1'];
          zones.cardMeta.b1 = { state: 'exerted', damage: 1, playedViaShift: true };
          zones.cardMeta.a1 = { stackParentId: 'b1' };
        },
      },
    ]);
    const result = converted(replay);
    expect(result.steps[0].map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'CardMoved', data: { cardId: 'card-b1', from: { zone: 'hand', player: 'p1' }, to: { zone: 'play', player: 'p1' }, reason: 'played' } },
      { type: 'CardStatusChanged', data: { cardId: 'card-b1', exerted: true, damage: 1 } },
      { type: 'CardStatusChanged', data: { cardId: 'card-a1', faceDown: true, exerted: false, damage: 0 } },
    ]);
    const { judge, spectator } = fold(result);
    expect(judge.zones['play@p1'].cards.map(({ cardId, faceDown }) => [cardId, faceDown])).toEqual([
      ['card-a1', true],
      ['card-b1', false],
    ]);
    expect(spectator.zones['play@p1'].cards.filter((card) => card.faceDown).map((card) => card.definition)).toEqual([undefined]);
  });

  it('a card shuffled into a deck: moved in, then the deck shuffled into the order the replay shows', () => {
    const start = engine({ 'discard:alice': ['c1'], 'deck:alice': ['d1', 'd2', 'd3'], 'deck:bob': ['x1'] });
    const replay = replayOf(start, [
      {
        moveId: 'resolveEffect',
        change: (draft) => {
          draft.ctx.zones.private.zoneCards['discard:alice'] = [];
          draft.ctx.zones.private.zoneCards['deck:alice'] = ['d3', 'c1', 'd1', 'd2'];
          draft.ctx.random.draws += 4;
        },
      },
    ]);
    const result = converted(replay);
    expect(result.steps[0].map(({ type }) => type)).toEqual(['CardMoved', 'ZoneShuffled']);
    expect(result.steps[0][1].data).toEqual({ zone: { zone: 'deck', player: 'p1' }, order: ['card-d2', 'card-d1', 'card-c1', 'card-d3'] });
    expect(fold(result).judge.zones['deck@p1'].cards.map((card) => card.cardId)).toEqual(['card-d2', 'card-d1', 'card-c1', 'card-d3']);
  });

  it('a search, then a shuffle: the search finds the card (7.1.4), it leaves by the effect of its source, then the deck is shuffled', () => {
    const start = engine({ 'deck:alice': ['d1', 'd2', 'd3', 'd4'], 'deck:bob': ['x1'], 'play:alice': ['c1'] });
    const replay = replayOf(start, [
      {
        moveId: 'resolveEffect',
        log: { sourceCardId: 'c1' },
        change: (draft) => {
          draft.ctx.zones.private.zoneCards['deck:alice'] = ['d4', 'd1', 'd3'];
          draft.ctx.zones.private.zoneCards['hand:alice'] = ['d2'];
          draft.ctx.random.draws += 3;
        },
      },
    ]);
    const result = converted(replay);
    expect(result.steps[0].map(({ type }) => type)).toEqual(['SearchPerformed', 'CardMoved', 'ZoneShuffled']);
    expect(result.steps[0][0].data).toEqual({ player: 'p1', zone: { zone: 'deck', player: 'p1' }, found: 'card-d2' });
    expect(result.steps[0][1].data).toMatchObject({ cardId: 'card-d2', source: 'card-c1' });
    expect(fold(result).judge.zones['deck@p1'].cards.map((card) => card.cardId)).toEqual(['card-d3', 'card-d1', 'card-d4']);
  });

  it('a shuffle in the step that also starts a turn and draws: the drawn card is on top of the shuffled deck', () => {
    const start = engine({ 'deck:bob': ['x1', 'x2'], 'discard:bob': [], 'deck:alice': ['d1', 'd2', 'd3'] });
    const replay = replayOf(start, [
      {
        moveId: 'passTurn',
        change: (draft) => {
          draft.ctx.status.turn = 2;
          draft.ctx.status.turnOwnerId = ALICE;
          draft.ctx.zones.private.zoneCards['deck:alice'] = ['d3', 'd1'];
          draft.ctx.zones.private.zoneCards['hand:alice'] = ['d2'];
          draft.ctx.random.draws += 3;
        },
      },
    ]);
    const result = converted(replay);
    expect(result.steps[0].map(({ type }) => type)).toEqual(['ZoneShuffled', 'TurnStarted', 'CardMoved']);
    expect(result.steps[0][0].data).toEqual({ zone: { zone: 'deck', player: 'p1' }, order: ['card-d2', 'card-d1', 'card-d3'] });
    expect(fold(result).judge.zones['deck@p1'].cards.map((card) => card.cardId)).toEqual(['card-d1', 'card-d3']);
  });

  it('refuses limbo holding a character that is under nothing: the rules place it nowhere', () => {
    const start = engine({ 'hand:alice': ['a1'], 'deck:alice': ['d1'], 'deck:bob': ['x1'] });
    const replay = replayOf(start, [
      {
        moveId: 'playCard',
        change: (draft) => {
          draft.ctx.zones.private.zoneCards['hand:alice'] = [];
          draft.ctx.zones.private.zoneCards['limbo:alice'] = ['a1'];
        },
      },
    ]);
    const result = convertTcgOnlineReplay(JSON.stringify(replay));
    expect(result.ok ? null : result.refusal).toMatchObject({ code: 'REPLAY_STEP_UNEXPLAINED', step: 0 });
  });

  it("refuses a step whose events would not leave the replay's state: a discard reordered with no move", () => {
    const start = engine({ 'discard:alice': ['c1', 'd1'], 'deck:alice': ['d2'], 'deck:bob': ['x1'] });
    const replay = replayOf(start, [{ moveId: 'resolveEffect', change: (draft) => void (draft.ctx.zones.private.zoneCards['discard:alice'] = ['d1', 'c1']) }]);
    const result = convertTcgOnlineReplay(JSON.stringify(replay));
    expect(result.ok ? null : result.refusal).toMatchObject({ code: 'REPLAY_STEP_UNEXPLAINED', step: 0 });
    expect(result.ok ? '' : result.refusal.message).toContain('discard@p1');
  });

  it('an action resolving in limbo lies face up in play (7.4.1), then goes to the discard', () => {
    const start = engine({ 'hand:alice': ['e1'], 'deck:alice': ['d1'], 'deck:bob': ['x1'] });
    const replay = replayOf(start, [
      {
        moveId: 'playCard',
        change: (draft) => {
          draft.ctx.zones.private.zoneCards['hand:alice'] = [];
          draft.ctx.zones.private.zoneCards['limbo:alice'] = ['e1'];
        },
      },
      {
        moveId: 'resolveEffect',
        change: (draft) => {
          draft.ctx.zones.private.zoneCards['limbo:alice'] = [];
          draft.ctx.zones.private.zoneCards['discard:alice'] = ['e1'];
        },
      },
    ]);
    const result = converted(replay);
    expect(result.steps.map((events) => events.map(({ data }) => data))).toEqual([
      [{ cardId: 'card-e1', from: { zone: 'hand', player: 'p1' }, to: { zone: 'play', player: 'p1' }, reason: 'played' }],
      [{ cardId: 'card-e1', from: { zone: 'play', player: 'p1' }, to: { zone: 'discard', player: 'p1' }, position: 0, reason: 'resolved' }],
    ]);
  });
});
