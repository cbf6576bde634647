import { GENESIS, canonicalJson, linkOf } from '@matchlog/audit';
import { CatalogDb, legacyGrantsOf } from '@matchlog/catalog';
import { BROADCAST, MatchCreated, MatchEvent, MatchState, deskEventTypes, emptyMatch } from '@matchlog/domain';
import { DuplicateEventId, EventStore, EventToAppend, RevisionConflict, StorageFull, appendInChunks, isStorageError } from '@matchlog/store';
import { IssuedTokens, TokenRole, decideReissue, tokenStreamOf, tokensAfter } from '@matchlog/tokens';
import { TokenGrants } from '../access/token-grants';
import { EventsRejected, Forbidden, MatchAlreadyExists, MatchLogAlreadyImported, ValidationFailed } from '../errors';
import { HeadForAnotherMatch } from './head-for-another-match';
import { MatchModels } from '../model/match-models';
import { ReplayAlreadyImported, TokensNotIssued } from '../errors';
import { TimeSource, Entropy } from '../ports';
import { IncomingEvent, decide } from './decide';
import { decideReplayImport } from './decide-replay-import';
import { importMark } from './import-mark';
import { KeyedLock } from './keyed-lock';
import { asRetried, createRetried, importedInPart, notARetry } from './retries';

/** The chain a new match opens: decide draws its salt. */
const NEW_CHAIN = { head: GENESIS, salt: undefined };

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
    private readonly time: TimeSource,
    private readonly entropy: Entropy,
  ) {}

  /**
   * Creates the match, then records its tokens. A retry (the same match id, event id and data as the
   * stored MatchCreated) answers as the first did, with every token re-issued (only hashes are kept), while
   * the match holds nothing more; once something is recorded with its tokens, 409 as for any other.
   * So does the same creation sent again (without an event id) while the match has no tokens: stored, its answer lost.
   */
  async create(matchId: string | undefined, created: MatchCreated, recordedBy: string, eventId?: string): Promise<MatchWithTokens> {
    const id = matchId ?? this.entropy.uuid();
    const opens = { id: eventId, type: 'MatchCreated' as const, data: created };
    const decided = decide(emptyMatch, NEW_CHAIN, { opens, events: [], recordedBy, recordedAt: this.now() }, this.entropy);
    return this.lock.run(id, async () => {
      if (!decided.ok) throw new EventsRejected(decided.error);
      if ((await this.store.revisionOf(id)) > 0) {
        const retried = eventId === undefined ? undefined : await createRetried(this.store, id, decided.events[0]);
        // a retry re-issues the tokens only while nothing was recorded with them: a late one must not lock out a table mid-match
        const first = (retried && (await this.store.revisionOf(id)) === retried.revision ? retried : undefined) ?? (await this.storedWithoutTokens(id, decided.events[0]));
        if (!first) throw new MatchAlreadyExists(id);
        const tokens = await this.tokensOfStored(id, first.revision, rolesOf(created), [], first === retried ? undefined : () => new MatchAlreadyExists(id));
        return { matchId: id, revision: first.revision, tokens };
      }
      try {
        await this.store.append(id, 0, decided.events);
      } catch (error) {
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      return { matchId: id, revision: 1, tokens: await this.tokensOfStored(id, 1, rolesOf(created), [], () => new MatchAlreadyExists(id)) };
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
    // the desk's routes check who may write each desk event and its free text against every audience (docs/guides/judging.md)
    const desk = incoming.flatMap((event, i) =>
      deskEventTypes.includes(event.type)
        ? [
            {
              path: `events.${i}.type`,
              message: `${event.type} is written through the judge's desk (POST /matches/:id/calls, …/rulings, …/notes: docs/guides/judging.md), which checks its free text; not appended here`,
            },
          ]
        : [],
    );
    if (desk.length > 0) throw new ValidationFailed(desk);
    const batch = { events: incoming, recordedBy, recordedAt: this.now() }; // one reading of the time for the batch: its events are recorded together
    return this.lock.run(matchId, async () => {
      // up to the store's head (another instance may have appended), so a retry of a batch another
      // instance wrote takes the retry path below and gets that batch's first result
      const model = await this.models.load(matchId);
      const { state } = model;
      // a batch behind the stream is decided against the state it was decided on, so a malformed one is a 422 there too
      const behind = expectedRevision < state.revision;
      const decided = decide(behind ? model.replay.stateAt(expectedRevision) : state, model, batch, this.entropy);
      if (expectedRevision > state.revision) throw new RevisionConflict(matchId, expectedRevision, state.revision);
      if (!decided.ok) throw new EventsRejected(decided.error);
      if (behind) {
        // the store writes nothing: a retry of a batch it holds gets that batch's first result (idempotent append), anything else a conflict
        try {
          const { revision, position } = await this.store.append(matchId, expectedRevision, await asRetried(this.store, matchId, expectedRevision, decided.events));
          return { matchId, revision, position };
        } catch (error) {
          throw error instanceof DuplicateEventId ? await notARetry(this.store, matchId, expectedRevision, state.revision, decided.events) : error;
        }
      }
      let appended: { revision: number; position: number };
      try {
        appended = await this.store.append(matchId, expectedRevision, decided.events);
      } catch (error) {
        this.models.forget(matchId);
        throw error;
      }
      // stored: from here on the answer is the append's, whatever the read side makes of it
      this.models.appended(matchId, expectedRevision, decided.events, decided.state);
      return { matchId, revision: appended.revision, position: appended.position };
    });
  }

  /**
   * Events decided on the match's latest state, under its write lock, appended at its head: the judge's desk,
   * whose calls and rulings come while the recorder appends and must not conflict with it. `build` reads the
   * state and answers the events (it throws to refuse), or `{ revision }`: a retry of something already
   * recorded, answered as it was.
   */
  async appendAtHead(matchId: string, build: (state: MatchState) => readonly IncomingEvent[] | { readonly revision: number }, recordedBy: string): Promise<Appended> {
    return this.lock.run(matchId, async () => {
      const model = await this.models.load(matchId);
      const { state } = model;
      const built = build(state);
      if (!Array.isArray(built)) return { matchId, revision: (built as { revision: number }).revision, position: 0 };
      const decided = decide(state, model, { events: built as readonly IncomingEvent[], recordedBy, recordedAt: this.now() }, this.entropy);
      if (!decided.ok) throw new EventsRejected(decided.error);
      let appended: { revision: number; position: number };
      try {
        appended = await this.store.append(matchId, state.revision, decided.events);
      } catch (error) {
        this.models.forget(matchId);
        throw error;
      }
      this.models.appended(matchId, state.revision, decided.events, decided.state);
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
   * between chunks is completed by the same request again, and a whole one whose tokens were never recorded answers with them.
   */
  async importExport(matchId: string | undefined, events: readonly MatchEvent[], signedFor: string, signedBy: string): Promise<MatchWithTokens> {
    const id = matchId ?? signedFor;
    const kept = events.map(({ id, type, data, meta }) => ({ id, type, data, ...(meta !== undefined && { meta }) }) as MatchEvent);
    return this.lock.run(id, async () => {
      // the same first event (equal chain hashes: id, data and meta alike) in a match's first place
      const holder = await this.store.findEvent?.(kept[0].id);
      const holderHash = holder?.revision === 1 ? linkOf(holder as MatchEvent)?.hash : undefined;
      if (holderHash !== undefined && holderHash === linkOf(kept[0])?.hash) {
        const revision = await this.store.revisionOf(holder!.streamId);
        if (holder!.streamId !== id || revision !== kept.length || !(await this.tokensNeverIssued(id))) throw new MatchLogAlreadyImported(holder!.streamId);
        return {
          matchId: id,
          revision,
          tokens: await this.tokensOfStored(
            id,
            revision,
            rolesOf(kept[0].data as MatchCreated),
            [importMark(this.entropy.uuid(), kept.length, signedBy)],
            () => new MatchLogAlreadyImported(id),
          ),
        };
      }
      if (id !== signedFor) throw new HeadForAnotherMatch(kept.length + 1, signedFor, id);
      if ((await this.store.revisionOf(id)) > 0 && !(await importedInPart(this.store, id, kept[0]))) throw new MatchAlreadyExists(id);
      const decided = decide(emptyMatch, NEW_CHAIN, { verified: kept }, this.entropy);
      if (!decided.ok) throw new EventsRejected(decided.error);
      let appended: { revision: number; position: number };
      try {
        appended = await appendInChunks(this.store, id, 0, decided.events);
      } catch (error) {
        throw error instanceof RevisionConflict ? new MatchAlreadyExists(id) : error;
      }
      this.models.forget(id);
      const mark = importMark(this.entropy.uuid(), kept.length, signedBy);
      const tokens = await this.tokensOfStored(id, appended.revision, rolesOf(kept[0].data as MatchCreated), [mark], () => new MatchLogAlreadyImported(id));
      return { matchId: id, revision: appended.revision, tokens };
    });
  }

  /**
   * A whole match recorded elsewhere (a tcg.online replay), each event with the time it happened: stamped, chained and
   * sealed as create and append do (the server draws the chain salt, the event ids and every shuffle's salt), validated
   * as one batch, and stored in one append, so a refusal stores nothing. A match already at `matchId` is that game,
   * imported before: 409 naming it, unless it is this import whole with no tokens recorded (its answer lost): then its tokens.
   */
  async importReplay(
    matchId: string,
    created: MatchCreated,
    createdAt: string,
    incoming: readonly (IncomingEvent & { readonly recordedAt: string; readonly step?: number })[],
    recordedBy: string,
  ): Promise<MatchWithTokens> {
    const sealed = decideReplayImport(created, createdAt, incoming, recordedBy, this.entropy);
    return this.lock.run(matchId, async () => {
      const stored = await this.store.revisionOf(matchId);
      if (stored > 0) {
        const again = sealed.ok && stored === sealed.events.length ? await this.storedWithoutTokens(matchId, sealed.events[0]) : undefined;
        if (!again) throw new ReplayAlreadyImported(matchId);
        return { matchId, revision: stored, tokens: await this.tokensOfStored(matchId, stored, rolesOf(created), [], () => new ReplayAlreadyImported(matchId)) };
      }
      if (!sealed.ok) throw new EventsRejected(sealed.error);
      let appended: { revision: number };
      try {
        appended = await appendInChunks(this.store, matchId, 0, sealed.events);
      } catch (error) {
        throw error instanceof RevisionConflict ? new ReplayAlreadyImported(matchId) : error;
      }
      this.models.forget(matchId);
      return {
        matchId,
        revision: appended.revision,
        tokens: await this.tokensOfStored(matchId, appended.revision, rolesOf(created), [], () => new ReplayAlreadyImported(matchId)),
      };
    });
  }

  /**
   * The tokens of a match just stored: the store failing now is no "nothing was done", the match is there (TokensNotIssued).
   * `taken`: they must be the match's first tokens (a creation's or an import's, its own or a resend's), so that two
   * requests racing on one match (two instances, or a resend while the first is on its way) never both get tokens: the
   * later one's append finds the token stream begun, and answers `taken()`.
   */
  private async tokensOfStored(matchId: string, revision: number, roles: readonly TokenRole[], also: readonly EventToAppend[] = [], taken?: () => Error): Promise<IssuedTokens> {
    try {
      return await this.reissueTokens(matchId, roles, also, taken !== undefined);
    } catch (error) {
      if (taken !== undefined && error instanceof RevisionConflict) throw taken();
      throw isStorageError(error) ? new TokensNotIssued(matchId, revision, error instanceof StorageFull) : error;
    }
  }

  /** The match's MatchCreated, when it has this one's data and no token of the match was ever recorded: stored, its answer lost. */
  private async storedWithoutTokens(matchId: string, created: MatchEvent): Promise<{ readonly revision: number } | undefined> {
    const [first] = await this.store.readStream(matchId, { maxCount: 1 });
    const same = first?.type === 'MatchCreated' && canonicalJson(first.data) === canonicalJson(created.data);
    return same && (await this.tokensNeverIssued(matchId)) ? { revision: await this.store.revisionOf(matchId) } : undefined;
  }

  private async tokensNeverIssued(matchId: string): Promise<boolean> {
    const [issued] = await this.store.readStream(tokenStreamOf(matchId), { maxCount: 1 });
    return issued === undefined && (await legacyGrantsOf(this.catalog, matchId)).length === 0;
  }

  /**
   * Records new tokens for `roles` in the match's token stream, revoking those in force for the same
   * roles in the same append, and applies them to this instance's tokens at once (other instances
   * learn them from the log). `also`: events recorded in the same append (an import's mark).
   */
  private async reissueTokens(matchId: string, roles: readonly TokenRole[], also: readonly EventToAppend[] = [], first = false): Promise<IssuedTokens> {
    const stream = tokenStreamOf(matchId);
    const history = first ? [] : await this.store.readStream(stream);
    // tokens issued before tokens were logged are in force too (issued before the stream's), and revoked the same way
    const legacy = { type: 'TokensIssued', data: { grants: await legacyGrantsOf(this.catalog, matchId) } };
    const { tokens, events } = decideReissue(tokensAfter([legacy, ...history]), roles, this.entropy);
    await this.store.append(stream, history.at(-1)?.revision ?? 0, [...also, ...events]);
    this.tokenGrants.apply(matchId, events);
    return tokens;
  }

  private now(): string {
    return new Date(this.time.now()).toISOString();
  }
}

/** Every role of a match: each player's seat, the judge, the recorder, and the broadcast where it needs a token. */
const rolesOf = (created: MatchCreated): TokenRole[] => [
  ...created.players.map((p): TokenRole => ({ role: 'player', player: p.id })),
  { role: 'judge' },
  { role: 'recorder' },
  ...(created.broadcastAccess === 'token' ? [{ role: 'broadcast' } as const] : []),
];
