import { MatchEvent } from '@matchlog/domain';
import { canonicalJson } from './canonical-json';
import { MAX_JSON_DEPTH, depthExceeds } from './json-depth';
import { ChainHead, linkOf } from './hash-chain';
import { SignedHead, signedHeadOf } from './signed-head';

/** LOG_UNREADABLE: a line is not what a log line can be; LINE_NOT_CANONICAL: it is, but not written as an export writes it. */
export type LogReadError = { readonly code: 'LOG_UNREADABLE' | 'LINE_NOT_CANONICAL' | 'LINE_TOO_DEEP'; readonly line: number; readonly message: string };

export type ParsedJsonLines = { readonly events: MatchEvent[]; readonly head?: ChainHead; readonly signedHead?: SignedHead } | { readonly error: LogReadError };

const EVENT_FIELDS = new Set(['id', 'type', 'data', 'meta']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A match log as JSON Lines: one event per line, in order, as canonical JSON (line n holds the
 * event that brings the match to revision n), then the server's signed head `{"signedHead":…}`.
 * Without one (chained events only, as before signed heads), the last line is
 * `{"chain":{"count":N,"head":"<hash of the last event>"}}`.
 */
export const toJsonLines = (events: readonly MatchEvent[], signedHead?: SignedHead): string => {
  const lines = events.map(({ id, type, data, meta }) => canonicalJson({ id, type, data, meta }));
  const last = events.at(-1);
  const link = last && linkOf(last);
  if (signedHead) lines.push(canonicalJson({ signedHead }));
  else if (link) lines.push(canonicalJson({ chain: { count: events.length, head: link.hash } }));
  return lines.map((line) => `${line}\n`).join('');
};

/** what a line holding several objects most likely is: a file sent with curl's -d, which drops its newlines */
const JOINED_LINES = '; it holds one object after another: were its newlines dropped? Send the file as it is (curl --data-binary @file, not -d @file)';

/**
 * Reads what toJsonLines writes: the events, and the signed head (or legacy chain head) if the last
 * line is one. Checks the shape of each line (an object with a string `id` and `type`, object
 * `data`, optional object `meta`, nothing else) and that it is exactly the canonical JSON of what it
 * parses to, so a line has one reading: no duplicate keys, no field the hash does not cover. The
 * domain validates the events and verifyLog the chain and head. Lines keep their numbers: an empty
 * line is allowed only at the end, CRLF line ends and a byte order mark are accepted.
 */
export const parseJsonLines = (text: string): ParsedJsonLines => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const events: MatchEvent[] = [];
  let head: ChainHead | undefined;
  let signedHead: SignedHead | undefined;
  for (const [i, text] of lines.entries()) {
    const line = i + 1;
    const error = (message: string, code: LogReadError['code'] = 'LOG_UNREADABLE'): ParsedJsonLines => ({ error: { code, line, message: `line ${line}: ${message}` } });
    if (text.trim() === '') return error('is empty; JSON Lines has one JSON value per line');
    if (head !== undefined || signedHead !== undefined) return error('follows the chain head, which must be the last line');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return error(`is not JSON (${(e as Error).message})${/\}\s*\{/.test(text) ? JOINED_LINES : ''}`);
    }
    if (!isRecord(value)) return error('is not a JSON object');
    // before anything walks it recursively
    if (depthExceeds(value)) return error(`nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects; no event does`, 'LINE_TOO_DEEP');
    if (canonicalJson(value) !== text) {
      return error('is not written as an export writes it (canonical JSON: keys sorted, no whitespace, no key twice); a line must have exactly one reading', 'LINE_NOT_CANONICAL');
    }
    if ('signedHead' in value) {
      if (Object.keys(value).length !== 1) return error('holds fields beside "signedHead"', 'LINE_NOT_CANONICAL');
      const signed = signedHeadOf(value.signedHead);
      if ('error' in signed) return error(signed.error);
      signedHead = signed;
      continue;
    }
    if ('chain' in value) {
      if (Object.keys(value).length !== 1) return error('holds fields beside "chain"', 'LINE_NOT_CANONICAL');
      const chain = value.chain;
      if (!isRecord(chain) || !Number.isSafeInteger(chain.count) || typeof chain.head !== 'string' || !/^[0-9a-f]{64}$/.test(chain.head)) {
        return error('is not a chain head: expected {"chain":{"count":<events>,"head":"<64 hex digits>"}}');
      }
      head = { count: chain.count as number, head: chain.head };
      continue;
    }
    if (typeof value.id !== 'string' || value.id === '') return error('has no event id (a non-empty string "id")');
    if (typeof value.type !== 'string' || value.type === '') return error('has no event type (a non-empty string "type")');
    if (!isRecord(value.data)) return error('has no event data (an object "data")');
    if (value.meta !== undefined && !isRecord(value.meta)) return error('has a "meta" that is not an object');
    const extra = Object.keys(value).filter((key) => !EVENT_FIELDS.has(key));
    if (extra.length > 0)
      return error(`holds fields no hash covers (${extra.map((k) => JSON.stringify(k)).join(', ')}); an event line has only id, type, data and meta`, 'LINE_NOT_CANONICAL');
    events.push(value as unknown as MatchEvent);
  }
  return { events, ...(head !== undefined && { head }), ...(signedHead !== undefined && { signedHead }) };
};
