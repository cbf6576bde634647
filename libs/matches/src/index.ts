export type { TimeSource, Entropy } from './ports';
export {
  AudienceNotFound,
  BodyTooDeep,
  DeckListUnknownCards,
  BroadcastDelayed,
  CatalogBehind,
  ChainBroken,
  EventsRejected,
  Forbidden,
  LogRefused,
  LogUnreadable,
  MatchAlreadyExists,
  MatchLogAlreadyImported,
  MatchNotFound,
  ReceiptWithheld,
  ReplayAlreadyImported,
  ReplaySeriesOutOfOrder,
  ReplayRefused,
  ReplayTooLarge,
  ReplayUnreadable,
  RevisionOutOfRange,
  SaltInBody,
  TokensBehind,
  Unauthenticated,
  ValidationFailed,
} from './errors';
export type { BadDeckLine, FieldProblem } from './errors';
export { matchCreatedWithDecks } from './write/deck-lists';
export type { DeckLists } from './write/deck-lists';
export { matchesCore } from './core';
export type { MatchesCore } from './core';
export { assertJudgeOf, assertMayRecord, assertOrganizer } from './access/caller';
export type { Caller } from './access/caller';
export { Authenticator } from './access/authenticator';
export { TokenGrants } from './access/token-grants';
export { feedHorizon } from './access/feed-horizon';
export { MatchModel } from './model/match-model';
export { MatchModels } from './model/match-models';
export { readMatch } from './model/read-match';
export { DEFAULT_SNAPSHOT_EVERY, MatchSnapshots } from './snapshot/match-snapshots';
export { MatchWriter } from './write/match-writer';
export type { Appended, MatchWithTokens, TokensReissued } from './write/match-writer';
export type { IncomingEvent } from './write/decide';
export { MatchReader } from './read/match-reader';
export type {
  AudienceFeed,
  AudienceFeedEntry,
  AudienceQueueAt,
  JudgeFeed,
  JudgeFeedEntry,
  JudgeQueueAt,
  MatchSummaryWithAudiences,
  ObservationFeed,
  QueueAt,
} from './read/match-reader';
export { MatchIntegrity } from './integrity/match-integrity';
export type { Verification } from './integrity/match-integrity';
export { MatchAudit } from './audit/match-audit';
export type { AuditReport, DeliveryLeaks } from './audit/match-audit';
export { LiveFeeds } from './feed/live-feeds';
export type { LiveEntry, ObservedEntry } from './feed/live-entry';
export type { FeedTransport } from './feed/feed-transport';
export { decideReissue } from './write/decide-reissue';
export type { IssuedTokens } from './write/decide-reissue';
export { readinessForAnyone, readinessOf } from './health/readiness';
export type { Readiness, ReadinessForAnyone } from './health/readiness';
export { openFeed } from './feed/open-feed';
export type { OpenedFeed } from './feed/open-feed';
export { matchResult } from './results/match-result';
export { RoundResultsReader } from './results/round-results';
export type { RoundResults } from './results/round-results';
export { roundResultsCsv } from './results/round-results-csv';
export { MatchClocks } from './clock/match-clocks';
export { importTcgOnlineReplay, tcgOnlineMatchId } from './import/tcg-online/import-replay';
export type { ReplayImported, SeriesGames } from './import/tcg-online/import-replay';
export { convertTcgOnlineReplay, importedEvents } from './import/tcg-online/convert-replay';
export type { ConvertedReplay } from './import/tcg-online/convert-replay';
export { replayOfUpload } from './import/tcg-online/replay-upload';
export { judgeViewExposure, replayExposure } from './import/tcg-online/replay-exposure';
export type { AudienceExposure, ExposedZone } from './import/tcg-online/replay-exposure';
export type { ReplayRefusal } from './import/tcg-online/refusal';
export { DEFAULT_REPLAY_LIMIT } from './import/tcg-online/replay-upload';
export { sealImport } from './write/seal-import';
export type { SealedImport } from './write/seal-import';
export { StatsCardNotFound } from './errors';
export { StatsReader } from './stats/stats-reader';
export type { CardStats, CardStatsOne, DeckStats, MatchupStats, OwnStats, StatsQuery } from './stats/stats-reader';
