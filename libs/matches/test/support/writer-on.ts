import { CatalogDb, openCatalog } from '@matchlog/catalog';
import { InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { TokenGrants } from '../../src/access/token-grants';
import { MatchModels } from '../../src/model/match-models';
import { StoreHead } from '../../src/model/store-head';
import { MatchWriter } from '../../src/write/match-writer';
import { countingEntropy } from './writer-fixtures';

export const NOW = '2026-01-01T10:00:00.000Z';

/** A writer as matchesCore composes it, on an in-memory store, a catalog in a temporary directory, a fixed time and counting entropy (ids `idPrefix`-n). */
export const writerOn = async (idPrefix?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-writer-'));
  const store = new InMemoryEventStore();
  const catalog: CatalogDb = await openCatalog(dir);
  const models = new MatchModels(store);
  const tokens = new TokenGrants(catalog, store, new StoreHead(store));
  new LogConsumer(store, { processors: [models, tokens], onError: () => undefined });
  const writer = new MatchWriter(store, catalog, tokens, models, { now: () => Date.parse(NOW) }, countingEntropy(idPrefix));
  const close = async () => {
    await catalog.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, writer, close };
};
