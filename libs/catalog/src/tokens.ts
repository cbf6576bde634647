import { createHash, randomBytes } from 'crypto';
import { CatalogDb } from './open-catalog';

export type TokenGrant = { readonly matchId: string; readonly role: 'judge'; readonly player: null } | { readonly matchId: string; readonly role: 'player'; readonly player: string };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const newToken = (): string => `mlt_${randomBytes(24).toString('base64url')}`;

/** One bearer token per player and one for the judge; only their hashes are kept. */
export const issueMatchTokens = async (db: CatalogDb, matchId: string, players: readonly string[]) => {
  const issued = { players: Object.fromEntries(players.map((player) => [player, newToken()])) as Record<string, string>, judge: newToken() };
  await db
    .insertInto('match_tokens')
    .values([
      ...players.map((player) => ({ token_hash: hashToken(issued.players[player]), match_id: matchId, role: 'player' as const, player_id: player })),
      { token_hash: hashToken(issued.judge), match_id: matchId, role: 'judge' as const, player_id: null },
    ])
    .execute();
  return issued;
};

/** Takes back tokens issued by a creation that did not happen, and only those (a concurrent creation of the same id keeps its own). */
export const revokeTokens = async (db: CatalogDb, issued: { readonly players: Record<string, string>; readonly judge: string }): Promise<void> => {
  await db.deleteFrom('match_tokens').where('token_hash', 'in', [...Object.values(issued.players), issued.judge].map(hashToken)).execute();
};

export const grantOf = async (db: CatalogDb, token: string): Promise<TokenGrant | null> => {
  const row = await db.selectFrom('match_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return null;
  return row.role === 'judge' ? { matchId: row.match_id, role: 'judge', player: null } : { matchId: row.match_id, role: 'player', player: row.player_id! };
};
