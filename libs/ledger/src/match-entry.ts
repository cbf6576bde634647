import { MAX_ENTRY_SIZE } from './entry-bundle';
import { parseDecimal } from './integers';
import { LedgerError } from './ledger-error';

/** What a log entry records: a match's chain head at a revision, and the key that signed that head. */
export type MatchEntryKind = 'match-ended' | 'match-voided' | 'receipt';

export interface MatchEntry {
  readonly kind: MatchEntryKind;
  readonly matchId: string;
  readonly revision: number;
  /** the chain head hash at `revision`, exactly as the match's signed head carries it */
  readonly head: string;
  /** the RFC 7638 thumbprint of the key that signed that head */
  readonly kid: string;
}

export const MATCH_ENTRY_HEADER = 'matchlog/entry/v1';
const KINDS: readonly string[] = ['match-ended', 'match-voided', 'receipt'];
const FIELDS = ['kind', 'match', 'revision', 'head', 'kid'] as const;

const malformed = (why: string) => new LedgerError('INVALID_INPUT', `malformed match entry: ${why}`);
const isToken = (value: string): boolean => /^[\x21-\x7e]+$/.test(value);

const checked = (entry: MatchEntry): MatchEntry => {
  if (!KINDS.includes(entry.kind)) throw malformed(`the kind "${entry.kind}" is not one of ${KINDS.join(', ')}`);
  if (!Number.isSafeInteger(entry.revision) || entry.revision < 0) throw malformed(`the revision ${entry.revision} is not a count`);
  for (const [name, value] of [
    ['match', entry.matchId],
    ['head', entry.head],
    ['kid', entry.kid],
  ] as const)
    if (!isToken(value)) throw malformed(`the ${name} "${value}" is not one word of printable ASCII`);
  return entry;
};

/** The entry's UTF-8 text: the header line and five `<field> <value>` lines, nothing else. Its leaf hash is leafHash(utf8(text)). */
export const formatMatchEntry = (entry: MatchEntry): string => {
  const { kind, matchId, revision, head, kid } = checked(entry);
  return [MATCH_ENTRY_HEADER, `kind ${kind}`, `match ${matchId}`, `revision ${revision}`, `head ${head}`, `kid ${kid}`].map((line) => `${line}\n`).join('');
};

/** An entry's text, strictly: the header, the five fields in order, each once, and nothing more. */
export const parseMatchEntry = (text: string): MatchEntry => {
  if (!text.endsWith('\n')) throw malformed('the text does not end in a newline');
  const [header, ...lines] = text.slice(0, -1).split('\n');
  if (header !== MATCH_ENTRY_HEADER) throw malformed(`the first line is not "${MATCH_ENTRY_HEADER}"`);
  if (lines.length !== FIELDS.length) throw malformed(`it has ${lines.length} field lines, not ${FIELDS.length} (${FIELDS.join(', ')})`);
  const values = lines.map((line, i) => {
    const prefix = `${FIELDS[i]} `;
    if (!line.startsWith(prefix)) throw malformed(`line ${i + 2} is not "${FIELDS[i]} <value>"`);
    return line.slice(prefix.length);
  });
  const [kind, matchId, revisionText, head, kid] = values;
  const revision = parseDecimal(revisionText);
  if (revision === undefined) throw malformed(`the revision "${revisionText}" is not a decimal with no leading zeroes`);
  return checked({ kind: kind as MatchEntryKind, matchId, revision, head, kid });
};

/** A game a closed round's slip counts: the match at its end (its MatchEnded's revision and the chain head there). */
export interface RoundCount {
  readonly matchId: string;
  readonly revision: number;
  readonly head: string;
}

/** What a round-closed entry records: the round's result slip by its hash, and the match heads it counts. */
export interface RoundEntry {
  readonly kind: 'round-closed';
  /** the event's name, as MatchCreated.tournament.event gives it: any text without control characters */
  readonly event: string;
  readonly round: number;
  /** the sha256 (lowercase hex) of the slip's canonical JSON (RFC 8785) */
  readonly slip: string;
  /** one per game the slip counts, sorted by matchId */
  readonly counts: readonly RoundCount[];
  readonly kid: string;
}

/** Any entry of the log: a match's or a round's. */
export type LogEntry = MatchEntry | RoundEntry;

const ROUND_KIND = 'round-closed';
const hasNoControl = (value: string): boolean => value.length > 0 && /^\P{Cc}*$/u.test(value);
const isRevision = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

const checkedRound = (entry: RoundEntry): RoundEntry => {
  if (entry.kind !== ROUND_KIND) throw malformed(`the kind "${entry.kind}" is not ${ROUND_KIND}`);
  if (!hasNoControl(entry.event)) throw malformed('the event is empty or holds a control character (a newline among them)');
  if (!isRevision(entry.round)) throw malformed(`the round ${entry.round} is not a count`);
  if (!/^[0-9a-f]{64}$/.test(entry.slip)) throw malformed(`the slip "${entry.slip}" is not a sha256 in lowercase hex`);
  if (!isToken(entry.kid)) throw malformed(`the kid "${entry.kid}" is not one word of printable ASCII`);
  entry.counts.forEach((count, i) => {
    if (!isToken(count.matchId) || !isToken(count.head)) throw malformed(`count ${i + 1} names a match or head that is not one word of printable ASCII`);
    if (!isRevision(count.revision)) throw malformed(`count ${i + 1}'s revision ${count.revision} is not a count`);
    if (i > 0 && entry.counts[i - 1].matchId >= count.matchId)
      throw malformed(`the counts are not sorted by match, each once (${count.matchId} after ${entry.counts[i - 1].matchId})`);
  });
  return entry;
};

/**
 * The round-closed entry's UTF-8 text: the header, `kind`, `event`, `round`, `slip`, one `counts <match> <revision> <head>`
 * line per counted game (sorted by match id, in code-unit order), `kid`; nothing else.
 */
export const formatRoundEntry = (entry: RoundEntry): string => {
  const { event, round, slip, counts, kid } = checkedRound(entry);
  const text = [
    MATCH_ENTRY_HEADER,
    `kind ${ROUND_KIND}`,
    `event ${event}`,
    `round ${round}`,
    `slip ${slip}`,
    ...counts.map((count) => `counts ${count.matchId} ${count.revision} ${count.head}`),
    `kid ${kid}`,
  ]
    .map((line) => `${line}\n`)
    .join('');
  const size = Buffer.byteLength(text, 'utf8');
  if (size > MAX_ENTRY_SIZE) throw malformed(`it is ${size} bytes (${counts.length} counts), over the ${MAX_ENTRY_SIZE} a tlog-tiles entry bundle holds`);
  return text;
};

/** A round-closed entry's text, strictly: each line as formatRoundEntry writes it, in its order, and nothing more. */
export const parseRoundEntry = (text: string): RoundEntry => {
  if (!text.endsWith('\n')) throw malformed('the text does not end in a newline');
  const [header, ...lines] = text.slice(0, -1).split('\n');
  if (header !== MATCH_ENTRY_HEADER) throw malformed(`the first line is not "${MATCH_ENTRY_HEADER}"`);
  if (lines.length < 5) throw malformed(`it has ${lines.length} field lines, not at least 5 (kind, event, round, slip, kid)`);
  const field = (i: number, name: string): string => {
    if (!lines[i].startsWith(`${name} `)) throw malformed(`line ${i + 2} is not "${name} <value>"`);
    return lines[i].slice(name.length + 1);
  };
  if (field(0, 'kind') !== ROUND_KIND) throw malformed(`the kind is not ${ROUND_KIND}`);
  const event = field(1, 'event');
  const roundText = field(2, 'round');
  const round = parseDecimal(roundText);
  if (round === undefined) throw malformed(`the round "${roundText}" is not a decimal with no leading zeroes`);
  const slip = field(3, 'slip');
  const counts = lines.slice(4, -1).map((_, i) => {
    const parts = field(4 + i, 'counts').split(' ');
    const revision = parts.length === 3 ? parseDecimal(parts[1]) : undefined;
    if (revision === undefined) throw malformed(`line ${i + 6} is not "counts <match> <revision> <head>"`);
    return { matchId: parts[0], revision, head: parts[2] };
  });
  const kid = field(lines.length - 1, 'kid');
  return checkedRound({ kind: ROUND_KIND, event, round, slip, counts, kid });
};

/** A log entry's text, a match's or a round's by its kind line. */
export const parseLogEntry = (text: string): LogEntry => (text.split('\n')[1] === `kind ${ROUND_KIND}` ? parseRoundEntry(text) : parseMatchEntry(text));
