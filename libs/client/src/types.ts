import type { components, paths } from './api/schema';

type Schemas = components['schemas'];
type Json<P extends keyof paths, M extends 'get' | 'post', S extends number> = paths[P][M] extends { responses: Record<S, { content: { 'application/json': infer T } }> }
  ? T
  : never;

/** The body of POST /matches: a MatchCreated's data. */
export type MatchCreatedData = Schemas['MatchCreatedData'];
/** An event to append; without `id`, the client gives it one before the first try. */
export type EventToSend = Schemas['EventDto'];
/** An event as it was sent, with its id. */
export type EventWithId = EventToSend & { readonly id: string };
export type MatchWithTokens = Schemas['MatchWithTokens'];
export type ReplayImported = Schemas['ReplayImported'];
export type AudienceView = Schemas['AudienceView'];
export type JudgeView = Schemas['JudgeView'];
export type View = AudienceView | JudgeView;
/** GET /matches/:id/receipt: the match's signed chain head. */
export type Receipt = Schemas['SignedHead'];
export type Jwks = Schemas['Jwks'];
/** GET /matches/:id/log: the match's entries in the server's published log, and that checkpoint. */
export type MatchLog = Json<'/matches/{id}/log', 'get', 200>;
/** GET /matches/:id/receipt?proof=1: the receipt, and the match's latest published log entry with its .tlog-proof. */
export type ReceiptWithProof = Schemas['ReceiptWithProof'];
export type Problem = Schemas['Problem'];
export type MatchPage = Json<'/matches', 'get', 200>;
export type MatchSummary = Schemas['MatchSummary'];
export type MatchDetail = Json<'/matches/{id}', 'get', 200>;
export type EventsPage = Json<'/matches/{id}/events', 'get', 200>;
/** @deprecated EventsPage's earlier name (*feed* now means only the live feed) */
export type Feed = EventsPage;
export type AuditReport = Json<'/matches/{id}/audit', 'get', 200>;
/** One of an audit report's findings. */
export type Finding = AuditReport['findings'][number];
export type RoundResults = Json<'/rounds/results', 'get', 200>;
export type MatchClock = Json<'/matches/{id}/clock', 'get', 200>;
/** POST /matches/:id/void: the match id, its revision with the MatchVoided, and that event's log position. */
export type Voided = Json<'/matches/{id}/void', 'post', 201>;
export type ListMatchesQuery = NonNullable<paths['/matches']['get']['parameters']['query']>;
/** What createMatch sends beside the ids: a MatchCreated's data, a Lorcana deck given either as cards or as text in deckLists. */
export type CreateMatchData = Omit<NonNullable<paths['/matches']['post']['requestBody']>['content']['application/json'], 'matchId' | 'eventId'>;
export type RoundResultsQuery = NonNullable<paths['/rounds/results']['get']['parameters']['query']>;
/** GET /rounds/log: the round's entries in the server's log (none: not closed), each with its proof file's path. */
export type RoundLog = Json<'/rounds/log', 'get', 200>;
export type RoundLogQuery = NonNullable<paths['/rounds/log']['get']['parameters']['query']>;
/** Statistics (GET /stats/…): public figures; with a player token the player's own, with the organizer key and event the event's. */
export type CardStats = Json<'/stats/cards', 'get', 200>;
export type CardStatsOne = Json<'/stats/cards/{name}', 'get', 200>;
export type DeckStats = Json<'/stats/decks', 'get', 200>;
export type LeadStats = Json<'/stats/leads', 'get', 200>;
export type MatchupStats = Json<'/stats/matchups', 'get', 200>;
export type CardStatsQuery = NonNullable<paths['/stats/cards']['get']['parameters']['query']>;
export type StatsQuery = NonNullable<paths['/stats/decks']['get']['parameters']['query']>;
