/**
 * Issue 37, findings 1 and 2: replays whose patches declare a list far longer than any game (a crafted file), each a
 * copy of `json` (a replay.json's text) under its own gameId. A patch that sets an array's `length` costs nothing to
 * apply; reading the state it leaves is what held the event loop (and, for the reveal, ran out of heap).
 */
type Replay = { gameId: string; initialState: string; steps: { patches: unknown[] }[] };

const variant = (json: string, gameId: string, patches: (replay: Replay) => unknown[]): string => {
  const replay = JSON.parse(json) as Replay;
  replay.gameId = gameId;
  replay.steps[1].patches.push(...patches(replay));
  return JSON.stringify(replay);
};

/** A reveal whose `cardIDs` has `length` (1e9 in finding 1). */
export const revealLengthReplay = (json: string, gameId: string, length = 1e9): string =>
  variant(json, gameId, () => [
    { op: 'replace', path: ['ctx', 'zones', 'reveals', 'active'], value: [{ revealID: 'crafted', cardIDs: [], visibleTo: 'all' }] },
    { op: 'replace', path: ['ctx', 'zones', 'reveals', 'active', 0, 'cardIDs', 'length'], value: length },
  ]);

/** A hand whose `length` is 2^32 − 1, the longest an array can be (finding 2). */
export const handLengthReplay = (json: string, gameId: string): string =>
  variant(json, gameId, (replay) => {
    const envelope = JSON.parse(replay.initialState) as { state?: { ctx: { zones: { private: { zoneCards: Record<string, unknown> } } } } };
    const state = envelope.state ?? (envelope as unknown as NonNullable<typeof envelope.state>);
    const hand = Object.keys(state.ctx.zones.private.zoneCards).find((key) => key.startsWith('hand:'))!;
    return [{ op: 'replace', path: ['ctx', 'zones', 'private', 'zoneCards', hand, 'length'], value: 2 ** 32 - 1 }];
  });
