export type { TimeSource, Entropy } from './ports';
export * from './errors';
export { matchCreatedWithDecks } from './write/deck-lists';
export type { DeckLists } from './write/deck-lists';
export { matchCreatedWithSetup } from './write/four-souls-setup';
export type { FourSoulsSetup } from './write/four-souls-setup';
export * from './write/setup-unknown-cards';
export { matchesCore } from './core';
export type { MatchesCore } from './core';
export { assertJudgeOf, assertMayCallJudge, assertMayRecord, assertOrganizer } from './access/caller';
export type { Caller } from './access/caller';
export { Authenticator } from './access/authenticator';
export { TokenGrants } from './access/token-grants';
export { feedHorizon } from './access/feed-horizon';
export { MatchModel } from './model/match-model';
export { MatchModels } from './model/match-models';
export { readMatchEvents } from './model/read-match-events';
export { DEFAULT_SNAPSHOT_EVERY, MatchSnapshots } from './snapshot/match-snapshots';
export { MatchWriter } from './write/match-writer';
export type { Appended, MatchWithTokens, TokensReissued } from './write/match-writer';
export type { IncomingEvent } from './write/decide';
export { MatchReader } from './read/match-reader';
export type * from './read/match-reader';
export { MatchIntegrity } from './integrity/match-integrity';
export type { Verification } from './integrity/match-integrity';
export { MatchAudit } from './audit/match-audit';
export type { AuditReport, DeliveryLeaks } from './audit/match-audit';
export { LiveFeeds } from './feed/live-feeds';
export type { LiveEntry, ObservedEntry } from './feed/live-entry';
export type { FeedTransport } from './feed/feed-transport';
export { readinessForAnyone, readinessOf } from './health/readiness';
export type { Readiness, ReadinessForAnyone } from './health/readiness';
export { openFeed } from './feed/open-feed';
export type { OpenedFeed } from './feed/open-feed';
export { matchResult } from './results/match-result';
export { firstChoiceNext } from './results/first-choice';
export type { FirstChoice } from './results/first-choice';
export { RoundResultsReader } from './results/round-results';
export type { RoundResults } from './results/round-results';
export { roundResultsCsv } from './results/round-results-csv';
export { MatchClocks } from './clock/match-clocks';
export { importTcgOnlineReplay, tcgOnlineMatchId } from './import/tcg-online/import-replay';
export type { ReplayImported } from './import/tcg-online/import-replay';
export { SeriesNumbering } from './import/tcg-online/series-numbering';
export { ReplayImports } from './import/tcg-online/replay-imports';
export type { ReplayUploadIn } from './import/tcg-online/replay-imports';
export type { SeriesGames } from './import/tcg-online/series-numbering';
export { convertTcgOnlineReplay, importedEvents, stepRevisions } from './import/tcg-online/convert-replay';
export type { ConvertedReplay, StepRevisions } from './import/tcg-online/convert-replay';
export { replayOfUpload } from './import/tcg-online/replay-upload';
export { judgeViewExposure, replayExposure } from './import/tcg-online/replay-exposure';
export type { AudienceExposure, ExposedZone } from './import/tcg-online/replay-exposure';
export type { ReplayRefusal } from './import/tcg-online/refusal';
export { DEFAULT_REPLAY_LIMIT } from './import/tcg-online/replay-upload';
export { convertUpload } from './import/tcg-online/convert-upload';
export type { ReplayUpload, UploadConverted } from './import/tcg-online/convert-upload';
export { DEFAULT_CONVERSION_LIMITS, ReplayConversions, convertInProcess } from './import/tcg-online/conversion-pool';
export type { ConversionLimits, ReplayConverter } from './import/tcg-online/conversion-pool';
export { conversionLimitsOf } from './import/tcg-online/conversion-limits';
export { decideReplayImport } from './write/decide-replay-import';
export type { DecidedReplayImport } from './write/decide-replay-import';
export { StatsReader } from './stats/stats-reader';
export type { CardStats, CardStatsOne, DeckStats, LeadStats, MatchupStats, OwnStats, StatsQuery } from './stats/stats-reader';
export { JudgeDesk, RULING_EXTENSION_REASON } from './desk/judge-desk';
export type { CallAction, CallRequest, DeskCallEntry, NoteRequest, PlayerHistory, RulingRequest } from './desk/judge-desk';
export { DEFAULT_PENALTY_CATEGORIES, penaltyVocabulary } from './desk/penalties';
export type { GamePenalties, KnownInfraction, PenaltyVocabulary } from './desk/penalties';
export { LogSequencer, LogReader, LogPublisher, LOG_STATE, RoundCloser, RoundLogReader, ReceiptLogger, slipHash } from './ledger';
export type {
  LogSequencerOptions,
  TileRead,
  LogDb,
  PublishedCheckpoint,
  MatchLog,
  LogWitness,
  WitnessClient,
  WitnessResponse,
  RoundClosed,
  RoundLog,
  RoundLogEntry,
  LoggedReceipt,
} from './ledger';
export { Witness } from './witness/witness';
export type { WitnessAnswer } from './witness/witness';
export type { StoredWitnessState, WitnessStore } from './witness/witness-store';
