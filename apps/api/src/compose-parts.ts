import { CatalogDb, CatalogProjector, RetryDelays, StatsProjector } from '@matchlog/catalog';
import { DEFAULT_CONVERSION_LIMITS, LiveFeeds, MatchesCore, ReplayConversions, matchesCore } from '@matchlog/matches';
import { EventStore, LogConsumer } from '@matchlog/store';
import { Logger } from '@nestjs/common';
import { KeyObject } from 'crypto';
import { ApiConfig } from './config/config';
import { SseTransport } from './feed/sse-transport';
import { LogParts, logPartsOf } from './ledger/log-parts';
import { signingKeyOf } from './signing/signing-key';
import { TimeSource, systemEntropy, systemTime } from './time-source';

/** The two databases an instance opens: the event store and the catalog (the read models). */
export interface Stores {
  readonly store: EventStore;
  readonly catalog: CatalogDb;
}

/** Everything the API is made of, built in one place (composeParts); the Nest module only provides it. */
export interface AppParts extends Stores {
  readonly config: ApiConfig;
  readonly projector: CatalogProjector;
  readonly stats: StatsProjector;
  /** the instance's one subscription to the log, with every processor: the projections, the models, the tokens, the live feeds */
  readonly consumer: LogConsumer;
  /** the time the server stamps and measures the broadcast delay with */
  readonly time: TimeSource;
  readonly signingKey: KeyObject;
  readonly core: MatchesCore;
  readonly feeds: LiveFeeds<SseTransport>;
  /** the transparency log: its sequencer (started by the Nest module, LogSequencerRunning), reader, round closer, round log, receipts */
  readonly log: LogParts;
  /** how POST /matches/import/tcg-online converts an upload: the conversion processes */
  readonly conversions: ReplayConversions;
  /** whether the start's catch-up with the log is done (serve.ts listens first); absent: it was done before the app was built */
  readonly start?: { readonly caughtUp: boolean };
}

/** What a test may change in the composition: the time, and how the projections and the consumer retry and report failures. */
export interface Seams {
  readonly time?: TimeSource;
  readonly retry?: RetryDelays;
  readonly onError?: (error: unknown) => void;
}

const feedLogger = new Logger('feed');
const snapshotLogger = new Logger('snapshots');

/** The application (libs/matches) over the stores and projections. */
const coreOf = (config: ApiConfig, stores: Stores, projections: Pick<AppParts, 'projector' | 'stats' | 'conversions'>, signingKey: KeyObject, time: TimeSource): MatchesCore =>
  matchesCore({
    ...stores,
    ...projections,
    time,
    entropy: systemEntropy,
    signingKey,
    trustedKeys: config.trustedKeys,
    organizerKey: config.organizerKey,
    replayCacheEvents: config.replayCacheEvents,
    tokenCache: config.tokenCache,
    slowTurnSeconds: config.slowTurnSeconds,
    penaltyCategories: config.penaltyCategories,
    snapshotEvery: config.snapshotEvery,
    onSnapshotProblem: (message) => snapshotLogger.warn(message),
    onModelFailure: (model, error) => feedLogger.warn(`feed of ${model.matchId} stopped: ${error instanceof Error ? error.message : String(error)}`),
  });

/**
 * The composition root: over opened stores, every part of the API: the projections, the application (models, tokens,
 * the rest), the live feeds, the one log consumer with its processors (in delivery order), the transparency log's
 * parts and the import's conversions. Nothing is started (open-parts.ts). Throws a ConfigError when the signing key
 * cannot be read.
 */
export const composeParts = (config: ApiConfig, stores: Stores, seams: Seams = {}): AppParts => {
  const { store, catalog } = stores;
  const { time = systemTime, retry, onError } = seams;
  const signingKey = signingKeyOf(config);
  const projector = new CatalogProjector(catalog, store, onError, retry);
  const stats = new StatsProjector(catalog, store, onError);
  const conversions = new ReplayConversions(config.importLimits ?? DEFAULT_CONVERSION_LIMITS);
  const core = coreOf(config, stores, { projector, stats, conversions }, signingKey, time);
  const feeds = new LiveFeeds<SseTransport>(core.models, time, (matchId, error) =>
    feedLogger.error(`feed of ${matchId} failed: ${error instanceof Error ? error.stack : String(error)}`),
  );
  const consumer = new LogConsumer(store, { processors: [projector, stats, core.models, core.tokens, feeds], retry, onError });
  const log = logPartsOf(config, stores, core.results, signingKey, time);
  return {
    config,
    store,
    catalog,
    projector,
    stats,
    consumer,
    time,
    signingKey,
    core,
    feeds,
    log,
    conversions,
  };
};
