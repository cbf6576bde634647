import { DomainError } from '@matchlog/domain';

/** The application's errors other rooms see, as values with stable codes; apps/api's error.filter.ts is the one place that maps them to HTTP (a subclass thrown inside the room, such as BroadcastNotForPlayers, maps as its base class). */
export class MatchNotFound extends Error {
  readonly code = 'MATCH_NOT_FOUND';
  constructor(readonly matchId: string) {
    super(`no match "${matchId}"`);
  }
}

export class AudienceNotFound extends Error {
  readonly code = 'AUDIENCE_NOT_FOUND';
  constructor(
    readonly audience: string,
    audiences: readonly string[],
  ) {
    super(
      `no audience "${audience}" in this match: use ${audiences.join(', ')}${audience === 'broadcast' ? ' (a match has a broadcast only when created with broadcastDelay or broadcastAccess)' : ''}`,
    );
  }
}

export class RevisionOutOfRange extends Error {
  readonly code = 'REVISION_OUT_OF_RANGE';
  constructor(
    readonly field: string,
    readonly value: number,
    readonly latest: number,
  ) {
    super(`${field} must be between 0 and ${latest}, the match's latest revision; got ${value}`);
  }
}

/** A broadcast revision its delay does not let this caller see yet (only the judge and the organizer see past it). */
export class BroadcastDelayed extends Error {
  readonly code = 'BROADCAST_DELAYED';
  constructor(
    readonly field: string,
    readonly value: number,
    readonly delayed: number,
  ) {
    super(`${field} must be at most ${delayed}: the broadcast runs behind the match and shows revision ${delayed} now; ask for an earlier revision, or again later`);
  }
}

export class MatchAlreadyExists extends Error {
  readonly code = 'MATCH_ALREADY_EXISTS';
  constructor(readonly matchId: string) {
    super(`a match "${matchId}" already exists: POST /matches/${matchId}/tokens with the organizer key re-issues its tokens`);
  }
}

export class EventsRejected extends Error {
  readonly code: string;
  constructor(readonly error: DomainError) {
    super(error.message);
    this.code = error.code;
  }
}

export class Unauthenticated extends Error {
  readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('a valid bearer token is required');
  }
}

export class Forbidden extends Error {
  readonly code = 'FORBIDDEN';
  constructor(message = 'this token may not do that') {
    super(message);
  }
}

/**
 * An imported log whose first event a match of this store already holds (the same event, by its
 * chain hash): the log is that match's. A copy under another match id is refused rather than made:
 * other ids would change the chain, and the same ids would make two matches of one log.
 */
export class MatchLogAlreadyImported extends Error {
  readonly code = 'MATCH_LOG_ALREADY_IMPORTED';
  constructor(readonly matchId: string) {
    super(
      `This log is already stored as match "${matchId}": its first event is that match's MatchCreated. Read or export match "${matchId}" instead (POST /matches/${matchId}/tokens re-issues its tokens). ` +
        'A copy under another match id can not be made: the log keeps its event ids, and new ids would change the hash chain, so the copy would no longer verify as the original log.',
    );
  }
}

/** An imported match log that cannot be read as JSON Lines: the first bad line. */
export class LogUnreadable extends Error {
  readonly code = 'LOG_UNREADABLE';
  constructor(
    readonly line: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** An imported match log whose hash chain is broken: the first changed, removed or moved event. */
export class ChainBroken extends Error {
  readonly code = 'CHAIN_BROKEN';
  constructor(
    readonly line: number,
    readonly reason: string,
    message: string,
    readonly eventId?: string,
  ) {
    super(message);
  }
}

/**
 * An imported log refused for what it is, not what it says: a line with a second reading
 * (LINE_NOT_CANONICAL), no signed head (HEAD_MISSING: cut, or not a matchlog export), a head that does
 * not name the last event, or names another match than the import's (HEAD_MISMATCH), a signature that does not hold (SIGNATURE_INVALID), or a
 * key this server does not hold (SIGNATURE_KEY_UNKNOWN).
 */
export class LogRefused extends Error {
  constructor(
    readonly code: 'LINE_NOT_CANONICAL' | 'HEAD_MISSING' | 'HEAD_MISMATCH' | 'SIGNATURE_INVALID' | 'SIGNATURE_KEY_UNKNOWN',
    readonly line: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** One field the request got wrong: where (a dotted path into the body or query) and what to do. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** The request's body, query or parameters failed validation: every field at fault, with its path. */
export class ValidationFailed extends Error {
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly details: readonly FieldProblem[]) {
    super(details.length === 1 ? details[0].message : `${details[0]?.message ?? 'the request is invalid'} (and ${details.length - 1} more: see details)`);
  }
}

/** A JSON body nested deeper than any request of this API: refused before anything walks it. */
export class BodyTooDeep extends Error {
  readonly code = 'BODY_TOO_DEEP';
  constructor(readonly limit: number) {
    super(`the request body nests deeper than ${limit} levels of arrays and objects; no request of this API needs that many`);
  }
}

/** A receipt of a match recorded before chain salts, asked for by someone who is not its judge: its unsalted hashes could name hidden cards. */
export class ReceiptWithheld extends Error {
  readonly code = 'RECEIPT_WITHHELD';
  constructor(readonly matchId: string) {
    super(`match "${matchId}" was recorded before chain salts, so a hash of it could let anyone guess its hidden cards: only its judge or the organizer may take its receipt`);
  }
}

/**
 * A ZoneShuffled appended with its own `salt` or `commitment`: the server draws every salt and
 * computes the commitment, since every audience receives the commitment and a weak salt would let
 * a player brute-force a deck's order from it. Only an import keeps the salts of the log it verifies.
 */
export class SaltInBody extends Error {
  readonly code = 'SALT_IN_BODY';
  constructor(
    readonly eventIndex: number,
    readonly field: 'salt' | 'commitment',
  ) {
    super(
      `events.${eventIndex}.data.${field}: the server draws every shuffle's salt and computes its commitment itself (a salt chosen by a client could be guessed, and every audience sees the commitment): ` +
        'remove salt and commitment from the ZoneShuffled and send it again',
    );
  }
}

/**
 * A read the catalog answers could not be answered up to date: the catalog did not reach the position
 * asked for (an append's, or the store's head) in time. Nothing stale is answered; retry shortly.
 */
export class CatalogBehind extends Error {
  readonly code = 'CATALOG_BEHIND';
  readonly retryAfterSeconds = 1;
  /** for the server's log: the positions, which the answer leaves out (anyone may read it, and a log position moves with every write) */
  readonly report: string;
  constructor(
    readonly position: number,
    readonly caughtUp: number,
  ) {
    super('the catalog has not yet caught up with the latest writes: retry after a second');
    this.report = `the catalog holds the log up to position ${caughtUp}, not yet ${position}`;
  }
}

/**
 * A token this instance does not know could not be judged: its log consumer did not reach the store's
 * head in time, and the token may have been issued elsewhere a moment ago. Neither granted nor refused; retry shortly.
 */
export class TokensBehind extends Error {
  readonly code = 'TOKENS_BEHIND';
  readonly retryAfterSeconds = 1;
  constructor() {
    super('this instance has not yet read the event log up to its end, so it cannot tell whether this token is valid: retry after a second');
  }
}

/** A tcg.online replay the import refuses (libs/matches/src/import/tcg-online, docs/explanation/importing.md): nothing is stored. */
export class ReplayRefused extends Error {
  readonly code: 'REPLAY_MALFORMED' | 'REPLAY_VERSION_UNSUPPORTED' | 'REPLAY_UNKNOWN_CARD' | 'REPLAY_PATCH_FAILED' | 'REPLAY_STEP_UNEXPLAINED' | 'REPLAY_TIME_IMPLAUSIBLE';
  readonly step?: number;
  readonly shortId?: string;
  /** the field of replay.json at fault (`seed`, `metadata.createdAt`) */
  readonly field?: string;
  constructor(refusal: { readonly code: ReplayRefused['code']; readonly message: string; readonly step?: number; readonly shortId?: string; readonly field?: string }) {
    super(refusal.message);
    this.code = refusal.code;
    if (refusal.step !== undefined) this.step = refusal.step;
    if (refusal.shortId !== undefined) this.shortId = refusal.shortId;
    if (refusal.field !== undefined) this.field = refusal.field;
  }
}

/** The game of this replay is already a match here (its match id comes from the replay's gameId). */
export class ReplayAlreadyImported extends Error {
  readonly code = 'REPLAY_ALREADY_IMPORTED';
  constructor(readonly matchId: string) {
    super(`this replay's game is already imported, as match "${matchId}": POST /matches/${matchId}/tokens with the organizer key re-issues its tokens`);
  }
}

/**
 * A match created or imported and stored, whose tokens could not be recorded after it (the store failed between the two
 * appends): the write happened. The same request again answers 201 with the match's tokens, as long as none were recorded.
 */
export class TokensNotIssued extends Error {
  readonly code = 'TOKENS_NOT_ISSUED';
  readonly retryAfterSeconds = 5;
  constructor(
    readonly matchId: string,
    readonly revision: number,
    /** the disk is full (507), not the store away (503) */
    readonly full: boolean,
  ) {
    super(
      `match "${matchId}" was stored (revision ${revision}), but its tokens could not be recorded (${full ? "the server's disk is full" : 'the event store failed'}): ` +
        `send the same request again ${full ? 'once there is space' : 'in 5 seconds'} and it answers with the match's tokens, or re-issue them with POST /matches/${matchId}/tokens`,
    );
  }
}

/** A game of a series imported after a later game of the same series, with no ?game=: its number is taken. */
export class ReplaySeriesOutOfOrder extends Error {
  readonly code = 'REPLAY_SERIES_OUT_OF_ORDER';
  constructor(readonly matchId: string) {
    super(`a later game of this replay's series is already imported, as match "${matchId}": import a series' games in the order they were played, or number this one with ?game=`);
  }
}

/** No ?game=, and the replay's series already holds as many games as it is the best of. */
export class ReplaySeriesFull extends Error {
  readonly code = 'REPLAY_SERIES_FULL';
  constructor(
    readonly matchId: string,
    readonly bestOf: number,
  ) {
    super(
      `this replay's series is the best of ${bestOf} and already holds ${bestOf} games (the last is match "${matchId}"): it has no next game; if it was played, number it with ?game= (and ?bestOf= where the match was longer)`,
    );
  }
}

/** An upload that holds no replay.json to read: not a zip, no replay.json in it, or not text. */
export class ReplayUnreadable extends Error {
  readonly code = 'REPLAY_UNREADABLE';
}

/** replay.json inflates past the import's limit (a zip bomb, or a replay far longer than any game). */
export class ReplayTooLarge extends Error {
  readonly code = 'REPLAY_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`replay.json is larger than ${maxBytes} bytes once unzipped: see MATCHLOG_REPLAY_LIMIT`);
  }
}

/** A zip with more than one entry named replay.json: tools disagree on which is the game (some show the first, some the last). */
export class ReplayEntriesAmbiguous extends Error {
  readonly code = 'REPLAY_ENTRIES_AMBIGUOUS';
  constructor(readonly entries: readonly string[]) {
    super(`the zip holds ${entries.length} entries named replay.json (${entries.map((e) => JSON.stringify(e)).join(', ')}): send the .zip tcg.online downloads, which holds one`);
  }
}

/**
 * Converting a replay went past one of the import's limits (docs/explanation/importing.md, "Limits"): the conversion thread was
 * stopped and nothing was stored. `setting` names the limit's setting, `limit` its value (milliseconds, or bytes).
 */
export class ReplayOverLimit extends Error {
  readonly code: 'REPLAY_TIME_LIMIT' | 'REPLAY_MEMORY_LIMIT';
  readonly setting: 'MATCHLOG_IMPORT_TIME_LIMIT_MS' | 'MATCHLOG_IMPORT_MEMORY_LIMIT';
  constructor(
    kind: 'time' | 'memory',
    readonly limit: number,
  ) {
    const [what, setting, code] =
      kind === 'time'
        ? ([`took longer than ${limit} ms`, 'MATCHLOG_IMPORT_TIME_LIMIT_MS', 'REPLAY_TIME_LIMIT'] as const)
        : ([`needed more than ${Math.round(limit / 1024 / 1024)} MB`, 'MATCHLOG_IMPORT_MEMORY_LIMIT', 'REPLAY_MEMORY_LIMIT'] as const);
    super(
      `converting this replay ${what}, the import's limit (${setting}), and was stopped; nothing was stored. A replay of a real game stays far below it: check the file (one edited by hand can declare a list of a billion cards), or raise ${setting}`,
    );
    this.code = code;
    this.setting = setting;
  }
}

/** The conversion thread ended without an answer (not a limit): nothing was stored, and the server goes on. */
export class ReplayConversionFailed extends Error {
  readonly code = 'REPLAY_CONVERSION_FAILED';
  constructor(reason: string) {
    super(`the conversion of this replay stopped (${reason}); nothing was stored: please report it with the file`);
  }
}

/** A line of a player's deck list that names no card of the table. */
export interface BadDeckLine {
  readonly player: string;
  readonly line: number;
  readonly text: string;
  readonly problem: 'malformed' | 'unknown' | 'ambiguous';
  /** the closest names (unknown) or every name it may mean (ambiguous) */
  readonly closest: readonly string[];
  /** the section of a list that has several (Grand Archive: main, material, sideboard) */
  readonly section?: 'main' | 'material' | 'sideboard';
}

/** Deck lists given as text with lines that name no card: every such line, with what it may have meant. */
export class DeckListUnknownCards extends Error {
  readonly code = 'DECK_LIST_UNKNOWN_CARDS';
  constructor(readonly lines: readonly BadDeckLine[]) {
    const first = lines[0];
    const hint =
      first.problem === 'malformed'
        ? 'write it as the count then the name, e.g. "4 Elsa - Snow Queen"'
        : first.closest.length > 0
          ? `did you mean ${first.closest.map((name) => `"${name}"`).join(', ')}?`
          : 'check the spelling';
    super(
      `${lines.length === 1 ? 'a line' : `${lines.length} lines`} of the deck lists name${lines.length === 1 ? 's' : ''} no card: deckLists.${first.player}${first.section === undefined ? '' : ` (${first.section})`} line ${first.line} "${first.text}" is ${first.problem}; ${hint}${lines.length > 1 ? ' (every line is in `lines`)' : ''}`,
    );
  }
}

/** GET /stats/cards/:name for a card no counted match shows (a name misspelt, or a card never played or listed). */
export class StatsCardNotFound extends Error {
  readonly code = 'STATS_CARD_NOT_FOUND';
  constructor(readonly card: string) {
    super(`no statistics for the card "${card}" under these filters: give its full name as the match names it (e.g. "Ariel - On Human Legs"), or widen event, format or since`);
  }
}

/** A desk route names a call the match does not have (the domain's UNKNOWN_CALL, as a missing resource). */
export class CallNotFound extends Error {
  readonly code = 'UNKNOWN_CALL';
  constructor(readonly callId: string) {
    super(`no judge call "${callId}" in this match: GET /matches/:id/calls lists them`);
  }
}

/** A claim, escalation or resolution of a call already resolved (the domain's CALL_RESOLVED, as a conflict). */
export class CallAlreadyResolved extends Error {
  readonly code = 'CALL_RESOLVED';
  constructor(readonly callId: string) {
    super(`the call "${callId}" is resolved: nothing more happens to it (a new question is a new call)`);
  }
}

/** A desk text that names a card hidden from an audience it would reach (docs/guides/judging.md "Free text"). */
export class FreeTextNamesHiddenCard extends Error {
  readonly code = 'FREE_TEXT_NAMES_HIDDEN_CARD';
  constructor(
    readonly field: string,
    readonly audience: string,
    readonly names: readonly string[],
  ) {
    super(
      `${field} names ${names.map((name) => `"${name}"`).join(', ')}, which ${audience === 'public' ? 'spectators' : audience === 'broadcast' ? 'the broadcast' : `player ${audience}`} cannot see, and ${audience === 'public' || audience === 'broadcast' ? 'they' : 'that player'} would read ${field}: reword it without the card's name (say "the card", or put it in the judge-only text)`,
    );
  }
}

/** A tlog-tiles path that names no tile, or a tile the log's tree does not hold yet (GET /log/tile/…). */
export class LogTileNotFound extends Error {
  readonly code = 'LOG_TILE_NOT_FOUND';
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(`no tile "${path}": ${why}; GET /log/checkpoint gives the tree's size, and the tiles it holds (C2SP tlog-tiles)`);
  }
}

/** GET /matches/:id/receipt?proof=1 of a match the log holds, whose entry no published checkpoint holds yet (the witnesses' quorum has not cosigned one). */
export class LogEntryNotPublished extends Error {
  readonly code = 'LOG_ENTRY_NOT_PUBLISHED';
  constructor(readonly matchId: string) {
    super(
      `the log holds an entry of match "${matchId}", but no published checkpoint holds it yet: the log publishes a checkpoint once the quorum of its witnesses (MATCHLOG_WITNESSES) cosigned it; ask again after the next checkpoint (GET /log/checkpoint)`,
    );
  }
}

/** A consistency proof asked for between sizes the log does not have (GET /log/proof/consistency). */
export class LogSizeOutOfRange extends Error {
  readonly code = 'LOG_SIZE_OUT_OF_RANGE';
  constructor(message: string) {
    super(message);
  }
}

/** A witness's add-checkpoint body that is not C2SP tlog-witness (or whose old size is over the checkpoint's). */
export class WitnessRequestMalformed extends Error {
  readonly code = 'WITNESS_REQUEST_MALFORMED';
}

/** A checkpoint for a log this witness does not witness (MATCHLOG_WITNESS_LOGS lists the ones it does). */
export class WitnessLogUnknown extends Error {
  readonly code = 'WITNESS_LOG_UNKNOWN';
}

/** A checkpoint with no valid signature by a key the witness trusts for its origin. */
export class WitnessKeyUntrusted extends Error {
  readonly code = 'WITNESS_KEY_UNTRUSTED';
}

/** A consistency proof that does not prove the checkpoint extends the one the witness cosigned. */
export class WitnessProofInvalid extends Error {
  readonly code = 'WITNESS_PROOF_INVALID';
}

/** A checkpoint of the size the witness cosigned, with another root: the log forked. */
export class WitnessFork extends Error {
  readonly code = 'WITNESS_FORK';
}

/**
 * A round the organizer asked to close (POST /rounds/close) that is not over as a spectator sees it: no game
 * recorded, a table undecided (a game in progress, a game still to play, duplicate game numbers), or a game
 * whose end a broadcast delay still holds back. Its entry would be public: close it once every result is shown.
 */
export class RoundNotClosable extends Error {
  readonly code = 'ROUND_NOT_CLOSABLE';
  constructor(
    event: string,
    round: number,
    readonly reasons: readonly string[],
  ) {
    super(`round ${round} of "${event}" cannot be closed yet: ${reasons.join('; ')}. Close it once every table is decided and every game's end is shown to spectators`);
  }
}

/** No entry of that round with that slip in the tree of the latest checkpoint (GET /rounds/log/proof). */
export class RoundEntryNotFound extends Error {
  readonly code = 'ROUND_ENTRY_NOT_FOUND';
  constructor(event: string, round: number, slip: string) {
    super(
      `round ${round} of "${event}" has no entry with slip ${slip} in the log's latest checkpoint: GET /rounds/log lists its entries (one closed a moment ago is integrated within MATCHLOG_LOG_INTERVAL)`,
    );
  }
}
