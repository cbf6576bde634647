import { byShortId, printedFacts } from '@matchlog/cards';
import { vocabulary } from '@matchlog/domain';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { ConvertedReplay, cardIdOf, convertTcgOnlineReplay, importedEvents } from '../src/import/tcg-online';

const sample = tcgOnlineSamples().find((entry) => entry.name.startsWith('07-'))!;
const fresh = (): any => JSON.parse(sample.json);
const refusal = (replay: unknown) => {
  const result = convertTcgOnlineReplay(typeof replay === 'string' ? replay : JSON.stringify(replay));
  if (result.ok) throw new Error('converted a replay it should refuse');
  return result.refusal;
};

describe('convertTcgOnlineReplay: what it makes of a replay', () => {
  const replay = fresh();
  const converted = convertTcgOnlineReplay(sample.json) as ConvertedReplay;

  it('seats playerIds[0] as p1 and playerIds[1] as p2, named from metadata.players', () => {
    expect(converted.created.players).toEqual([
      { id: 'p1', name: replay.metadata.players[0].displayName },
      { id: 'p2', name: replay.metadata.players[1].displayName },
    ]);
    expect(converted.source).toEqual({ gameId: replay.gameId, matchId: replay.matchId, seats: replay.playerIds, seeded: true });
  });

  it('ties the game to its series (matchId) in the tournament fields, and numbers it when told', () => {
    expect(converted.created.tournament).toEqual({ event: `tcg.online match ${replay.matchId}`, round: 1, table: 1 });
    const second = convertTcgOnlineReplay(sample.json, { game: 2, bestOf: 3 }) as ConvertedReplay;
    expect(second.created.tournament).toEqual({ event: `tcg.online match ${replay.matchId}`, round: 1, table: 1, game: 2, bestOf: 3 });
  });

  it('names every card Name - Version from the card table, each deck top first', () => {
    const deck = converted.created.cards.filter((card) => card.zone.player === 'p1');
    const initial = JSON.parse(replay.initialState).state.ctx.zones.private.zoneCards[`deck:${replay.playerIds[0]}`];
    expect(deck.map((card) => card.cardId)).toEqual([...initial].reverse().map(cardIdOf));
    expect(converted.created.cards).toHaveLength(120);
    expect(converted.created.cards.every((card) => (card.definition ?? '').length > 0 && card.owner === card.zone.player)).toBe(true);
  });

  it('gives each card its printed facts from the card table, as the domain takes them on MatchCreated (issue 25 §2)', () => {
    expect('printed' in (vocabulary.MatchCreated.cards.spec as unknown as { items: { fields: object } }).items.fields).toBe(true);
    const instanceOf = new Map(Object.keys(replay.cardsMaps.cardInstances).map((instance) => [cardIdOf(instance), instance]));
    const facts = converted.created.cards.map((card) => card.printed);
    const expected = converted.created.cards.map((card) => printedFacts(byShortId(replay.cardsMaps.cardInstances[instanceOf.get(card.cardId)!])!));
    expect(facts).toEqual(expected);
    expect(facts.every((fact) => fact !== undefined && typeof fact.cost === 'number' && typeof fact.type === 'string')).toBe(true);
  });

  it("stamps each step's events with the step's timestamp, and the match with metadata.createdAt", () => {
    replay.steps.forEach((step: any, i: number) => {
      for (const event of converted.steps[i]) expect(event.recordedAt).toBe(new Date(step.acceptedMove.timestamp).toISOString());
    });
    expect(converted.createdAt).toBe(replay.metadata.createdAt);
  });

  it('ends with the concession, the winner named by seat; no salt is drawn (the server draws them)', () => {
    const events = importedEvents(converted);
    expect(events.at(-1)).toMatchObject({ type: 'MatchEnded', data: { winner: 'p1', reason: 'p2 conceded' } });
    // the tournament rules' win by the opponent's leaving: the audit reads a concession from PlayerLeft
    expect(events.at(-2)).toEqual(expect.objectContaining({ type: 'PlayerLeft', data: { player: 'p2' } }));
    expect(events.filter((event) => event.type === 'ZoneShuffled').every((event) => !('salt' in event.data) && !('commitment' in event.data))).toBe(true);
    expect(JSON.stringify(events)).not.toContain(replay.playerIds[1]);
  });

  it('puts no card id and no engine id in the text every audience reads (reason, ability, triggerId, effectId)', () => {
    const cardIds = new Set(converted.created.cards.map((card) => card.cardId));
    const texts = importedEvents(converted).flatMap((event) => {
      const data = event.data as Record<string, unknown>;
      const moves = (event.type === 'CardsMoved' ? event.data.moves : [data]) as Record<string, unknown>[];
      return [data.ability, data.triggerId, data.effectId, data.reason, ...moves.map((move) => move.reason)].filter((text): text is string => typeof text === 'string');
    });
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => [...cardIds].some((id) => text.includes(id)))).toEqual([]);
    // nor can an engine id be read in them: ours are "card-" and the engine's two characters, never a word
    expect([...cardIds].every((id) => /^card-[0-9a-z]{2}$/.test(id))).toBe(true);
    expect(texts.filter((text) => replay.playerIds.some((id: string) => text.includes(id)))).toEqual([]);
  });
});

describe('convertTcgOnlineReplay: refusals, as values naming the step and why', () => {
  it('refuses a version other than 2', () => {
    expect(refusal({ ...fresh(), version: 1 })).toMatchObject({ code: 'REPLAY_VERSION_UNSUPPORTED' });
    expect(refusal({ ...fresh(), version: '2' }).code).toBe('REPLAY_VERSION_UNSUPPORTED');
  });

  it('refuses text that is not JSON, and fields of the wrong type', () => {
    expect(refusal('{"version": 2,').code).toBe('REPLAY_MALFORMED');
    expect(refusal({ ...fresh(), playerIds: 'a,b' }).code).toBe('REPLAY_MALFORMED');
    const replay = fresh();
    replay.steps[3].acceptedMove.timestamp = 'yesterday';
    expect(refusal(replay)).toMatchObject({ code: 'REPLAY_MALFORMED', step: 3 });
    const patched = fresh();
    patched.steps[4].patches[0].path = 'ctx/zones';
    expect(refusal(patched)).toMatchObject({ code: 'REPLAY_MALFORMED', step: 4 });
  });

  it('refuses a card short id the card table does not know, naming it', () => {
    const replay = fresh();
    const instance = Object.keys(replay.cardsMaps.cardInstances)[0];
    replay.cardsMaps.cardInstances[instance] = 'zzZ9';
    const found = refusal(replay);
    expect(found).toMatchObject({ code: 'REPLAY_UNKNOWN_CARD', shortId: 'zzZ9' });
    expect(found.message).toContain('"zzZ9"');
  });

  it('refuses a patch chain with a step missing, a patch that does not apply, or one with a key reaching a prototype', () => {
    const missing = fresh();
    missing.steps.splice(5, 1);
    expect(refusal(missing)).toMatchObject({ code: 'REPLAY_PATCH_FAILED', step: 5 });
    const broken = fresh();
    broken.steps[6].patches.push({ op: 'replace', path: ['ctx', 'nowhere', 'deeper'], value: 1 });
    expect(refusal(broken)).toMatchObject({ code: 'REPLAY_PATCH_FAILED', step: 6 });
    const polluting = fresh();
    polluting.steps[2].patches.push({ op: 'add', path: ['G', '__proto__', 'polluted'], value: true });
    expect(refusal(polluting)).toMatchObject({ code: 'REPLAY_MALFORMED', step: 2 });
    expect(({} as any).polluted).toBeUndefined();
  });

  it('refuses a step it cannot explain: a debug move, a card in two zones, a card that vanishes', () => {
    const debug = fresh();
    debug.steps[7].acceptedMove.moveId = 'manualMoveCard';
    expect(refusal(debug)).toMatchObject({ code: 'REPLAY_STEP_UNEXPLAINED', step: 7 });
    expect(refusal(debug).message).toContain('manualMoveCard');

    const doubled = fresh();
    const hand = `hand:${doubled.playerIds[0]}`;
    const deckTop = JSON.parse(doubled.initialState).state.ctx.zones.private.zoneCards[`deck:${doubled.playerIds[1]}`][0];
    doubled.steps[3].patches.push({ op: 'add', path: ['ctx', 'zones', 'private', 'zoneCards', hand, 0], value: deckTop });
    expect(refusal(doubled)).toMatchObject({ code: 'REPLAY_STEP_UNEXPLAINED', step: 3 });

    const vanished = fresh();
    vanished.steps[3].patches.push({ op: 'replace', path: ['ctx', 'zones', 'private', 'zoneCards', hand, 'length'], value: 0 });
    expect(refusal(vanished)).toMatchObject({ code: 'REPLAY_STEP_UNEXPLAINED', step: 3 });
  });

  it('reads a deck reordered without a random draw as cards moved within it, never as a shuffle', () => {
    const replay = fresh();
    expect(replay.steps[0].patches.some((patch: any) => patch.path.join('/') === 'ctx/random/draws')).toBe(true);
    replay.steps[0].patches = replay.steps[0].patches.filter((patch: any) => !(patch.path[0] === 'ctx' && patch.path[1] === 'random'));
    const converted = convertTcgOnlineReplay(JSON.stringify(replay)) as ConvertedReplay;
    expect(converted.steps[0].filter((event) => event.type === 'ZoneShuffled')).toEqual([]);
    expect(converted.steps[0].some((event) => event.type === 'CardsMoved' && event.data.moves.some((move) => move.from.zone === 'deck' && move.to.zone === 'deck'))).toBe(true);
  });
});
