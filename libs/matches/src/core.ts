import { CatalogDb, CatalogFeeder } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import { KeyObject } from 'crypto';
import { Authenticator } from './access/authenticator';
import { FeedEncoder } from './feed/sse';
import { MatchAudit } from './audit/match-audit';
import { MatchClocks } from './clock/match-clocks';
import { MatchIntegrity } from './integrity/match-integrity';
import { MatchModel } from './model/match-model';
import { MatchModels } from './model/match-models';
import { Clock, Entropy } from './ports';
import { MatchReader } from './read/match-reader';
import { MatchSnapshots } from './snapshot/match-snapshots';
import { RoundResultsReader } from './results/round-results';
import { MatchWriter } from './write/match-writer';

export interface CoreParts {
  readonly store: EventStore;
  readonly catalog: CatalogDb;
  /** the catalog's projection, whose log consumer is the instance's one subscription */
  readonly feeder: CatalogFeeder;
  readonly clock: Clock;
  readonly entropy: Entropy;
  readonly signingKey: KeyObject;
  readonly organizerKey: string;
  readonly replayCacheEvents?: number;
  /** a followed match that could not catch up with the store: its feeds end */
  readonly onModelFailure?: (model: MatchModel, error: unknown) => void;
  /** how live feed messages are written: the transport's wall (JSON.stringify when absent) */
  readonly feedEncoder?: FeedEncoder;
  /** MATCHLOG_SLOW_TURN_SECONDS: a turn longer than this is slow (the clock, SLOW_TURN) */
  readonly slowTurnSeconds?: number;
  /** MATCHLOG_SNAPSHOT_EVERY: a match's snapshot each time it passes this many more events; 0: none (default DEFAULT_SNAPSHOT_EVERY) */
  readonly snapshotEvery?: number;
  /** told of a snapshot not written, not read, or not used (it did not match the log): the log is read instead */
  readonly onSnapshotProblem?: (message: string) => void;
}

/** The application: one model per match, the commands, the reads, integrity and who is asking; the transport calls these. */
export interface MatchesCore {
  readonly models: MatchModels;
  readonly writer: MatchWriter;
  readonly reader: MatchReader;
  readonly integrity: MatchIntegrity;
  readonly authenticator: Authenticator;
  readonly audits: MatchAudit;
  readonly results: RoundResultsReader;
  readonly clocks: MatchClocks;
}

export const matchesCore = (parts: CoreParts): MatchesCore => {
  const snapshots = new MatchSnapshots(parts.store, parts.entropy, parts.snapshotEvery, parts.onSnapshotProblem);
  const models = new MatchModels(parts.store, parts.replayCacheEvents, parts.onModelFailure, parts.feedEncoder, snapshots);
  parts.feeder.consumer.add(models);
  const writer = new MatchWriter(parts.store, parts.catalog, parts.feeder, models, parts.clock, parts.entropy);
  return {
    models,
    writer,
    reader: new MatchReader(models, parts.catalog, parts.clock),
    integrity: new MatchIntegrity(parts.store, models, writer, parts.signingKey, parts.clock),
    authenticator: new Authenticator(parts.organizerKey, parts.catalog),
    audits: new MatchAudit(parts.store, parts.catalog, parts.slowTurnSeconds),
    results: new RoundResultsReader(parts.catalog),
    clocks: new MatchClocks(parts.store, parts.slowTurnSeconds),
  };
};
