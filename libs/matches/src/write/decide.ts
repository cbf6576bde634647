import { GENESIS, chainEvent, chainEvents, linkOf, sealShuffle } from '@matchlog/audit';
import { DomainError, EventType, MatchEvent, MatchState, validateBatch } from '@matchlog/domain';
import { Entropy } from '../ports';
import { refuseClientSalts } from './client-salts';

export interface IncomingEvent {
  readonly id?: string;
  readonly type: EventType;
  readonly data: unknown;
}

/** What one command brings: its events, who records them and when; `opens`, the MatchCreated of a new match. */
export interface Recorded {
  readonly opens?: IncomingEvent;
  readonly events: readonly IncomingEvent[];
  readonly recordedBy: string;
  /** when the batch is recorded; for a replay, when each of its events happened (`opens` first) */
  readonly recordedAt: string | readonly string[];
  /** for an import, the source's step each of `events` came from (meta.step) */
  readonly steps?: readonly number[];
}

/** A whole log recorded elsewhere and verified by the caller (an export and its signed head): stamped, sealed and chained already. */
export interface Verified {
  readonly verified: readonly MatchEvent[];
}

export type Batch = Recorded | Verified;

/** The match's chain so far: the hash its next event chains to, and its secret salt. */
export interface ChainTip {
  readonly head: string;
  readonly salt: string | undefined;
}

export type Decided = { readonly ok: true; readonly events: MatchEvent[]; readonly state: MatchState } | { readonly ok: false; readonly error: DomainError };

/**
 * The one decision of every write: the events to store after `state` and the state after them, or the
 * domain's refusal (`eventIndex` counts from the batch's `events`; 0 for `opens`). Pure: ids and salts
 * come from `entropy`. Throws SaltInBody for a shuffle that brings its own salt or commitment.
 */
export const decide = (state: MatchState, chain: ChainTip, batch: Batch, entropy: Entropy): Decided => {
  if ('verified' in batch) {
    // kept as it is (ids, meta, salts and chain): only step 4 applies
    const verdict = validateBatch(state, batch.verified);
    return verdict.ok ? { ok: true, events: [...batch.verified], state: verdict.state } : verdict;
  }
  // 1. stamp: an id where the event has none, who recorded it and when
  const at = (i: number) => (typeof batch.recordedAt === 'string' ? batch.recordedAt : batch.recordedAt[i]);
  const stamp = (event: IncomingEvent, i: number, step?: number) =>
    ({
      id: event.id ?? entropy.uuid(),
      type: event.type,
      data: event.data,
      meta: { recordedBy: batch.recordedBy, recordedAt: at(i), ...(step !== undefined && { step }) },
    }) as MatchEvent;
  const opening = batch.opens && stamp(batch.opens, 0);
  const stamped = batch.events.map((event, i) => stamp(event, opening ? i + 1 : i, batch.steps?.[i]));
  // 2. refuse client salts: a shuffle's salt and commitment are the server's to draw and compute
  refuseClientSalts(batch.events);
  // a new match opens its chain under a salt the server draws: secret to all but judges, covered by every hash (libs/audit chain/hash-chain.ts)
  const chainSalt = opening && entropy.hex(32);
  const genesis = opening && chainEvent(GENESIS, { ...opening, meta: { ...opening.meta!, chainSalt } } as MatchEvent, chainSalt);
  const opened = genesis ? validateBatch(state, [genesis]) : ({ ok: true, state } as const);
  if (!opened.ok) return opened;
  // 3. seal: each shuffle committed with a 128-bit salt the server draws (its cards' definitions read from the state the batch starts from)
  const sealed = stamped.map((event) => (event.type === 'ZoneShuffled' ? ({ ...event, data: sealShuffle(opened.state, event.data, entropy.hex(16)) } as MatchEvent) : event));
  // 4. validate: the domain's verdict on the batch
  const verdict = validateBatch(opened.state, sealed);
  if (!verdict.ok) return verdict;
  // 5. chain: each event to the one before it, under the match's salt
  const tip = genesis ? { head: linkOf(genesis)!.hash, salt: chainSalt } : chain;
  return { ok: true, events: [...(genesis ? [genesis] : []), ...chainEvents(sealed, tip.head, tip.salt)], state: verdict.state };
};
