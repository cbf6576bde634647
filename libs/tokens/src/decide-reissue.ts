import { EventToAppend } from '@matchlog/store';
import { TokensState } from './evolve-tokens';
import { GrantRecord, TokenRole, TokensIssued, TokensRevoked, hashToken } from './token-stream';

/** The randomness a reissue draws, from outside (libs/matches' Entropy port is one). */
export interface TokenEntropy {
  uuid(): string;
  /** `bytes` random bytes, hex */
  hex(bytes: number): string;
}

/** Tokens as the caller receives them, once. */
export interface IssuedTokens {
  readonly players: Record<string, string>;
  readonly judge?: string;
  readonly recorder?: string;
  readonly broadcast?: string;
}

/** A token: 24 random bytes, base64url, after a prefix that tells it for a matchlog token. */
const newToken = (entropy: TokenEntropy): string => `mlt_${Buffer.from(entropy.hex(24), 'hex').toString('base64url')}`;

const sameRole = (grant: GrantRecord, role: TokenRole): boolean => grant.role === role.role && (role.role !== 'player' || grant.player === role.player);

/**
 * The token stream's one decision: new tokens for `roles`, and the events that record them, the grants
 * in force for those roles revoked first (in the same append). The tokens are shown to the caller
 * once; the events hold their hashes only.
 */
export const decideReissue = (state: TokensState, roles: readonly TokenRole[], entropy: TokenEntropy): { tokens: IssuedTokens; events: EventToAppend[] } => {
  const players: Record<string, string> = {};
  const single: { judge?: string; recorder?: string; broadcast?: string } = {};
  const grants = roles.map((role): GrantRecord => {
    const token = newToken(entropy);
    if (role.role === 'player') players[role.player] = token;
    else single[role.role] = token;
    return { ...role, hash: hashToken(token) };
  });
  const revoked = [...state.grants.values()].filter((grant) => roles.some((role) => sameRole(grant, role))).map((grant) => grant.hash);
  const events: EventToAppend[] = [
    ...(revoked.length > 0 ? [{ id: entropy.uuid(), type: 'TokensRevoked', data: { hashes: revoked } satisfies TokensRevoked }] : []),
    { id: entropy.uuid(), type: 'TokensIssued', data: { grants } satisfies TokensIssued },
  ];
  return { tokens: { players, ...single }, events };
};
