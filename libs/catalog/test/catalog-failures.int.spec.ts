import { checkpointOf, findMatch, openCatalog } from '@matchlog/catalog';
import { EventStore, StorageFull, StoreUnavailable, StoredEvent, openSqliteEventStore } from '@matchlog/store';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { damageMiddlePages } from '../../store/test/support/damage';
import { fillUpCatalog } from './support/full-catalog';
import { projectorOn } from './support/projector-on';

const created = (matchId: string) => ({
  id: `${matchId}-created`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: [{ id: 'p1', name: 'x'.repeat(5000) }, { id: 'p2' }], cards: [], tournament: { event: 'Cup', round: 1, table: 2 } },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' },
});

describe('the catalog when its storage fails', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-failures-'));
    store = openSqliteEventStore(dir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a damaged catalog.sqlite is moved aside, named in the log, and rebuilt from the event log', async () => {
    for (let m = 0; m < 40; m++) await store.append(`m${m}`, 0, [created(`m${m}`)]);
    let db = await openCatalog(dir);
    let projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(40);
    await projector.stop();
    await db.destroy();
    damageMiddlePages(join(dir, 'catalog.sqlite'));

    const log: string[] = [];
    db = await openCatalog(dir, (line) => log.push(line));
    const aside = readdirSync(dir).find((name) => name.startsWith('catalog.sqlite.damaged-'));
    expect(aside).toBeDefined();
    expect(log).toEqual([expect.stringContaining(`moved it to ${join(dir, aside!)}`)]);
    expect(statSync(join(dir, 'catalog.sqlite')).mode & 0o777).toBe(0o600);
    projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(40, 10_000);
    expect(await checkpointOf(db)).toBe(40);
    expect(await findMatch(db, 'm39')).toMatchObject({ game: 'lorcana', eventCount: 1 });
    await projector.stop();
    await db.destroy();
  });

  it('a catalog.sqlite that is not a database is moved aside and replaced', async () => {
    writeFileSync(join(dir, 'catalog.sqlite'), 'not a database at all\n'.repeat(300));
    const log: string[] = [];
    const db = await openCatalog(dir, (line) => log.push(line));
    expect(log).toEqual([expect.stringContaining('is damaged (it is not a SQLite database')]);
    expect(await checkpointOf(db)).toBe(0);
    await db.destroy();
    expect(existsSync(join(dir, 'catalog.sqlite'))).toBe(true);
  });

  it('a batch that failed on a full disk is retried on a timer with backoff: the catalog catches up with no new write, and reports its lag meanwhile', async () => {
    const db = await openCatalog(dir);
    const failures: unknown[] = [];
    let thirdFailure: () => void;
    const failedThrice = new Promise<void>((resolve) => (thirdFailure = resolve));
    const projector = projectorOn(db, store, (error) => failures.push(error) === 3 && thirdFailure(), { firstMs: 5, maxMs: 20 });
    await projector.start();
    await store.append('m0', 0, [created('m0')]);
    await projector.caughtUpTo(1);

    const makeRoom = await fillUpCatalog(db);
    for (let m = 1; m <= 5; m++) await store.append(`m${m}`, 0, [created(`m${m}`)]);
    await failedThrice;
    expect(failures[0]).toBeInstanceOf(StorageFull);
    expect(projector.lag()).toEqual({ position: 1, behind: 5, failure: new StorageFull('').message });

    await makeRoom();
    await projector.caughtUpTo(6, 60_000);
    expect(projector.lag()).toEqual({ position: 6, behind: 0 });
    expect(await findMatch(db, 'm5')).toMatchObject({ eventCount: 1 });
    await projector.stop();
    await db.destroy();
  });

  it('a subscription that fails (the store unreachable) is renewed on the retry timer, from the last event delivered', async () => {
    const db = await openCatalog(dir);
    let subscriptions = 0;
    let failNow: (error: unknown) => void = () => undefined;
    // the first subscription delivers one event, then dies as the EventStoreDB adapter's does when its server goes away
    const flaky: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribeAll: (after: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void) => {
        if (++subscriptions > 1) return store.subscribeAll(after, onEvent, onFailure);
        const real = store.subscribeAll(after, onEvent);
        failNow = (error) => void real.close().then(() => onFailure?.(error));
        return real;
      },
    });
    const failures: unknown[] = [];
    const projector = projectorOn(db, flaky, (error) => failures.push(error), { firstMs: 5, maxMs: 20 });
    await projector.start();
    await store.append('m0', 0, [created('m0')]);
    await projector.caughtUpTo(1);
    failNow(new StoreUnavailable('the server went away'));
    await store.append('m1', 0, [created('m1')]);
    await store.append('m2', 0, [created('m2')]);

    // caughtUpTo answers at once while the subscription is down (no write waits on a dead one): poll instead
    for (const deadline = Date.now() + 60_000; projector.lag().position < 3 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(failures).toEqual([expect.any(StoreUnavailable)]);
    expect(subscriptions).toBe(2);
    expect(projector.lag()).toEqual({ position: 3, behind: 0 });
    expect(await findMatch(db, 'm2')).toMatchObject({ eventCount: 1 });
    await projector.stop();
    await db.destroy();
  });
});
