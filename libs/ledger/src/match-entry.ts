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
