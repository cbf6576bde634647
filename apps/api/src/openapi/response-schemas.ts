import { OpenAPIObject, getSchemaPath } from '@nestjs/swagger';

/**
 * JSON Schemas of the API's success bodies, written after the TypeScript types they describe
 * (libs/domain views and queue, libs/catalog, libs/audit): the top levels exactly, deeper parts
 * where a client reads them. Registered as components by `withResponseSchemas`.
 */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const mapOf = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });
const object = (properties: Record<string, Schema>, optional: readonly string[] = [], extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  ...extra,
});
/** an object the client reads by its own documented shape (an event, an observation) */
const anyObject = { type: 'object', additionalProperties: true };

const tokens = object({ players: mapOf(str), judge: str, recorder: str, broadcast: str }, ['judge', 'recorder', 'broadcast']);
const turn = object({ player: nullable(str), number: int });
const playerSeat = object({ id: str, name: str }, ['name'], { additionalProperties: true });
const zoneRef = object({ zone: str, player: str, slot: int }, ['player', 'slot']);
const seenCard = object({ handle: str, definition: str, faceDown: bool, exerted: bool, damage: int, controller: str }, ['definition', 'faceDown', 'exerted', 'damage', 'controller']);
const judgeCard = object({ cardId: str, definition: str, owner: nullable(str), controller: nullable(str), faceDown: bool, exerted: bool, damage: int, object: int });
const zoneOf = (card: Schema) => object({ zone: zoneRef, count: int, cards: arrayOf(card) });
const source = { oneOf: [seenCard, object({ cardId: str, definition: str })] };

const QueueView = object({
  discipline: { type: 'string', enum: ['bag', 'stack'] },
  items: arrayOf(object({ triggerId: str, player: str, source, ability: str, kind: str }, ['source'])),
  resolvingPlayer: nullable(str),
  nextChooser: nullable(str),
  next: nullable(str),
  resolving: arrayOf(object({ effectId: str, player: str, kind: { type: 'string', enum: ['action', 'ability'] }, source }, ['source'])),
  waitingForAction: bool,
});

const viewBase = { revision: int, game: nullable(str), players: arrayOf(playerSeat), tournament: anyObject, turn, departed: arrayOf(str), ended: nullable(anyObject) };
const AudienceView = object({ audience: str, ...viewBase, zones: mapOf(zoneOf(seenCard)), queue: { $ref: getSchemaPath('QueueView') } }, ['tournament']);
const JudgeView = object({ audience: { type: 'string', enum: ['judge'] }, ...viewBase, zones: mapOf(zoneOf(judgeCard)), queue: nullable({ allOf: [{ $ref: getSchemaPath('QueueView') }] }) }, ['tournament']);

const MatchSummary = object({
  matchId: str,
  game: str,
  players: arrayOf(object({ id: str, name: nullable(str) })),
  tournament: object({ event: nullable(str), round: nullable(int), table: nullable(int) }),
  status: { type: 'string', enum: ['live', 'ended'] },
  winner: nullable(str),
  endReason: nullable(str),
  startedAt: str,
  endedAt: nullable(str),
  eventCount: int,
  revision: int,
  audiences: { ...arrayOf(str), description: 'GET /matches/{id} only: public, broadcast where the match has one, each player id, judge' },
}, ['audiences']);

const finding = object({ revision: int, eventId: str, code: str, rule: str, severity: { type: 'string', enum: ['violation', 'warning'] }, players: arrayOf(str), message: str });
const knownBy = object({ audience: str }, [], { additionalProperties: true });
const jwk = object({ kty: str, crv: str, x: str, kid: str, use: str, alg: str }, ['kid', 'use', 'alg']);

const schemas: Record<string, Schema> = {
  Problem: object(
    {
      statusCode: int,
      code: { type: 'string', description: 'stable; docs/errors.md lists every code' },
      message: { type: 'string', description: 'one human sentence saying what to do' },
      details: arrayOf(object({ path: str, message: str })),
    },
    ['details'],
    { additionalProperties: true, description: 'Every 4xx and 5xx body. Some codes add fields: rule and eventIndex (422 from the domain), expectedRevision and currentRevision (REVISION_CONFLICT), eventId, line, reason, matchId.' },
  ),
  MatchCreated: object({ matchId: str, revision: int, tokens }),
  TokensReissued: object({ matchId: str, tokens }),
  EventsAppended: object({ matchId: str, revision: int }),
  MatchSummary,
  MatchPage: object({ matches: arrayOf({ $ref: getSchemaPath('MatchSummary') }), nextCursor: nullable(str) }),
  QueueView,
  AudienceView,
  JudgeView,
  QueueAt: { allOf: [{ $ref: getSchemaPath('QueueView') }, object({ revision: int, activePlayer: nullable(str) })] },
  Feed: object({ audience: str, from: int, to: int, observations: arrayOf(object({ revision: int, observation: anyObject })) }),
  KnowledgeReport: object({
    revision: int,
    eventId: nullable(str),
    game: nullable(str),
    players: arrayOf(str),
    audiences: arrayOf(str),
    cards: arrayOf(object({ cardId: str, definition: str, owner: nullable(str), zone: str, position: nullable(int), faceDown: bool, knownTo: arrayOf(str), knownBy: arrayOf(knownBy), history: arrayOf(anyObject) })),
    decks: arrayOf(object({ zone: str, player: nullable(str), count: int, positions: arrayOf(object({ position: int, cardId: str, definition: str, knownTo: arrayOf(str), random: bool, knownBy: arrayOf(knownBy) })), random: arrayOf(int), knownPositions: mapOf(arrayOf(int)) })),
  }),
  AuditReport: object({ matchId: str, revision: int, findings: arrayOf(finding) }),
  DeliveryLeaks: object({ matchId: str, leaks: arrayOf(object({ delivery: int, audience: str, revision: int, path: str, kind: { type: 'string', enum: ['cardId', 'definition'] }, value: str, cardId: str, message: str })) }),
  Verification: object({
    matchId: str,
    ok: bool,
    chain: object({ ok: bool, count: int, head: str, index: int, line: int, eventId: str, reason: str, message: str }, ['count', 'head', 'index', 'line', 'eventId', 'reason', 'message']),
    findings: arrayOf(finding),
  }),
  SignedHead: object({
    head: object({ purpose: { type: 'string', enum: ['export', 'receipt'] }, matchId: str, revision: int, hash: str, time: str, kid: str }),
    signature: str,
    jwk,
  }),
  Jwks: object({ keys: arrayOf(jwk) }),
  Health: object({ status: { type: 'string', enum: ['ok'] }, store: str, catalogPosition: int }),
  Readiness: object({ status: { type: 'string', enum: ['ready', 'not ready'] }, store: str, reasons: arrayOf(str), catalog: object({ position: int, behind: int, failure: str, subscription: { type: 'string', enum: ['failed'] } }, ['failure', 'subscription']) }),
};

export type ResponseSchemaName = keyof typeof schemas;

/** A `$ref` to one of these schemas, for `@ApiOkResponse({ schema: ref('MatchPage') })`. */
export const ref = (name: ResponseSchemaName) => ({ $ref: getSchemaPath(name) });

/** The document with the response schemas as components. */
export const withResponseSchemas = (document: OpenAPIObject): OpenAPIObject => ({
  ...document,
  components: { ...document.components, schemas: { ...document.components?.schemas, ...(schemas as OpenAPIObject['components'] & object) } },
});
