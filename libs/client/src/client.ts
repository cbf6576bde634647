import { MatchlogError, RevisionConflict } from './errors';
import { FeedEntry, FollowOptions, Following, followFeed } from './follow';
import { DEFAULT_RETRY } from './retry';
import { Request, TransportOptions, send } from './transport';
import type {
  AuditReport,
  CardStats,
  CardStatsOne,
  CardStatsQuery,
  CreateMatchData,
  DeckStats,
  LeadStats,
  EventToSend,
  EventWithId,
  EventsPage,
  Jwks,
  MatchLog,
  ListMatchesQuery,
  MatchClock,
  MatchDetail,
  MatchPage,
  MatchWithTokens,
  MatchupStats,
  Receipt,
  ReceiptWithProof,
  RoundResults,
  ReplayImported,
  RoundResultsQuery,
  RoundLog,
  RoundLogQuery,
  StatsQuery,
  View,
  Voided,
} from './types';

export interface ClientOptions {
  /** the API's origin, e.g. http://localhost:3000 */
  baseUrl: string;
  /** bearer: a recorder, judge or player token, or the organizer key */
  token?: string;
  /** default globalThis.fetch */
  fetch?: typeof fetch;
  /** defaults: 8 attempts, 100 ms doubling to 5 s */
  retry?: { attempts?: number; firstDelayMs?: number; maxDelayMs?: number };
  /** event ids; default crypto.randomUUID() */
  newId?: () => string;
  /** for tests */
  sleep?: (ms: number) => Promise<void>;
}

export interface Appended {
  readonly matchId: string;
  readonly revision: number;
  /** the log position of the batch's last event (absent from servers before it was answered): pass it as `after` to matches() or roundResults() to see this append there */
  readonly position?: number;
  /** the events as sent, each with the id it was recorded under */
  readonly events: readonly EventWithId[];
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaultNewId = () => globalThis.crypto.randomUUID();
const matchPath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

/** The matchlog REST API and its live feed, over plain fetch: for browsers, Node 20+ and Deno. */
export class MatchlogClient {
  private readonly transport: TransportOptions;
  private readonly newId: () => string;

  constructor(options: ClientOptions) {
    // called unbound: a browser refuses window.fetch called as another object's method
    const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    this.transport = {
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: fetchImpl as typeof fetch,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      sleep: options.sleep ?? defaultSleep,
    };
    this.newId = options.newId ?? defaultNewId;
  }

  /**
   * POST /matches (organizer key). Retried like append: the same matchId and eventId make a retry answer as the first try did.
   * A Lorcana deck may be given as text: `{ ...data, deckLists: { p1: '4 Elsa - Snow Queen\n…' } }` (cards then optional).
   */
  createMatch(data: CreateMatchData, options: { matchId?: string; eventId?: string } = {}): Promise<MatchWithTokens> {
    const body = { ...data, matchId: options.matchId ?? this.newId(), eventId: options.eventId ?? this.newId() };
    return this.request<MatchWithTokens>({ method: 'POST', path: '/matches', body });
  }

  /**
   * POST /matches/import/tcg-online (organizer key): a tcg.online replay, the .zip's bytes (sent as application/zip) or
   * replay.json's text (application/json). The answer's `exposes` says what the file names beyond each audience's view.
   * A game imported before throws a MatchlogError REPLAY_ALREADY_IMPORTED (409, `body.matchId` naming it), and so does a
   * retry of an import that reached the server, unless its tokens were never recorded (503 TOKENS_NOT_ISSUED): then the retry gets them.
   */
  importTcgOnline(replay: Uint8Array | string, options: { game?: number; bestOf?: 1 | 3 | 5 } = {}): Promise<ReplayImported> {
    const type = typeof replay === 'string' ? 'application/json' : 'application/zip';
    return this.request<ReplayImported>({ method: 'POST', path: '/matches/import/tcg-online', query: options, raw: { bytes: replay, type } });
  }

  /**
   * Gives every event an id before the first try, sends { expectedRevision, events }, retries the SAME body on network
   * errors, 503 and 504 (honouring Retry-After), never on 4xx. On 409 throws RevisionConflict (with currentRevision).
   */
  async append(matchId: string, expectedRevision: number, events: readonly EventToSend[]): Promise<Appended> {
    const withIds: EventWithId[] = events.map((event) => ({ ...event, id: event.id ?? this.newId() }));
    try {
      const answer = await this.request<{ matchId: string; revision: number; position?: number }>({
        method: 'POST',
        path: `${matchPath(matchId)}/events`,
        body: { expectedRevision, events: withIds },
      });
      if (typeof answer?.revision !== 'number')
        throw new MatchlogError('UNEXPECTED_ANSWER', 201, answer, `POST /matches/${matchId}/events: the answer has no revision: is ${this.transport.baseUrl} the matchlog API?`);
      return { matchId: answer.matchId, revision: answer.revision, ...(typeof answer.position === 'number' && { position: answer.position }), events: withIds };
    } catch (error) {
      if (error instanceof RevisionConflict && Number.isNaN(error.expectedRevision)) throw new RevisionConflict(expectedRevision, error.currentRevision, error.body, error.message);
      throw error;
    }
  }

  /**
   * Follows GET /matches/:id/feed?audience=… (SSE). Resumes with Last-Event-ID after any drop, a heartbeat timeout
   * (default 30 s without a byte) or a server restart, with backoff. Delivers each revision exactly once and in
   * order: a revision it already delivered is skipped; a gap (revision > last + 1) is filled from
   * GET /matches/:id/events?audience=…&from=…&to=… before going on. Ends when the server sends `ended` (then `done`
   * resolves) or on close(); `done` rejects on an answer no reconnect can change (a 4xx: the token revoked, no such
   * match or audience) or when onObservation throws.
   */
  follow(matchId: string, audience: string, onObservation: (entry: FeedEntry) => void | Promise<void>, options?: FollowOptions): Following {
    return followFeed(this.transport, matchId, audience, onObservation, options);
  }

  /**
   * POST /matches/:id/void (organizer key): the match becomes void, for every audience and on the round's result slip,
   * and takes no more events; the log keeps every event. Retried like any request: a retry of a void that reached the
   * server answers 422 MATCH_ALREADY_VOIDED (a MatchlogError with that code), and the match is void.
   */
  void(matchId: string, reason: string): Promise<Voided> {
    return this.request<Voided>({ method: 'POST', path: `${matchPath(matchId)}/void`, body: { reason } });
  }

  /** GET /matches/:id/views/:audience, at a revision (default the latest). */
  view(matchId: string, audience: string, at?: number): Promise<View> {
    return this.request<View>({ method: 'GET', path: `${matchPath(matchId)}/views/${encodeURIComponent(audience)}`, query: { at } });
  }

  /** GET /matches/:id/receipt: the signed chain head at the latest revision (check it with verifyReceipt from @matchlog/client/verify). */
  receipt(matchId: string): Promise<Receipt> {
    return this.request<Receipt>({ method: 'GET', path: `${matchPath(matchId)}/receipt` });
  }

  /** GET /matches/:id/receipt?proof=1: the receipt, and the match's latest entry in the published log with its .tlog-proof (log: null before the log holds one). */
  receiptWithProof(matchId: string): Promise<ReceiptWithProof> {
    return this.request<ReceiptWithProof>({ method: 'GET', path: `${matchPath(matchId)}/receipt`, query: { proof: '1' } });
  }

  /** GET /matches/:id/log: the match's entries in the server's published log, and that checkpoint (null before the first). */
  log(matchId: string): Promise<MatchLog> {
    return this.request<MatchLog>({ method: 'GET', path: `${matchPath(matchId)}/log` });
  }

  /** GET /.well-known/jwks.json: the keys the server signs heads with. */
  jwks(): Promise<Jwks> {
    return this.request<Jwks>({ method: 'GET', path: '/.well-known/jwks.json' });
  }

  /** GET /matches/:id/events: an audience's observations after `from` up to `to`. */
  events(matchId: string, audience: string, from?: number, to?: number): Promise<EventsPage> {
    return this.request<EventsPage>({ method: 'GET', path: `${matchPath(matchId)}/events`, query: { audience, from, to } });
  }

  /** GET /matches/:id: the match's catalog entry, with its audiences. */
  match(matchId: string): Promise<MatchDetail> {
    return this.request<MatchDetail>({ method: 'GET', path: matchPath(matchId) });
  }

  /** GET /matches: match history, newest first. */
  matches(query: ListMatchesQuery = {}): Promise<MatchPage> {
    return this.request<MatchPage>({ method: 'GET', path: '/matches', query });
  }

  /** GET /matches/:id/audit (judge token or organizer key); `language` "es" for Spanish messages. */
  audit(matchId: string, options: { language?: string } = {}): Promise<AuditReport> {
    return this.request<AuditReport>({ method: 'GET', path: `${matchPath(matchId)}/audit`, headers: options.language ? { 'Accept-Language': options.language } : {} });
  }

  /** GET /matches/:id/clock (judge token or organizer key). */
  clock(matchId: string): Promise<MatchClock> {
    return this.request<MatchClock>({ method: 'GET', path: `${matchPath(matchId)}/clock` });
  }

  /** GET /rounds/results: a round's result slip. */
  roundResults(query: RoundResultsQuery): Promise<RoundResults> {
    return this.request<RoundResults>({ method: 'GET', path: '/rounds/results', query: query as Request['query'] });
  }

  /** GET /rounds/log: the round's entries in the server's log, each with the path of its proof file. */
  roundLog(query: RoundLogQuery): Promise<RoundLog> {
    return this.request<RoundLog>({ method: 'GET', path: '/rounds/log', query: query as Request['query'] });
  }

  /** GET /stats/cards: the card table (JSON); with a player token also `own`, with the organizer key and `event` also `event`. */
  cardStats(query: Omit<CardStatsQuery, 'output' | 'table'>): Promise<CardStats> {
    return this.request<CardStats>({ method: 'GET', path: '/stats/cards', query: query as Request['query'] });
  }

  /** GET /stats/cards/:name: one card's figures, with its turn-first-played histogram. */
  cardStatsOf(name: string, query: Omit<StatsQuery, 'output'>): Promise<CardStatsOne> {
    return this.request<CardStatsOne>({ method: 'GET', path: `/stats/cards/${encodeURIComponent(name)}`, query: query as Request['query'] });
  }

  /** GET /stats/decks: per ink pair, from matches with public deck lists. */
  deckStats(query: Omit<StatsQuery, 'output'>): Promise<DeckStats> {
    return this.request<DeckStats>({ method: 'GET', path: '/stats/decks', query: query as Request['query'] });
  }

  /** GET /stats/leads: Four Souls' characters by seat count, Grand Archive's champions. */
  leadStats(query: Omit<StatsQuery, 'output'>): Promise<LeadStats> {
    return this.request<LeadStats>({ method: 'GET', path: '/stats/leads', query: query as Request['query'] });
  }

  /** GET /stats/matchups: each ink pair against each opposing ink pair. */
  matchupStats(query: Omit<StatsQuery, 'output'>): Promise<MatchupStats> {
    return this.request<MatchupStats>({ method: 'GET', path: '/stats/matchups', query: query as Request['query'] });
  }

  /** Any JSON endpoint of the API, with the client's token, retries and errors. */
  request<T>(request: Request): Promise<T> {
    return send<T>(this.transport, request);
  }
}
