import { GrantRecord, TokenEvent, TokenGrant, evolveTokens, grantOfRecord, hashToken, noTokens } from '@matchlog/tokens';
import { Kysely } from 'kysely';
import { checkpointOf } from './catalog-checkpoint';
import { CatalogTables } from './catalog-schema';
import { CatalogDb } from './open-catalog';

/**
 * Applies token events to match_tokens; idempotent and order-independent, so the projection and the
 * write path may both apply them, in either order: a revoked hash stays in token_revocations for good,
 * and a TokensIssued applied after it (a projection behind the write path) does not grant it again.
 */
export const applyTokenEvents = async (db: Kysely<CatalogTables>, matchId: string, events: readonly TokenEvent[]): Promise<void> => {
  for (const event of events) {
    const { grants, revoked } = evolveTokens(noTokens(), event);
    if (grants.size > 0) await insertGrants(db, matchId, [...grants.values()]);
    if (revoked.size > 0) await recordRevocations(db, matchId, [...revoked]);
  }
};

const insertGrants = async (db: Kysely<CatalogTables>, matchId: string, grants: readonly GrantRecord[]): Promise<void> => {
  const revoked = await db
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
};

const recordRevocations = async (db: Kysely<CatalogTables>, matchId: string, hashes: readonly string[]): Promise<void> => {
  await db
    .insertInto('token_revocations')
    .values(hashes.map((hash) => ({ token_hash: hash, match_id: matchId })))
    .onConflict((c) => c.column('token_hash').doNothing())
    .execute();
  await db
    .deleteFrom('match_tokens')
    .where('token_hash', 'in', [...hashes])
    .execute();
};

/** Every token the catalog holds (legacy grants too) and every revoked hash; `position`: the checkpoint, read first, so they hold at least the log up to it. */
export interface CatalogTokens {
  readonly position: number;
  readonly grants: readonly (readonly [hash: string, grant: TokenGrant])[];
  readonly revoked: readonly string[];
}

/** `grantsAtMost`: the most grants read (any of them: a cache's warm start); every revoked hash is read all the same. */
export const tokensInCatalog = async (db: CatalogDb, grantsAtMost?: number): Promise<CatalogTokens> => {
  const position = await checkpointOf(db);
  const grants = db.selectFrom('match_tokens').selectAll();
  const rows = await (grantsAtMost === undefined ? grants : grants.limit(grantsAtMost)).execute();
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
export const grantOf = (db: CatalogDb, token: string): Promise<TokenGrant | null> => grantOfHash(db, hashToken(token));

/** grantOf, by the token's hash. */
export const grantOfHash = async (db: CatalogDb, hash: string): Promise<TokenGrant | null> => {
  const row = await db
    .selectFrom('match_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('token_revocations').select('token_hash').where('token_hash', '=', hash))))
    .executeTakeFirst();
  if (!row) return null;
  return row.role === 'player' ? { matchId: row.match_id, role: 'player', player: row.player_id! } : { matchId: row.match_id, role: row.role, player: null };
};
