import { EventToAppend, StoredEvent } from '@matchlog/store';
import { createHash, randomBytes, randomUUID } from 'crypto';
import { Kysely } from 'kysely';
import { checkpointOf } from './catalog-checkpoint';
import { CatalogTables } from './catalog-schema';
import { CatalogDb } from './open-catalog';

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

/** Tokens as the caller receives them, once. */
export interface IssuedTokens {
  readonly players: Record<string, string>;
  readonly judge?: string;
  readonly recorder?: string;
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
  const single: { judge?: string; recorder?: string; broadcast?: string } = {};
  const grants = roles.map((role): GrantRecord => {
    const token = newToken();
    if (role.role === 'player') players[role.player] = token;
    else single[role.role] = token;
    return { ...role, hash: hashToken(token) };
  });
  const revoked = inForce.filter((grant) => roles.some((role) => sameRole(grant, role))).map((grant) => grant.hash);
  const events: EventToAppend[] = [
    ...(revoked.length > 0 ? [{ id: randomUUID(), type: 'TokensRevoked', data: { hashes: revoked } satisfies TokensRevoked }] : []),
    { id: randomUUID(), type: 'TokensIssued', data: { grants } satisfies TokensIssued },
  ];
  return { tokens: { players, ...single }, events };
};

/**
 * Applies token events to match_tokens; idempotent and order-independent, so the projection and the
 * write path may both apply them, in either order: a revoked hash stays in token_revocations for good,
 * and a TokensIssued applied after it (a projection behind the write path) does not grant it again.
 */
export const applyTokenEvents = async (db: Kysely<CatalogTables>, matchId: string, events: readonly Pick<StoredEvent, 'type' | 'data'>[]): Promise<void> => {
  for (const event of events) {
    if (event.type === 'TokensIssued') {
      const grants = (event.data as TokensIssued).grants;
      const revoked =
        grants.length === 0
          ? []
          : await db
              .selectFrom('token_revocations')
              .select('token_hash')
              .where(
                'token_hash',
                'in',
                grants.map((g) => g.hash),
              )
              .execute();
      const rows = grants
        .filter((g) => !revoked.some((r) => r.token_hash === g.hash))
        .map((g) => ({ token_hash: g.hash, match_id: matchId, role: g.role, player_id: g.role === 'player' ? (g.player ?? null) : null, from_log: 1 }));
      if (rows.length > 0)
        await db
          .insertInto('match_tokens')
          .values(rows)
          .onConflict((c) => c.column('token_hash').doNothing())
          .execute();
    }
    if (event.type === 'TokensRevoked') {
      const { hashes } = event.data as TokensRevoked;
      if (hashes.length === 0) continue;
      await db
        .insertInto('token_revocations')
        .values(hashes.map((hash) => ({ token_hash: hash, match_id: matchId })))
        .onConflict((c) => c.column('token_hash').doNothing())
        .execute();
      await db
        .deleteFrom('match_tokens')
        .where('token_hash', 'in', [...hashes])
        .execute();
    }
  }
};

/** What a recorded grant of a match grants. */
export const grantOfRecord = (matchId: string, grant: GrantRecord): TokenGrant =>
  grant.role === 'player' ? { matchId, role: 'player', player: grant.player! } : { matchId, role: grant.role, player: null };

/** Every token the catalog holds (legacy grants too) and every revoked hash; `position`: the checkpoint, read first, so they hold at least the log up to it. */
export interface CatalogTokens {
  readonly position: number;
  readonly grants: readonly (readonly [hash: string, grant: TokenGrant])[];
  readonly revoked: readonly string[];
}

export const tokensInCatalog = async (db: CatalogDb): Promise<CatalogTokens> => {
  const position = await checkpointOf(db);
  const rows = await db.selectFrom('match_tokens').selectAll().execute();
  // read after the grants: a revocation committed meanwhile is in it
  const revoked = await db.selectFrom('token_revocations').select('token_hash').execute();
  return {
    position,
    grants: rows.map(
      (row) =>
        [
          row.token_hash,
          grantOfRecord(row.match_id, row.role === 'player' ? { role: 'player', player: row.player_id!, hash: row.token_hash } : { role: row.role, hash: row.token_hash }),
        ] as const,
    ),
    revoked: revoked.map((row) => row.token_hash),
  };
};

/** Grants of a match that only the catalog holds: tokens issued before tokens were recorded in the log. */
export const legacyGrantsOf = async (db: CatalogDb, matchId: string): Promise<GrantRecord[]> => {
  const rows = await db.selectFrom('match_tokens').selectAll().where('match_id', '=', matchId).where('from_log', '=', 0).execute();
  return rows.map((row) => (row.role === 'player' ? { role: 'player', player: row.player_id!, hash: row.token_hash } : { role: row.role, hash: row.token_hash }));
};

/**
 * What a token grants, in one query: its row in match_tokens, unless its hash is revoked. A row
 * written by a transaction that raced a revocation on another instance is refused all the same.
 */
export const grantOf = async (db: CatalogDb, token: string): Promise<TokenGrant | null> => {
  const hash = hashToken(token);
  const row = await db
    .selectFrom('match_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('token_revocations').select('token_hash').where('token_hash', '=', hash))))
    .executeTakeFirst();
  if (!row) return null;
  return row.role === 'player' ? { matchId: row.match_id, role: 'player', player: row.player_id! } : { matchId: row.match_id, role: row.role, player: null };
};
