import { parseDecimal } from './integers';
import { LedgerError } from './ledger-error';

/**
 * A matchlog log entry (docs/ledger.md "The server's log"): the UTF-8 text
 * `matchlog/entry/v1\nkind <kind>\nmatch <matchId>\nrevision <n>\nhead <hash>\nkid <kid>\n` and nothing else.
 * Its leaf hash is leafHash(utf8(entry)).
 */
export type MatchEntryKind = 'match-ended' | 'match-voided' | 'receipt';

export interface MatchEntry {
  readonly kind: MatchEntryKind;
  readonly matchId: string;
  /** the match's revision the head is at */
  readonly revision: number;
  /** the chain head hash at that revision, as the match's signed head carries it */
  readonly head: string;
  /** the RFC 7638 thumbprint of the key that signed that head */
  readonly kid: string;
}

export const MATCH_ENTRY_HEADER = 'matchlog/entry/v1';
const KINDS: readonly string[] = ['match-ended', 'match-voided', 'receipt'];
const FIELDS = ['kind', 'match', 'revision', 'head', 'kid'] as const;

const malformed = (why: string) => new LedgerError('INVALID_INPUT', `malformed matchlog entry: ${why}`);
const isValue = (value: string): boolean => value.length > 0 && !/[\s]/u.test(value);

export const formatMatchEntry = (entry: MatchEntry): string => {
  const { kind, matchId, revision, head, kid } = entry;
  if (!KINDS.includes(kind)) throw malformed(`the kind "${kind}" is not one of ${KINDS.join(', ')}`);
  if (!Number.isSafeInteger(revision) || revision < 0) throw malformed(`the revision ${revision} is not a count`);
  for (const [name, value] of [
    ['match', matchId],
    ['head', head],
    ['kid', kid],
  ] as const)
    if (!isValue(value)) throw malformed(`the ${name} "${value}" is empty or holds a space or newline`);
  return `${MATCH_ENTRY_HEADER}\nkind ${kind}\nmatch ${matchId}\nrevision ${revision}\nhead ${head}\nkid ${kid}\n`;
};

/** An entry's text, strictly: the header, the five fields in order, each once, and nothing else. */
export const parseMatchEntry = (text: string): MatchEntry => {
  if (!text.endsWith('\n')) throw malformed('the text does not end in a newline');
  const [header, ...lines] = text.slice(0, -1).split('\n');
  if (header !== MATCH_ENTRY_HEADER) throw malformed(`the first line is not "${MATCH_ENTRY_HEADER}"`);
  if (lines.length !== FIELDS.length) throw malformed(`it has ${lines.length} fields, not ${FIELDS.length} (${FIELDS.join(', ')})`);
  const values = lines.map((line, i) => {
    const prefix = `${FIELDS[i]} `;
    const value = line.startsWith(prefix) ? line.slice(prefix.length) : undefined;
    if (value === undefined || !isValue(value)) throw malformed(`line ${i + 2} "${line}" is not "${FIELDS[i]} <value>"`);
    return value;
  });
  const [kind, matchId, revisionText, head, kid] = values;
  if (!KINDS.includes(kind)) throw malformed(`the kind "${kind}" is not one of ${KINDS.join(', ')}`);
  const revision = parseDecimal(revisionText);
  if (revision === undefined) throw malformed(`the revision "${revisionText}" is not a decimal with no leading zeroes`);
  return { kind: kind as MatchEntryKind, matchId, revision, head, kid };
};
