import { MatchEvent } from '@matchlog/domain';
import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** The `previous` of a match's first event. */
export const GENESIS = '0'.repeat(64);

const HASH = /^[0-9a-f]{64}$/;
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** What a chained event carries in `meta`, beside `recordedBy` and `recordedAt`. */
export interface ChainLink {
  /** the hash of the event before it in the match; GENESIS for the first */
  readonly previous: string;
  /** sha256 hex of the match's chain salt (when it has one), `previous`, and the event's canonical JSON without `previous` and `hash` */
  readonly hash: string;
}

/** The last line of an export: how many events the chain has and the hash of the last one. */
export interface ChainHead {
  readonly count: number;
  readonly head: string;
}

export type ChainBreak = 'changed' | 'removed or reordered' | 'added' | 'unchained';

export type ChainVerdict =
  | { readonly ok: true; readonly count: number; readonly head: string }
  | {
      readonly ok: false;
      /** 0-based position of the first affected event (events.length: the chain head line) */
      readonly index: number;
      /** 1-based line of an export: index + 1 */
      readonly line: number;
      readonly eventId?: string;
      readonly reason: ChainBreak;
      readonly message: string;
    };

type Meta = Record<string, unknown>;
const metaOf = (event: MatchEvent): Meta | undefined => {
  const meta = (event as { meta?: unknown }).meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Meta) : undefined;
};

/** The part of an event its hash covers: id, type, data and meta without the chain fields (no meta when nothing is left). */
export const chainedContent = (event: MatchEvent): string => {
  const meta = metaOf(event);
  const rest = meta && withoutLink(meta);
  const hasMeta = rest !== undefined && Object.values(rest).some((value) => value !== undefined);
  return canonicalJson({ id: event.id, type: event.type, data: event.data, ...(hasMeta && { meta: rest }) });
};

/** meta without `previous` and `hash`: itself when it has neither (an event being chained), as rest destructuring is slow */
const withoutLink = (meta: Meta): Meta => {
  if (!('previous' in meta) && !('hash' in meta)) return meta;
  const { previous: _previous, hash: _hash, ...rest } = meta;
  return rest;
};

/**
 * The match's secret chain salt: `meta.chainSalt` of its MatchCreated (drawn by the server, seen by
 * judges only). Every hash covers it, so a hash handed to a player or spectator (a receipt) cannot be
 * brute-forced over the few contents a hidden event could have.
 */
export const chainSaltOf = (events: readonly MatchEvent[]): string | undefined => {
  const first = events[0];
  const salt = first?.type === 'MatchCreated' ? metaOf(first)?.chainSalt : undefined;
  return typeof salt === 'string' ? salt : undefined;
};

/** The hash of `event` chained after the event whose hash is `previous`, in a match salted with `salt`. */
export const eventHash = (previous: string, event: MatchEvent, salt?: string): string => {
  // one string, one call: the same bytes as salt, previous and content fed in turn (previous is hex, content starts with "{")
  return hash('sha256', `${salt ?? ''}${previous}${chainedContent(event)}`, 'hex');
};

/** The event with `meta.previous` and `meta.hash` set, chained after `previous`. */
export const chainEvent = <E extends MatchEvent>(previous: string, event: E, salt?: string): E => {
  const meta = metaOf(event);
  return { ...event, meta: { ...(meta && withoutLink(meta)), previous, hash: eventHash(previous, event, salt) } };
};

/**
 * Every event chained to the one before it, the first after `previous` (GENESIS for a whole match),
 * salted with `salt` (for a whole match: its MatchCreated's chain salt, when it has one).
 */
export const chainEvents = <E extends MatchEvent>(
  events: readonly E[],
  previous: string = GENESIS,
  salt: string | undefined = previous === GENESIS ? chainSaltOf(events) : undefined,
): E[] => {
  const chained: E[] = [];
  let last = previous;
  for (const event of events) {
    const link = chainEvent(last, event, salt);
    chained.push(link);
    last = (link.meta as unknown as ChainLink).hash;
  }
  return chained;
};

/** The chain link an event carries, if it carries a well-formed one. */
export const linkOf = (event: MatchEvent): ChainLink | undefined => {
  const meta = metaOf(event);
  const previous = meta?.previous;
  const hash = meta?.hash;
  return typeof previous === 'string' && typeof hash === 'string' && HASH.test(previous) && HASH.test(hash) ? { previous, hash } : undefined;
};

/** The hash the next event of this match chains to: the last event's (GENESIS when there is none or it carries no link). */
export const chainHeadOf = (events: readonly MatchEvent[]): string => {
  const last = events.at(-1);
  return (last && linkOf(last)?.hash) ?? GENESIS;
};

/**
 * Re-checks the chain: each event's hash against its content and the hash it names as previous,
 * and that previous against the event before it; then the chain head, when the export had one.
 * Reports the first break: a changed event where it is; a removed, duplicated or moved event at
 * the first position that no longer follows its predecessor. Without a chain head, removing the
 * last events cannot be seen (nothing follows them): compare `head` with one kept elsewhere.
 */
export const verifyChain = (events: readonly MatchEvent[], head?: ChainHead): ChainVerdict => {
  const broken = (index: number, reason: ChainBreak, message: string, eventId?: string): ChainVerdict => ({
    ok: false,
    index,
    line: index + 1,
    ...(eventId !== undefined && { eventId }),
    reason,
    message,
  });
  const lineOfHash = new Map<string, number>();
  for (const [i, event] of events.entries()) {
    const hash = metaOf(event)?.hash;
    if (typeof hash === 'string' && !lineOfHash.has(hash)) lineOfHash.set(hash, i + 1);
  }
  const salt = chainSaltOf(events);
  let expected = GENESIS;
  for (const [i, event] of events.entries()) {
    const line = i + 1;
    const what = `line ${line} (event ${JSON.stringify(event.id)}, ${event.type})`;
    const link = linkOf(event);
    if (!link)
      return broken(i, 'unchained', `${what} carries no chain link: meta.previous and meta.hash must be 64 hex digits; expected meta.previous ${short(expected)}`, event.id);
    const actual = eventHash(link.previous, event, salt);
    if (actual !== link.hash) {
      return broken(i, 'changed', `${what} was changed: its content hashes to ${short(actual)}, but it was recorded with hash ${short(link.hash)}`, event.id);
    }
    if (link.previous !== expected) {
      const after = i === 0 ? 'be the first event (previous 000000000000…)' : `follow line ${i} (hash ${short(expected)})`;
      const predecessor = link.previous === GENESIS ? 0 : lineOfHash.get(link.previous);
      const found =
        predecessor === 0
          ? 'it was recorded as the first event of the match'
          : predecessor !== undefined
            ? `it was recorded after the event now on line ${predecessor}: events were moved`
            : `it was recorded after an event (hash ${short(link.previous)}) that is no longer in the log: an event before it was removed`;
      return broken(i, 'removed or reordered', `${what} is out of place: expected it to ${after}, but ${found}`, event.id);
    }
    expected = link.hash;
  }
  if (head !== undefined) {
    const at = events.length;
    const line = at + 1;
    if (head.count > events.length) {
      return broken(
        at,
        'removed or reordered',
        `the chain head (line ${line}) says the log has ${head.count} events, ending with hash ${short(head.head)}, but it ends after ${events.length}: the last events were removed`,
      );
    }
    if (head.count < events.length) {
      return broken(head.count, 'added', `the chain head says the log has ${head.count} events, but line ${head.count + 1} holds another event`, events[head.count].id);
    }
    if (head.head !== expected) {
      return broken(at, 'changed', `the chain head (line ${line}) names ${short(head.head)} as the last event's hash, but line ${events.length} has hash ${short(expected)}`);
    }
  }
  return { ok: true, count: events.length, head: expected };
};
