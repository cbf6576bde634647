import { Ed25519Jwk } from '@matchlog/audit';
import { CatalogDb, CatalogProjector, StatsProjector } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import { KeyObject } from 'crypto';
import { Authenticator } from './access/authenticator';
import { TokenGrants } from './access/token-grants';
import { MatchAudit } from './audit/match-audit';
import { MatchClocks } from './clock/match-clocks';
import { MatchIntegrity } from './integrity/match-integrity';
import { MatchModel } from './model/match-model';
import { MatchModels } from './model/match-models';
import { StoreHead } from './model/store-head';
import { TimeSource, Entropy } from './ports';
import { CatalogFreshness } from './read/catalog-freshness';
import { MatchReader } from './read/match-reader';
import { MatchSnapshots } from './snapshot/match-snapshots';
import { snapshotSigningKeyOf } from './snapshot/snapshot-signature';
import { RoundResultsReader } from './results/round-results';
import { MatchWriter } from './write/match-writer';
import { StatsReader } from './stats/stats-reader';
import { JudgeDesk } from './desk/judge-desk';
import { SeriesNumbering } from './import/tcg-online/series-numbering';
import { ReplayConverter } from './import/tcg-online/conversion-pool';
import { ReplayImports } from './import/tcg-online/replay-imports';
import { DEFAULT_PENALTY_CATEGORIES, penaltyVocabulary } from './desk/penalties';

export interface CoreParts {
  readonly store: EventStore;
  readonly catalog: CatalogDb;
  /** the catalog's projection */
  readonly projector: CatalogProjector;
  /** the statistics' projection; without it, statistics wait on the catalog's (and find none) */
  readonly stats?: StatsProjector;
  readonly time: TimeSource;
  readonly entropy: Entropy;
  readonly signingKey: KeyObject;
  /** MATCHLOG_TRUSTED_KEYS: other servers' public keys, whose signed exports are imported too */
  readonly trustedKeys?: readonly Ed25519Jwk[];
  readonly organizerKey: string;
  /** where an uploaded replay is converted: conversion processes (ReplayConversions), never the event loop */
  readonly conversions: ReplayConverter;
  readonly replayCacheEvents?: number;
  /** MATCHLOG_TOKEN_CACHE: the most token grants held in memory (default DEFAULT_TOKEN_CACHE) */
  readonly tokenCache?: number;
  /** a followed match that could not catch up with the store: its feeds end */
  readonly onModelFailure?: (model: MatchModel, error: unknown) => void;
  /** how long a catalog read waits for the catalog, and an unknown token for the log consumer, to reach the store's head (default 2000) */
  readonly catchUpWaitMs?: number;
  /** MATCHLOG_SLOW_TURN_SECONDS: a turn longer than this is slow (the judge's clock, SLOW_TURN) */
  readonly slowTurnSeconds?: number;
  /** MATCHLOG_SNAPSHOT_EVERY: a match's snapshot each time it passes this many more events; 0: none (default DEFAULT_SNAPSHOT_EVERY) */
  readonly snapshotEvery?: number;
  /** MATCHLOG_PENALTY_CATEGORIES: the organizer's penalty categories, for every game (default DEFAULT_PENALTY_CATEGORIES) */
  readonly penaltyCategories?: readonly string[];
  /** told of a snapshot not written, not read, or not used (it did not match the log): the log is read instead */
  readonly onSnapshotProblem?: (message: string) => void;
}

/** The application: one model per match, the commands, the reads, integrity and who is asking; the transport calls these. */
export interface MatchesCore {
  /** the models and the tokens are processors of the log consumer, in that order: the composition root builds it with them */
  readonly models: MatchModels;
  readonly tokens: TokenGrants;
  readonly writer: MatchWriter;
  readonly reader: MatchReader;
  readonly integrity: MatchIntegrity;
  readonly authenticator: Authenticator;
  readonly audits: MatchAudit;
  readonly results: RoundResultsReader;
  readonly clocks: MatchClocks;
  readonly stats: StatsReader;
  readonly desk: JudgeDesk;
  /** the replay import: each game of a series numbered under the series' lock, as it is imported */
  readonly imports: ReplayImports;
}

export const matchesCore = (parts: CoreParts): MatchesCore => {
  const snapshots = new MatchSnapshots(parts.store, snapshotSigningKeyOf(parts.signingKey), parts.snapshotEvery, parts.onSnapshotProblem);
  const models = new MatchModels(parts.store, parts.replayCacheEvents, parts.onModelFailure, snapshots);
  const head = new StoreHead(parts.store);
  const tokens = new TokenGrants(parts.catalog, parts.store, head, parts.catchUpWaitMs, { projector: parts.projector, grants: parts.tokenCache });
  const freshness = new CatalogFreshness(parts.projector, head, parts.catchUpWaitMs);
  const writer = new MatchWriter(parts.store, parts.catalog, tokens, models, parts.time, parts.entropy);
  const desk = new JudgeDesk(writer, models, parts.catalog, freshness, parts.entropy, penaltyVocabulary(parts.penaltyCategories ?? DEFAULT_PENALTY_CATEGORIES));
  const results = new RoundResultsReader(parts.catalog, freshness, parts.time, models);
  return {
    desk,
    models,
    tokens,
    writer,
    reader: new MatchReader(models, parts.catalog, parts.time, freshness),
    integrity: new MatchIntegrity(parts.store, models, writer, parts.signingKey, parts.time, parts.trustedKeys),
    authenticator: new Authenticator(parts.organizerKey, tokens),
    audits: new MatchAudit(parts.store, parts.catalog, freshness, parts.slowTurnSeconds),
    results,
    imports: new ReplayImports(writer, parts.conversions, new SeriesNumbering(results), parts.time),
    clocks: new MatchClocks(parts.store, parts.slowTurnSeconds),
    stats: new StatsReader(parts.catalog, new CatalogFreshness(parts.stats ?? parts.projector, head, parts.catchUpWaitMs), parts.time),
  };
};
