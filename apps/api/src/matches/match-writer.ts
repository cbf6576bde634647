import { CatalogDb, CatalogFeeder, issueMatchTokens, revokeMatchTokens } from '@matchlog/catalog';
import { EventType, MatchCreated, MatchEvent, emptyMatch, validateBatch } from '@matchlog/domain';
import { EventStore, RevisionConflict } from '@matchlog/store';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { EventsRejected, MatchAlreadyExists } from '../errors/api-errors';
import { CATALOG_DB, CATALOG_FEEDER, EVENT_STORE } from '../tokens';
import { KeyedLock } from './keyed-lock';
import { MatchReplays } from './match-replays';

export interface IncomingEvent {
  readonly id?: string;
  readonly type: EventType;
  readonly data: unknown;
}

export interface Appended {
  readonly matchId: string;
  readonly revision: number;
}

/**
 * The write path: validate against the match's latest state, then append with the expected
 * revision. Writes to one match run one at a time; the store's revision check guards the rest.
 */
@Injectable()
export class MatchWriter {
  private readonly lock = new KeyedLock();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CATALOG_DB) private readonly catalog: CatalogDb,
    @Inject(CATALOG_FEEDER) private readonly feeder: CatalogFeeder,
    private readonly replays: MatchReplays,
  ) {}

  async create(matchId: string | undefined, created: MatchCreated, recordedBy: string, eventId?: string) {
    const id = matchId ?? randomUUID();
    const event = this.stamp({ id: eventId, type: 'MatchCreated', data: created }, recordedBy);
    return this.lock.run(id, async () => {
      const verdict = validateBatch(emptyMatch, [event]);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      if ((await this.store.revisionOf(id)) > 0) throw new MatchAlreadyExists(id);
      const tokens = await issueMatchTokens(this.catalog, id, created.players.map((p) => p.id));
      try {
        const { position } = await this.store.append(id, 0, [event]);
        await this.feeder.caughtUpTo(position);
      } catch (error) {
        await revokeMatchTokens(this.catalog, id);
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      return { matchId: id, revision: 1, tokens };
    });
  }

  async append(matchId: string, expectedRevision: number, incoming: readonly IncomingEvent[], recordedBy: string): Promise<Appended> {
    const events = incoming.map((event) => this.stamp(event, recordedBy));
    return this.lock.run(matchId, async () => {
      let { state } = await this.replays.load(matchId);
      if (expectedRevision !== state.revision) {
        this.replays.forget(matchId);
        ({ state } = await this.replays.load(matchId));
      }
      if (expectedRevision > state.revision) throw new RevisionConflict(matchId, expectedRevision, state.revision);
      if (expectedRevision < state.revision) {
        // behind the stream, the store writes nothing: a retry of a batch it already holds gets
        // that batch's first result (idempotent append), anything else a conflict
        const { revision } = await this.store.append(matchId, expectedRevision, events);
        return { matchId, revision };
      }
      const verdict = validateBatch(state, events);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      try {
        const { revision, position } = await this.store.append(matchId, expectedRevision, events);
        this.replays.appended(matchId, events, verdict.state);
        await this.feeder.caughtUpTo(position);
        return { matchId, revision };
      } catch (error) {
        this.replays.forget(matchId);
        throw error;
      }
    });
  }

  private stamp(event: IncomingEvent, recordedBy: string): MatchEvent {
    return { id: event.id ?? randomUUID(), type: event.type, data: event.data, meta: { recordedBy, recordedAt: new Date().toISOString() } } as MatchEvent;
  }
}
