import { StoredEvent } from '@matchlog/store';
import { GrantRecord, TokensIssued, TokensRevoked } from './token-stream';

/** A token stream's event, as the log holds it or the writer appends it. */
export type TokenEvent = Pick<StoredEvent, 'type' | 'data'>;

/** Tokens after a token stream's events: the grants in force by hash, and every hash revoked. */
export interface TokensState<G = GrantRecord> {
  readonly grants: Map<string, G>;
  readonly revoked: Set<string>;
}

export const noTokens = <G = GrantRecord>(): TokensState<G> => ({ grants: new Map(), revoked: new Set() });

/** A grant counts unless its hash is revoked: a TokensIssued seen after its revocation grants nothing. */
export const grantIn = <G>(state: TokensState<G>, hash: string, grant: G): void => {
  if (!state.revoked.has(hash)) state.grants.set(hash, grant);
};

/** A revoked hash stays revoked for good. */
export const revokeIn = (state: TokensState<unknown>, hash: string): void => {
  state.revoked.add(hash);
  state.grants.delete(hash);
};

/**
 * The token stream's one fold (TokensIssued, TokensRevoked; any other event changes nothing). Applying
 * is order-independent, so sources that overlap (the writer's own appends, the log, the catalog) may
 * apply in any order. `grantAs` makes what the state keeps of a grant (by default the record itself).
 * The state is updated in place and returned: an instance's holds every match's tokens, which a copy
 * per event would cost whole. It reads nothing but the state and the event.
 */
export function evolveTokens(state: TokensState, event: TokenEvent): TokensState;
export function evolveTokens<G>(state: TokensState<G>, event: TokenEvent, grantAs: (grant: GrantRecord) => G): TokensState<G>;
export function evolveTokens<G>(state: TokensState<G>, event: TokenEvent, grantAs = (grant: GrantRecord) => grant as G): TokensState<G> {
  if (event.type === 'TokensRevoked') for (const hash of (event.data as TokensRevoked).hashes) revokeIn(state, hash);
  if (event.type === 'TokensIssued') for (const grant of (event.data as TokensIssued).grants) grantIn(state, grant.hash, grantAs(grant));
  return state;
}

/** The tokens after a token stream's events, from none. */
export const tokensAfter = (events: readonly TokenEvent[]): TokensState => events.reduce((state, event) => evolveTokens(state, event), noTokens());
