import { EventToAppend, StoredEvent } from '@matchlog/store';
import { createHash, randomBytes, randomUUID } from 'crypto';
import { Kysely } from 'kysely';
import { CatalogTables } from './catalog-schema';
import { CatalogDb } from './open-catalog';

export type TokenGrant =
  | { readonly matchId: string; readonly role: 'judge' | 'broadcast'; readonly player: null }
  | { readonly matchId: string; readonly role: 'player'; readonly player: string };

/** A role a token can be issued for: the judge, one player's seat, or the broadcast (a match with broadcastAccess: 'token'). */
export type TokenRole = { readonly role: 'judge' } | { readonly role: 'broadcast' } | { readonly role: 'player'; readonly player: string };

/** One token as the log records it: its role, and the SHA-256 of the token, never the token. */
export interface GrantRecord {
  readonly role: 'player' | 'judge' | 'broadcast';
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

/** Tokens as the caller receives them, once. */
export interface IssuedTokens {
  readonly players: Record<string, string>;
  readonly judge?: string;
  readonly broadcast?: string;
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

const newToken = (): string => `mlt_${randomBytes(24).toString('base64url')}`;

/** The grants in force after a token stream's events. */
export const grantsInForce = (events: readonly Pick<StoredEvent, 'type' | 'data'>[]): GrantRecord[] => {
  const inForce = new Map<string, GrantRecord>();
  for (const event of events) {
    if (event.type === 'TokensIssued') for (const grant of (event.data as TokensIssued).grants) inForce.set(grant.hash, grant);
    if (event.type === 'TokensRevoked') for (const hash of (event.data as TokensRevoked).hashes) inForce.delete(hash);
  }
  return [...inForce.values()];
};

const sameRole = (grant: GrantRecord, role: TokenRole): boolean => grant.role === role.role && (role.role !== 'player' || grant.player === role.player);

/** New tokens for `roles`, and the events that record them: the grants in force for those roles revoked first. */
export const reissue = (inForce: readonly GrantRecord[], roles: readonly TokenRole[]): { tokens: IssuedTokens; events: EventToAppend[] } => {
  const players: Record<string, string> = {};
  let judge: string | undefined;
  let broadcast: string | undefined;
  const grants = roles.map((role): GrantRecord => {
    const token = newToken();
    if (role.role === 'judge') judge = token;
    else if (role.role === 'broadcast') broadcast = token;
    else players[role.player] = token;
    return { ...role, hash: hashToken(token) };
  });
  const revoked = inForce.filter((grant) => roles.some((role) => sameRole(grant, role))).map((grant) => grant.hash);
  const events: EventToAppend[] = [
    ...(revoked.length > 0 ? [{ id: randomUUID(), type: 'TokensRevoked', data: { hashes: revoked } satisfies TokensRevoked }] : []),
    { id: randomUUID(), type: 'TokensIssued', data: { grants } satisfies TokensIssued },
  ];
  return { tokens: { players, ...(judge !== undefined && { judge }), ...(broadcast !== undefined && { broadcast }) }, events };
};

/** Applies token events to match_tokens; idempotent, so the projection and the write path may both apply them. */
export const applyTokenEvents = async (db: Kysely<CatalogTables>, matchId: string, events: readonly Pick<StoredEvent, 'type' | 'data'>[]): Promise<void> => {
  for (const event of events) {
    if (event.type === 'TokensIssued') {
      const rows = (event.data as TokensIssued).grants.map((g) => ({ token_hash: g.hash, match_id: matchId, role: g.role, player_id: g.role === 'player' ? (g.player ?? null) : null, from_log: 1 }));
      if (rows.length > 0) await db.insertInto('match_tokens').values(rows).onConflict((c) => c.column('token_hash').doNothing()).execute();
    }
    if (event.type === 'TokensRevoked') {
      const { hashes } = event.data as TokensRevoked;
      if (hashes.length > 0) await db.deleteFrom('match_tokens').where('token_hash', 'in', [...hashes]).execute();
    }
  }
};

/** Grants of a match that only the catalog holds: tokens issued before tokens were recorded in the log. */
export const legacyGrantsOf = async (db: CatalogDb, matchId: string): Promise<GrantRecord[]> => {
  const rows = await db.selectFrom('match_tokens').selectAll().where('match_id', '=', matchId).where('from_log', '=', 0).execute();
  return rows.map((row) => (row.role === 'judge' ? { role: 'judge', hash: row.token_hash } : { role: 'player', player: row.player_id!, hash: row.token_hash }));
};

export const grantOf = async (db: CatalogDb, token: string): Promise<TokenGrant | null> => {
  const row = await db.selectFrom('match_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return null;
  if (row.role === 'broadcast') return { matchId: row.match_id, role: 'broadcast', player: null };
  return row.role === 'judge' ? { matchId: row.match_id, role: 'judge', player: null } : { matchId: row.match_id, role: 'player', player: row.player_id! };
};
