import { sealShuffle } from '@matchlog/audit/chain/commitment';
import { canonicalJson } from '@matchlog/audit/chain/canonical-json';
import { GENESIS, chainEvent, chainEvents } from '@matchlog/audit/chain/hash-chain';
import { CatalogDb, CatalogFeeder, issueMatchTokens, revokeTokens } from '@matchlog/catalog';
import { EventType, MatchCreated, MatchEvent, emptyMatch, validateBatch } from '@matchlog/domain';
import { EventStore, RevisionConflict } from '@matchlog/store';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'crypto';
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
    const event = chainEvent(GENESIS, this.stamp({ id: eventId, type: 'MatchCreated', data: created }, recordedBy));
    return this.lock.run(id, async () => {
      const verdict = validateBatch(emptyMatch, [event]);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      if ((await this.store.revisionOf(id)) > 0) throw new MatchAlreadyExists(id);
      const tokens = await issueMatchTokens(this.catalog, id, created.players.map((p) => p.id));
      let position: number;
      try {
        ({ position } = await this.store.append(id, 0, [event]));
      } catch (error) {
        await revokeTokens(this.catalog, tokens);
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      await this.feeder.caughtUpTo(position);
      return { matchId: id, revision: 1, tokens };
    });
  }

  async append(matchId: string, expectedRevision: number, incoming: readonly IncomingEvent[], recordedBy: string): Promise<Appended> {
    const stamped = incoming.map((event) => this.stamp(event, recordedBy));
    return this.lock.run(matchId, async () => {
      let loaded = await this.replays.load(matchId);
      if (expectedRevision !== loaded.state.revision) {
        this.replays.forget(matchId);
        loaded = await this.replays.load(matchId);
      }
      const { state } = loaded;
      if (expectedRevision > state.revision) throw new RevisionConflict(matchId, expectedRevision, state.revision);
      if (expectedRevision < state.revision) {
        // behind the stream, the store writes nothing: a retry of a batch it already holds gets
        // that batch's first result (idempotent append), anything else a conflict. Validated first,
        // against the state it was decided on, so a malformed batch is a 422 here too.
        const verdict = validateBatch(loaded.replay.stateAt(expectedRevision), stamped);
        if (!verdict.ok) throw new EventsRejected(verdict.error);
        const { revision } = await this.store.append(matchId, expectedRevision, await this.asRetried(matchId, expectedRevision, stamped));
        return { matchId, revision };
      }
      // salts and commitments first (the state keeps the salts), then the chain over the final events
      const sealed = stamped.map((event) => (event.type === 'ZoneShuffled' ? { ...event, data: sealShuffle(state, event.data, newSalt()) } : event));
      const verdict = validateBatch(state, sealed);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      const events = chainEvents(sealed, loaded.head);
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

  /**
   * A whole match from an export (its chain verified by the caller): validated by the domain as one
   * batch, appended as it is (ids, meta and chain kept), with tokens issued as for a new match.
   */
  async importMatch(matchId: string | undefined, events: readonly MatchEvent[]) {
    const id = matchId ?? randomUUID();
    const kept = events.map(({ id, type, data, meta }) => ({ id, type, data, ...(meta !== undefined && { meta }) }) as MatchEvent);
    return this.lock.run(id, async () => {
      if ((await this.store.revisionOf(id)) > 0) throw new MatchAlreadyExists(id);
      const verdict = validateBatch(emptyMatch, kept);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      const players = (kept[0].data as MatchCreated).players.map((p) => p.id);
      const tokens = await issueMatchTokens(this.catalog, id, players);
      try {
        const { revision, position } = await this.store.append(id, 0, kept);
        this.replays.forget(id);
        await this.feeder.caughtUpTo(position);
        return { matchId: id, revision, tokens };
      } catch (error) {
        await revokeTokens(this.catalog, tokens);
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
    });
  }

  /**
   * A retried batch as it was first written: a shuffle sent again without a salt gets the salt and
   * commitment the stored one got, so the store recognises the retry.
   */
  private async asRetried(matchId: string, expectedRevision: number, events: readonly MatchEvent[]): Promise<MatchEvent[]> {
    if (!events.some((e) => e.type === 'ZoneShuffled' && e.data.salt === undefined)) return [...events];
    const stored = await this.store.readStream(matchId, { from: expectedRevision + 1, maxCount: events.length });
    return events.map((event, i) => {
      const earlier = stored[i];
      if (event.type !== 'ZoneShuffled' || event.data.salt !== undefined || earlier?.id !== event.id || earlier.type !== 'ZoneShuffled') return event;
      const { salt: _salt, commitment: _commitment, ...recorded } = earlier.data as MatchEvent['data'] & { salt?: string; commitment?: string };
      return canonicalJson(recorded) === canonicalJson({ ...event.data, commitment: undefined }) ? { ...event, data: earlier.data as typeof event.data } : event;
    });
  }

  private stamp(event: IncomingEvent, recordedBy: string): MatchEvent {
    return { id: event.id ?? randomUUID(), type: event.type, data: event.data, meta: { recordedBy, recordedAt: new Date().toISOString() } } as MatchEvent;
  }
}

/** 128 random bits, hex: drawn here, outside the domain, for every shuffle recorded without a salt. */
const newSalt = (): string => randomBytes(16).toString('hex');
