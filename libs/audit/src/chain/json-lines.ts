import { MatchEvent } from '@matchlog/domain';
import { canonicalJson } from './canonical-json';
import { ChainHead, linkOf } from './hash-chain';

export type ParsedJsonLines =
  | { readonly events: MatchEvent[]; readonly head?: ChainHead }
  | { readonly error: { readonly line: number; readonly message: string } };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A match log as JSON Lines: one event per line, in order, as canonical JSON (line n holds the
 * event that brings the match to revision n), and, when the events are chained, a last line
 * `{"chain":{"count":N,"head":"<hash of the last event>"}}` so that removing the last events shows.
 */
export const toJsonLines = (events: readonly MatchEvent[]): string => {
  const lines = events.map((event) => canonicalJson(event));
  const last = events.at(-1);
  const link = last && linkOf(last);
  if (link) lines.push(canonicalJson({ chain: { count: events.length, head: link.hash } }));
  return lines.map((line) => `${line}\n`).join('');
};

/**
 * Reads what toJsonLines writes: the events, and the chain head if the last line is one. Checks the
 * shape of each line only (an object with a string `id` and `type`, object `data`, optional object
 * `meta`); the domain validates the events and verifyChain the chain. Lines keep their numbers: an
 * empty line is allowed only at the end, CRLF line ends and a byte order mark are accepted.
 */
export const parseJsonLines = (text: string): ParsedJsonLines => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const events: MatchEvent[] = [];
  let head: ChainHead | undefined;
  for (const [i, text] of lines.entries()) {
    const line = i + 1;
    const error = (message: string): ParsedJsonLines => ({ error: { line, message: `line ${line}: ${message}` } });
    if (text.trim() === '') return error('is empty; JSON Lines has one JSON value per line');
    if (head !== undefined) return error('follows the chain head, which must be the last line');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return error(`is not JSON (${(e as Error).message})`);
    }
    if (!isRecord(value)) return error('is not a JSON object');
    if ('chain' in value) {
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
    events.push(value as unknown as MatchEvent);
  }
  return head === undefined ? { events } : { events, head };
};
