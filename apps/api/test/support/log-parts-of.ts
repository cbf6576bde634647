import { CatalogDb } from '@matchlog/catalog';
import { LogSequencer } from '@matchlog/matches';
import { LOG_SEQUENCER } from '../../src/ledger/log-parts';
import { CATALOG_DB } from '../../src/injection-keys';
import { TestApp } from './test-app';

/** A running test app's log parts: its sequencer (to stop and start it) and its catalog database, which holds the log's tables. */
export const logPartsOf = (t: TestApp): { sequencer: LogSequencer; catalog: CatalogDb } => ({
  sequencer: t.app.get<symbol, LogSequencer>(LOG_SEQUENCER),
  catalog: t.app.get<symbol, CatalogDb>(CATALOG_DB),
});
