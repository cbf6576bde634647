import { Kysely, Transaction } from 'kysely';
import { CatalogTables } from './catalog-schema';
import { clearSearch } from './catalog-search';
import { committedCheckpointOf } from './projector';

/** The catalog's row in `checkpoints`. */
export const CATALOG = 'catalog';

/** Empties the read models (but the tokens only the catalog holds); the projector moves the checkpoint. */
export const clearCatalog = async (trx: Transaction<CatalogTables>): Promise<void> => {
  await trx.deleteFrom('match_players').execute();
  // tokens issued before they were logged exist only here: kept
  await trx.deleteFrom('match_tokens').where('from_log', '=', 1).execute();
  // the log's TokensRevoked put them back
  await trx.deleteFrom('token_revocations').execute();
  await trx.deleteFrom('matches').execute();
  await clearSearch(trx);
};

/** The catalog's checkpoint as committed, without a lock. */
export const checkpointOf = (db: Kysely<CatalogTables>): Promise<number> => committedCheckpointOf(db, CATALOG);
