import { GENESIS, canonicalJson, chainEvent, linkOf, sealAndChain } from '@matchlog/audit';
import { CatalogDb, TokenRole, legacyGrantsOf, tokenStreamOf, tokensAfter } from '@matchlog/catalog';
import { BROADCAST, EventType, MatchCreated, MatchEvent, emptyMatch, validateBatch } from '@matchlog/domain';
import { DuplicateEventId, EventStore, EventToAppend, RevisionConflict, appendInChunks } from '@matchlog/store';
import { TokenGrants } from '../access/token-grants';
import { EventsRejected, Forbidden, HeadForAnotherMatch, MatchAlreadyExists, MatchLogAlreadyImported, ValidationFailed } from '../errors';
import { MatchModels } from '../model/match-models';
import { ReplayAlreadyImported } from '../errors';
import { Clock, Entropy } from '../ports';
import { refuseClientSalts } from './client-salts';
import { sealImport } from './seal-import';
import { IssuedTokens, decideReissue } from './decide-reissue';
import { importMark } from './import-mark';
import { KeyedLock } from './keyed-lock';

export interface IncomingEvent {
  readonly id?: string;
  readonly type: EventType;
  readonly data: unknown;
}

export interface Appended {
  readonly matchId: string;
  readonly revision: number;
  /** the global log position of the batch's last event: send it back as `after` to a catalog read (GET /matches) to see this append there */
  readonly position: number;
}

/** A match created or imported: its revision, and a token for each of its roles (shown only here). */
export interface MatchWithTokens {
  readonly matchId: string;
  readonly revision: number;
  readonly tokens: IssuedTokens;
}

/** New tokens for the roles named. */
export interface TokensReissued {
  readonly matchId: string;
  readonly tokens: IssuedTokens;
}

/**
 * The write path, as commands: validate against the match's latest state, then append with the
 * expected revision. Writes to one match run one at a time; the store's revision check guards the rest.
 */
export class MatchWriter {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogDb,
    private readonly tokenGrants: TokenGrants,
    private readonly models: MatchModels,
    private readonly clock: Clock,
    private readonly entropy: Entropy,
  ) {}

  /**
   * Creates the match, then records its tokens. A retry (the same match id, event id and data as the
   * stored MatchCreated) answers as the first did, with every token re-issued: only hashes are kept.
   */
  async create(matchId: string | undefined, created: MatchCreated, recordedBy: string, eventId?: string): Promise<MatchWithTokens> {
    const id = matchId ?? this.entropy.uuid();
    const stamped = this.stamp({ id: eventId, type: 'MatchCreated', data: created }, recordedBy);
    // the chain salt: secret to all but judges, covered by every hash of the match (libs/audit chain/hash-chain.ts)
    const chainSalt = this.entropy.hex(32);
    const event = chainEvent(GENESIS, { ...stamped, meta: { ...stamped.meta!, chainSalt } }, chainSalt);
    return this.lock.run(id, async () => {
      const verdict = validateBatch(emptyMatch, [event]);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      if ((await this.store.revisionOf(id)) > 0) {
        const [first] = await this.store.readStream(id, { maxCount: 1 });
        const retried = eventId !== undefined && first?.id === eventId && first.type === 'MatchCreated' && canonicalJson(first.data) === canonicalJson(event.data);
        if (!retried) throw new MatchAlreadyExists(id);
        return { matchId: id, revision: first.revision, tokens: await this.reissueTokens(id, rolesOf(created)) };
      }
      try {
        await this.store.append(id, 0, [event]);
      } catch (error) {
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      return { matchId: id, revision: 1, tokens: await this.reissueTokens(id, rolesOf(created)) };
    });
  }

  /** New tokens for the named roles ("judge", "recorder" or player ids) of a match; the old ones of those roles stop working at once. */
  async reissue(matchId: string, roles: readonly string[]): Promise<TokensReissued> {
    return this.lock.run(matchId, async () => {
      const layout = (await this.models.load(matchId)).state.layout;
      const players = layout?.playerIds ?? [];
      const broadcast = layout?.broadcast?.access === 'token';
      const valid = (role: string) => role === 'judge' || role === 'recorder' || players.includes(role) || (broadcast && role === BROADCAST);
      const named = [...players, ...(broadcast ? [BROADCAST] : [])].join(', ');
      const unknown = roles.flatMap((role, i) =>
        valid(role) ? [] : [{ path: `roles.${i}`, message: `roles.${i} must be "judge", "recorder" or a role of this match (${named}); got "${role}"` }],
      );
      if (unknown.length > 0) throw new ValidationFailed(unknown);
      const asRoles = [...new Set(roles)].map((role): TokenRole =>
        role === 'judge' || role === 'recorder' ? { role } : role === BROADCAST ? { role: 'broadcast' } : { role: 'player', player: role },
      );
      return { matchId, tokens: await this.reissueTokens(matchId, asRoles) };
    });
  }

  /** The organizer voids the match: a MatchVoided appended after its latest revision, on the append path (the log keeps every event). */
  async voidMatch(matchId: string, reason: string): Promise<Appended> {
    const { state } = await this.models.load(matchId);
    return this.append(matchId, state.revision, [{ type: 'MatchVoided', data: { reason } }], 'organizer');
  }

  async append(matchId: string, expectedRevision: number, incoming: readonly IncomingEvent[], recordedBy: string): Promise<Appended> {
    if (recordedBy !== 'organizer' && incoming.some((event) => event.type === 'MatchVoided')) {
      throw new Forbidden('only the organizer key voids a match: POST /matches/:id/void with its reason');
    }
    refuseClientSalts(incoming);
    const recordedAt = new Date(this.clock.now()).toISOString(); // one clock reading for the batch: its events are recorded together
    const stamped = incoming.map((event) => this.stamp(event, recordedBy, recordedAt));
    return this.lock.run(matchId, async () => {
      // up to the store's head (another instance may have appended), so a retry of a batch another
      // instance wrote takes the retry path below and gets that batch's first result
      const model = await this.models.load(matchId);
      const { state } = model;
      if (expectedRevision > state.revision) throw new RevisionConflict(matchId, expectedRevision, state.revision);
      if (expectedRevision < state.revision) {
        // behind the stream, the store writes nothing: a retry of a batch it already holds gets
        // that batch's first result (idempotent append), anything else a conflict. Validated first,
        // against the state it was decided on, so a malformed batch is a 422 here too.
        const verdict = validateBatch(model.replay.stateAt(expectedRevision), stamped);
        if (!verdict.ok) throw new EventsRejected(verdict.error);
        try {
          const { revision, position } = await this.store.append(matchId, expectedRevision, await this.asRetried(matchId, expectedRevision, stamped));
          return { matchId, revision, position };
        } catch (error) {
          throw error instanceof DuplicateEventId ? await this.notARetry(matchId, expectedRevision, state.revision, stamped) : error;
        }
      }
      // 128-bit salts the server draws for the shuffles (the state keeps them), then the chain over the final events
      const sealed = sealAndChain(state, stamped, model, () => this.entropy.hex(16));
      if (!sealed.ok) throw new EventsRejected(sealed.error);
      let appended: { revision: number; position: number };
      try {
        appended = await this.store.append(matchId, expectedRevision, sealed.events);
      } catch (error) {
        this.models.forget(matchId);
        throw error;
      }
      // stored: from here on the answer is the append's, whatever the read side makes of it
      this.models.appended(matchId, expectedRevision, sealed.events, sealed.state);
      return { matchId, revision: appended.revision, position: appended.position };
    });
  }

  /**
   * A whole match from an export (its chain verified by the caller): validated by the domain as one
   * batch, appended as it is (ids, meta and chain kept), with tokens issued as for a new match.
   * A log this store already holds (its first event is a match's MatchCreated) is refused, naming that match.
   * It becomes the match its signed head names (`signedFor`): no other, since its events name none.
   * `signedBy`, the kid of the key that signed the head, is recorded with the import.
   * Too large for one append of the store (EventStoreDB's limit), it goes in chunks; an import cut
   * between chunks is completed by the same request again.
   */
  async importMatch(matchId: string | undefined, events: readonly MatchEvent[], signedFor: string, signedBy: string): Promise<MatchWithTokens> {
    const id = matchId ?? signedFor;
    const kept = events.map(({ id, type, data, meta }) => ({ id, type, data, ...(meta !== undefined && { meta }) }) as MatchEvent);
    return this.lock.run(id, async () => {
      // the same first event (equal chain hashes: id, data and meta alike) in a match's first place
      const holder = await this.store.findEvent?.(kept[0].id);
      const holderHash = holder?.revision === 1 ? linkOf(holder as MatchEvent)?.hash : undefined;
      if (holderHash !== undefined && holderHash === linkOf(kept[0])?.hash) throw new MatchLogAlreadyImported(holder!.streamId);
      if (id !== signedFor) throw new HeadForAnotherMatch(kept.length + 1, signedFor, id);
      if ((await this.store.revisionOf(id)) > 0 && !(await this.importedInPart(id, kept[0]))) throw new MatchAlreadyExists(id);
      const verdict = validateBatch(emptyMatch, kept);
      if (!verdict.ok) throw new EventsRejected(verdict.error);
      let appended: { revision: number; position: number };
      try {
        appended = await appendInChunks(this.store, id, 0, kept);
      } catch (error) {
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      this.models.forget(id);
      const mark = importMark(this.entropy.uuid(), kept.length, signedBy);
      return { matchId: id, revision: appended.revision, tokens: await this.reissueTokens(id, rolesOf(kept[0].data as MatchCreated), [mark]) };
    });
  }

  /**
   * A whole match recorded elsewhere (a tcg.online replay), each event with the time it happened: stamped, chained and
   * sealed as create and append do (the server draws the chain salt, the event ids and every shuffle's salt), validated
   * as one batch, and stored in one append, so a refusal stores nothing. A match already at `matchId` is that game,
   * imported before: 409 naming it.
   */
  async importTimed(
    matchId: string,
    created: MatchCreated,
    createdAt: string,
    incoming: readonly (IncomingEvent & { readonly recordedAt: string })[],
    recordedBy: string,
  ): Promise<MatchWithTokens> {
    refuseClientSalts(incoming);
    const sealed = sealImport(created, createdAt, incoming, recordedBy, this.entropy);
    return this.lock.run(matchId, async () => {
      if ((await this.store.revisionOf(matchId)) > 0) throw new ReplayAlreadyImported(matchId);
      if (!sealed.ok) throw new EventsRejected(sealed.error);
      let appended: { revision: number };
      try {
        appended = await appendInChunks(this.store, matchId, 0, sealed.events);
      } catch (error) {
        throw error instanceof RevisionConflict ? new ReplayAlreadyImported(matchId) : error;
      }
      this.models.forget(matchId);
      return { matchId, revision: appended.revision, tokens: await this.reissueTokens(matchId, rolesOf(created)) };
    });
  }

  /** The match starts with this log's first event (the same chain hash): an import of it, maybe cut between chunks. */
  private async importedInPart(matchId: string, first: MatchEvent): Promise<boolean> {
    const [stored] = await this.store.readStream(matchId, { maxCount: 1 });
    return stored !== undefined && linkOf(stored as MatchEvent)?.hash === linkOf(first)?.hash;
  }

  /**
   * Records new tokens for `roles` in the match's token stream, revoking those in force for the same
   * roles in the same append, and applies them to this instance's tokens at once (other instances
   * learn them from the log). `also`: events recorded in the same append (an import's mark).
   */
  private async reissueTokens(matchId: string, roles: readonly TokenRole[], also: readonly EventToAppend[] = []): Promise<IssuedTokens> {
    const stream = tokenStreamOf(matchId);
    const history = await this.store.readStream(stream);
    // tokens issued before tokens were logged are in force too (issued before the stream's), and revoked the same way
    const legacy = { type: 'TokensIssued', data: { grants: await legacyGrantsOf(this.catalog, matchId) } };
    const { tokens, events } = decideReissue(tokensAfter([legacy, ...history]), roles, this.entropy);
    await this.store.append(stream, history.at(-1)?.revision ?? 0, [...also, ...events]);
    this.tokenGrants.apply(matchId, events);
    return tokens;
  }

  /**
   * What a batch behind the stream that is no retry answers: DUPLICATE_EVENT_ID if it reuses an id of
   * this match, else a conflict, whatever other matches hold, so a stale append probes no other match's ids.
   */
  private async notARetry(matchId: string, expectedRevision: number, current: number, events: readonly MatchEvent[]): Promise<Error> {
    const held = new Set((await this.store.readStream(matchId)).map((event) => event.id));
    const reused = events.find((event) => held.has(event.id));
    return reused ? new DuplicateEventId(reused.id) : new RevisionConflict(matchId, expectedRevision, current);
  }

  /**
   * A retried batch as it was first written: a shuffle, sent again without a salt as every append
   * sends it, gets the salt and commitment the stored one got, so the store recognises the retry.
   */
  private async asRetried(matchId: string, expectedRevision: number, events: readonly MatchEvent[]): Promise<MatchEvent[]> {
    if (!events.some((e) => e.type === 'ZoneShuffled')) return [...events];
    const stored = await this.store.readStream(matchId, { from: expectedRevision + 1, maxCount: events.length });
    return events.map((event, i) => {
      const earlier = stored[i];
      if (event.type !== 'ZoneShuffled' || earlier?.id !== event.id || earlier.type !== 'ZoneShuffled') return event;
      const { salt: _salt, commitment: _commitment, ...recorded } = earlier.data as MatchEvent['data'] & { salt?: string; commitment?: string };
      return canonicalJson(recorded) === canonicalJson(event.data) ? { ...event, data: earlier.data as typeof event.data } : event;
    });
  }

  private stamp(event: IncomingEvent, recordedBy: string, recordedAt = new Date(this.clock.now()).toISOString()): MatchEvent {
    return { id: event.id ?? this.entropy.uuid(), type: event.type, data: event.data, meta: { recordedBy, recordedAt } } as MatchEvent;
  }
}

/** Every role of a match: each player's seat, the judge, the recorder, and the broadcast where it needs a token. */
const rolesOf = (created: MatchCreated): TokenRole[] => [
  ...created.players.map((p): TokenRole => ({ role: 'player', player: p.id })),
  { role: 'judge' },
  { role: 'recorder' },
  ...(created.broadcastAccess === 'token' ? [{ role: 'broadcast' } as const] : []),
];
