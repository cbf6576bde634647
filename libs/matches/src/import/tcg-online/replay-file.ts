import { Refused, refuse } from './refusal';

/** A mutative patch, paths as arrays (FORMAT.md §3). */
export interface ReplayPatch {
  readonly op: 'add' | 'remove' | 'replace';
  readonly path: readonly (string | number)[];
  readonly value?: unknown;
}

export interface AcceptedMove {
  readonly stateVersion: number;
  readonly turnNumber: number;
  readonly actorId: string;
  readonly moveId: string;
  readonly input?: unknown;
  readonly timestamp: number;
}

export interface ReplayLog {
  readonly type: string;
  readonly playerId?: string;
  readonly [field: string]: unknown;
}

export interface ReplayStep {
  readonly patches: readonly ReplayPatch[];
  readonly logs: readonly ReplayLog[];
  readonly acceptedMove: AcceptedMove;
}

export interface ReplayPlayer {
  readonly id: string;
  readonly displayName?: string | null;
  readonly username?: string | null;
}

/** replay.json version 2 (test/fixtures/tcg-online/FORMAT.md §1), with the fields the import reads. */
export interface ReplayFile {
  readonly version: 2;
  readonly gameId: string;
  readonly matchId: string;
  readonly gameType: string;
  readonly seed: string;
  readonly playerIds: readonly [string, string];
  readonly cardsMaps: { readonly cardInstances: Readonly<Record<string, string>>; readonly owners: Readonly<Record<string, readonly string[]>> };
  readonly initialState: string;
  readonly steps: readonly ReplayStep[];
  readonly metadata: { readonly createdAt?: string; readonly players?: readonly ReplayPlayer[] };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Keys that reach an object's prototype (a patch setting one replaces it): no engine state has them (docs/explanation/importing.md). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The first forbidden key in a value, own keys at any depth (JSON.parse makes "__proto__" an own key); walked without recursion, so no nesting overflows the stack. */
const forbiddenKeyIn = (value: unknown): string | undefined => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      // one by one: a spread of a list of millions would overflow the call stack
      for (const item of next) pending.push(item);
      continue;
    }
    for (const key of Object.keys(next)) {
      if (FORBIDDEN_KEYS.has(key)) return key;
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return undefined;
};

const stepProblem = (step: unknown): string | null => {
  if (!isObject(step)) return 'is not an object';
  if (!Array.isArray(step.patches)) return 'has no patches array';
  for (const patch of step.patches as unknown[]) {
    if (!isObject(patch) || !['add', 'remove', 'replace'].includes(patch.op as string) || !Array.isArray(patch.path)) return 'has a patch that is not {op, path[, value]}';
    if (!(patch.path as unknown[]).every((key) => typeof key === 'string' || (typeof key === 'number' && Number.isInteger(key) && key >= 0)))
      return 'has a patch path that is not strings and indexes';
    const forbidden = (patch.path as unknown[]).find((key) => typeof key === 'string' && FORBIDDEN_KEYS.has(key)) ?? forbiddenKeyIn(patch.value);
    if (forbidden !== undefined)
      return `has a patch with the key "${forbidden}" in its ${(patch.path as unknown[]).includes(forbidden) ? 'path' : 'value'}: no engine state has one`;
  }
  if (!Array.isArray(step.logs) || !(step.logs as unknown[]).every((log) => isObject(log) && isString(log.type))) return 'has logs that are not objects with a type';
  const move = step.acceptedMove;
  if (!isObject(move)) return 'has no acceptedMove';
  if (!isNumber(move.stateVersion) || !isNumber(move.turnNumber) || !isNumber(move.timestamp)) return 'has an acceptedMove without numeric stateVersion, turnNumber and timestamp';
  if (!isString(move.actorId) || !isString(move.moveId)) return 'has an acceptedMove without actorId and moveId';
  if (Number.isNaN(new Date(move.timestamp).getTime())) return 'has a timestamp that is not a time';
  return null;
};

/** Checks the shape of a parsed replay.json; refuses anything the conversion could not read safely. */
export const readReplayFile = (parsed: unknown): { ok: true; replay: ReplayFile } | Refused => {
  if (!isObject(parsed)) return refuse('REPLAY_MALFORMED', 'replay.json must be a JSON object');
  if (parsed.version !== 2) return refuse('REPLAY_VERSION_UNSUPPORTED', `replay.json version ${JSON.stringify(parsed.version ?? null)} is not supported: only version 2 is`);
  for (const field of ['gameId', 'matchId', 'initialState'] as const)
    if (!isString(parsed[field])) return refuse('REPLAY_MALFORMED', `replay.json's ${field} must be a non-empty string`);
  // the game's id names the match it becomes (tcg-online-<gameId>): the characters of a match id, and room for the prefix
  for (const field of ['gameId', 'matchId'] as const)
    if (!/^[A-Za-z0-9._:-]{1,100}$/.test(parsed[field] as string)) return refuse('REPLAY_MALFORMED', `replay.json's ${field} must be 1-100 letters, digits, ".", "_", ":" or "-"`);
  // the seed is read (the file exposes every shuffle if it holds one): a string, empty when the game kept none
  if (typeof parsed.seed !== 'string')
    return refuse(
      'REPLAY_MALFORMED',
      `replay.json's seed must be a string (the game's RNG seed, FORMAT.md §1), not ${parsed.seed === undefined ? 'missing' : parsed.seed === null ? 'null' : `a ${Array.isArray(parsed.seed) ? 'list' : typeof parsed.seed}`}`,
      { field: 'seed' },
    );
  const { playerIds, cardsMaps, steps, metadata } = parsed;
  if (!Array.isArray(playerIds) || playerIds.length !== 2 || !playerIds.every(isString) || playerIds[0] === playerIds[1])
    return refuse('REPLAY_MALFORMED', 'replay.json must name two different playerIds');
  if (!isObject(cardsMaps) || !isObject(cardsMaps.cardInstances) || !Object.values(cardsMaps.cardInstances).every(isString))
    return refuse('REPLAY_MALFORMED', 'replay.json must map each card instance to a card short id (cardsMaps.cardInstances)');
  if (!Array.isArray(steps)) return refuse('REPLAY_MALFORMED', 'replay.json must hold a steps array');
  for (let i = 0; i < steps.length; i++) {
    const problem = stepProblem(steps[i]);
    if (problem !== null) return refuse('REPLAY_MALFORMED', `the step ${problem}`, { step: i });
  }
  if (metadata !== undefined && !isObject(metadata)) return refuse('REPLAY_MALFORMED', "replay.json's metadata must be an object");
  return { ok: true, replay: parsed as unknown as ReplayFile };
};
