import { createHash } from 'crypto';

export type TokenGrant =
  | { readonly matchId: string; readonly role: 'judge' | 'recorder' | 'broadcast'; readonly player: null }
  | { readonly matchId: string; readonly role: 'player'; readonly player: string };

/**
 * A role a token can be issued for: the judge, the recorder (appends and reads the judge view), the broadcast
 * (a match with broadcastAccess: 'token'), or one player's seat.
 */
export type TokenRole = { readonly role: 'judge' | 'recorder' | 'broadcast' } | { readonly role: 'player'; readonly player: string };

/** One token as the log records it: its role, and the SHA-256 of the token, never the token. */
export interface GrantRecord {
  readonly role: 'player' | 'judge' | 'recorder' | 'broadcast';
  readonly player?: string;
  readonly hash: string;
}

/** The events of a match's token stream. */
export interface TokensIssued {
  readonly grants: readonly GrantRecord[];
}
export interface TokensRevoked {
  readonly hashes: readonly string[];
}

/**
 * A match's tokens are recorded in the event store, in a stream of their own beside the match's:
 * `tokens@<matchId>`. "@" is in no match id, so the name never collides with a match, and no reader
 * of match streams (replays, export, audit) ever sees it.
 */
const TOKEN_STREAM_PREFIX = 'tokens@';
export const tokenStreamOf = (matchId: string): string => TOKEN_STREAM_PREFIX + matchId;
export const matchOfTokenStream = (streamId: string): string | null => (streamId.startsWith(TOKEN_STREAM_PREFIX) ? streamId.slice(TOKEN_STREAM_PREFIX.length) : null);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What a recorded grant of a match grants. */
export const grantOfRecord = (matchId: string, grant: GrantRecord): TokenGrant =>
  grant.role === 'player' ? { matchId, role: 'player', player: grant.player! } : { matchId, role: grant.role, player: null };
