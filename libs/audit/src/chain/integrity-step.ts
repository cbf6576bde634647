import { DomainError, MatchEvent, MatchState, validateBatch } from '@matchlog/domain';
import { sealShuffle } from './commitment';
import { chainEvents } from './hash-chain';

export type Sealed = { readonly ok: true; readonly events: MatchEvent[]; readonly state: MatchState } | { readonly ok: false; readonly error: DomainError };

/**
 * The write path's integrity step, in one call: each shuffle sealed with a salt the caller draws (its
 * commitment computed from the state it shuffles), the batch validated by the domain against `state`,
 * then chained to the match's `head` under its secret `salt`. Either the events to store and the state
 * after them, or the domain's refusal.
 */
export const sealAndChain = (
  state: MatchState,
  events: readonly MatchEvent[],
  chain: { readonly head: string; readonly salt: string | undefined },
  drawSalt: () => string,
): Sealed => {
  const sealed = events.map((event) => (event.type === 'ZoneShuffled' ? ({ ...event, data: sealShuffle(state, event.data, drawSalt()) } as MatchEvent) : event));
  const verdict = validateBatch(state, sealed);
  if (!verdict.ok) return verdict;
  return { ok: true, events: chainEvents(sealed, chain.head, chain.salt), state: verdict.state };
};
