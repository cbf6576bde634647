import { CatalogDb, openCatalog, openPostgresCatalog, projectIntoCatalog } from '@matchlog/catalog';
import { LogSequencer } from '@matchlog/matches';
import { EventStore, PostgresEventStore, SqliteEventStore } from '@matchlog/store';
import { createTestDatabase } from '@matchlog/testkit';
import { KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** A log's storage: the catalog it lives in and the event store the sequencer reads heads from. */
export interface LogPlace {
  readonly catalog: CatalogDb;
  readonly store: EventStore;
  close(): Promise<void>;
}

export const sqlitePlace = async (dir: string): Promise<LogPlace> => {
  const catalog = await openCatalog(dir);
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  return { catalog, store, close: async () => (await catalog.destroy(), await store.close(), rmSync(dir, { recursive: true, force: true })) };
};

export const postgresPlace = async (serverUrl: string): Promise<LogPlace> => {
  const database = await createTestDatabase(serverUrl);
  const catalog = await openPostgresCatalog(database.url, 4);
  const store = await PostgresEventStore.open(database.url);
  return { catalog, store, close: async () => (await catalog.destroy(), await store.close(), await database.drop()) };
};

const meta = (extra: object = {}) => ({ recordedBy: 'bench', recordedAt: new Date().toISOString(), hash: randomBytes(32).toString('hex'), ...extra });

/** `count` matches created and ended (a salted chain, no broadcast delay), in the store and projected into the catalog. */
export const endMatches = async (place: LogPlace, count: number, after: number): Promise<number> => {
  for (let i = 0; i < count; i++)
    await place.store.append(`bench-${randomUUID()}`, 0, [
      {
        id: randomUUID(),
        type: 'MatchCreated',
        data: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] },
        meta: meta({ chainSalt: randomBytes(16).toString('hex') }),
      },
      { id: randomUUID(), type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' }, meta: meta() },
    ]);
  let position = after;
  for (;;) {
    const events = await place.store.readAll(position, 1000);
    if (events.length === 0) return position;
    await place.catalog.transaction().execute((trx) => projectIntoCatalog(trx, events));
    position = events.at(-1)!.position;
  }
};

export const sequencerOf = (place: LogPlace, signingKey: KeyObject): LogSequencer =>
  new LogSequencer({ catalog: place.catalog, store: place.store, time: { now: () => Date.now() }, signingKey, origin: 'bench.example/matchlog', intervalMs: 1_000_000 });
