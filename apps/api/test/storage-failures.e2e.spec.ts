import { CatalogDb, CatalogProjector } from '@matchlog/catalog';
import { EventStore, SqliteEventStore, StoreUnavailable } from '@matchlog/store';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { fillUpCatalog } from '../../../libs/catalog/test/support/full-catalog';
import { damageMiddlePages, fillUp } from '../../../libs/store/test/support/damage';
import { composeParts } from '../src/compose-parts';
import { openCatalogOf, openParts, openStores } from '../src/open-parts';
import { CATALOG_DB, CATALOG_PROJECTOR, EVENT_STORE } from '../src/injection-keys';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** Enough turns that a batch needs new pages of the database file. */
const turns = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ type: 'TurnStarted', data: { player: i % 2 ? 'p2' : 'p1', turn: from + i } }));

const FULL_MESSAGE = "the server's disk is full, so nothing was written: free space on the disk that holds its data directory, then send the same request again";

describe('a full disk', () => {
  let t: TestApp;
  beforeEach(async () => (t = await startTestApp()));
  afterEach(() => t.close());

  it('an append or a creation answers 507 STORAGE_FULL saying what to do; the server stays up; once there is room the same append succeeds', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('full-1')).expect(201);
    const makeRoom = await fillUp(t.app.get<EventStore>(EVENT_STORE) as SqliteEventStore);
    const batch = { expectedRevision: 1, events: turns(1, 60) };

    const refused = await t.http().post('/matches/full-1/events').set(t.organizer).send(batch).expect(507);
    expect(refused.body).toMatchObject({ statusCode: 507, code: 'STORAGE_FULL', message: FULL_MESSAGE });
    const creation = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch('full-2'), cards: [...lorcanaMatch().cards, ...bigDeck()] })
      .expect(507);
    expect(creation.body).toMatchObject({ code: 'STORAGE_FULL' });
    await t.http().get('/health').expect(200);
    expect((await t.http().get('/matches/full-1/views/judge').set(t.organizer).expect(200)).body.revision).toBe(1);

    await makeRoom();
    expect((await t.http().post('/matches/full-1/events').set(t.organizer).send(batch).expect(201)).body).toEqual({
      matchId: 'full-1',
      revision: 61,
      position: expect.any(Number),
    });
    expect((await t.http().get('/matches/full-1')).body.eventCount).toBe(61);
  });

  it('when only the catalog could not write, the write is kept, readiness shows the lag, and the catalog catches up by itself once there is room', async () => {
    await t.close();
    // a catalog of 512-byte pages, where an index entry over ~100 bytes needs an overflow page: a
    // match's tokens fit in the pages there are, its catalog row (its long tournament name) does not
    const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-e2e-lag-'));
    const small = new Database(join(dataDir, 'catalog.sqlite'));
    small.pragma('page_size = 512');
    small.exec('VACUUM');
    small.close();
    t = await startTestApp({ dataDir });
    const makeRoom = await fillUpCatalog(t.app.get<CatalogDb>(CATALOG_DB));

    // the log holds the match (its MatchCreated, and its tokens' TokensIssued), so it is acknowledged:
    // the writer never waits for the catalog
    const match = { ...lorcanaMatch('lag-1'), tournament: { event: `Lyon Regional ${'-'.repeat(180)}`, round: 3, table: 12 } };
    const { tokens } = (await t.http().post('/matches').set(t.organizer).send(match).expect(201)).body;
    // the catalog tries its batch a few ms after the append (the projector's linger, libs/catalog/src/linger.ts)
    const projector = t.app.get<CatalogProjector>(CATALOG_PROJECTOR);
    for (const until = Date.now() + 5_000; projector.lag().failure === undefined && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 10));
    const lagging = await t.http().get('/health/ready').set(t.organizer).expect(503);
    expect(lagging.headers['retry-after']).toBe('5');
    expect(lagging.body).toMatchObject({ status: 'not ready', catalog: { position: 0, behind: 2, failure: FULL_MESSAGE } });
    expect(lagging.body.reasons).toEqual([expect.stringContaining('the catalog is behind the log')]);
    // a catalog read answers nothing stale: it waits for the catalog, then says it is behind
    const behind = await t.http().get('/matches/lag-1').expect(503);
    expect(behind.body.code).toBe('CATALOG_BEHIND');
    expect(behind.headers['retry-after']).toBe('1');
    // tokens come from the log, not the catalog: they work while it lags
    await t.http().get('/matches/lag-1/views/p1').set(t.bearer(tokens.players.p1)).expect(200);

    await makeRoom();
    // no other write: the retry timer alone brings the catalog up to the log
    await projector.caughtUpTo(2, 60_000);
    expect((await t.http().get('/matches/lag-1').expect(200)).body).toMatchObject({ matchId: 'lag-1', eventCount: 1 });
    expect((await t.http().get('/health/ready').set(t.organizer).expect(200)).body).toMatchObject({ status: 'ready', reasons: [], catalog: { position: 2, behind: 0 } });
    // anyone else is told whether, never where in the log
    expect((await t.http().get('/health/ready').expect(200)).body).toEqual({ status: 'ready', store: 'sqlite', reasons: [], skipped: [] });
    await t.http().get('/matches/lag-1/views/p1').set(t.bearer(tokens.players.p1)).expect(200);
  }, 60_000); // the catalog read's wait, then the retry timer's backoff (250 ms doubling)

  it('an import that numbers its game in a series the full catalog cannot bring up to date answers 507 STORAGE_FULL, not CATALOG_BEHIND; with room, it imports', async () => {
    await t.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-e2e-full-import-'));
    const small = new Database(join(dataDir, 'catalog.sqlite'));
    small.pragma('page_size = 512');
    small.exec('VACUUM');
    small.close();
    t = await startTestApp({ dataDir });
    const makeRoom = await fillUpCatalog(t.app.get<CatalogDb>(CATALOG_DB));
    const match = { ...lorcanaMatch('full-import-1'), tournament: { event: `Lyon Regional ${'-'.repeat(180)}`, round: 3, table: 12 } };
    await t.http().post('/matches').set(t.organizer).send(match).expect(201);
    const projector = t.app.get<CatalogProjector>(CATALOG_PROJECTOR);
    for (const until = Date.now() + 5_000; projector.lag().failure === undefined && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 10));

    const replay = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!.json;
    const importing = () => t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/json').send(replay);
    const refused = await importing();
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([507, 'STORAGE_FULL', FULL_MESSAGE]);
    await makeRoom();
    await projector.caughtUpTo(2, 60_000);
    expect((await importing()).status).toBe(201);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});

/** Cards enough that a MatchCreated needs new pages. */
const bigDeck = () =>
  Array.from({ length: 200 }, (_, i) => ({ cardId: `x${i}`, owner: 'p2', definition: `Filler card number ${i} with a long enough name`, zone: { zone: 'deck', player: 'p2' } }));

describe('a damaged event database at run time', () => {
  it('answers 500 STORAGE_CORRUPT (never a bare internal error), and logs the damaged file once', async () => {
    const writer = await startTestApp();
    const dataDir = writer.dataDir;
    for (let m = 0; m < 12; m++) {
      await writer
        .http()
        .post('/matches')
        .set(writer.organizer)
        .send(lorcanaMatch(`m${m}`))
        .expect(201);
      await writer
        .http()
        .post(`/matches/m${m}/events`)
        .set(writer.organizer)
        .send({ expectedRevision: 1, events: turns(1, 30) })
        .expect(201);
    }
    await writer.app.close();
    const file = join(dataDir, 'events.sqlite');
    damageMiddlePages(file);

    // the damage came after the start: open without the start's quick check, as a server already running has
    // composed, not started: nothing reads the log at start
    const t = await startTestApp({ dataDir }, async (config) =>
      composeParts(config, { store: SqliteEventStore.open(file, { quickCheck: false }), catalog: await openCatalogOf({ ...config, dataDir: join(dataDir, 'catalog-only') }) }),
    );
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      const views = [];
      for (let m = 0; m < 12; m++) views.push(await t.http().get(`/matches/m${m}/views/judge`).set(t.organizer));
      const damaged = views.filter((answer) => answer.status >= 500);
      expect(damaged.length).toBeGreaterThan(0);
      // once the damage is known, nothing more is written into the file, even to a match that reads well
      const healthy = views.findIndex((answer) => answer.status === 200);
      damaged.push(
        await t
          .http()
          .post(`/matches/m${healthy}/events`)
          .set(t.organizer)
          .send({ expectedRevision: 31, events: turns(31, 1) }),
      );
      damaged.push(await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('new-in-damaged')));
      for (const answer of damaged) {
        expect(answer.status).toBe(500);
        expect(answer.body).toMatchObject({ statusCode: 500, code: 'STORAGE_CORRUPT', message: expect.stringContaining('damaged') });
        expect(JSON.stringify(answer.body)).not.toContain(dataDir);
      }
      const logged = errors.mock.calls.filter(([line]) => String(line).includes(file));
      expect(logged).toEqual([[expect.stringContaining(`${file} is damaged`)]]);
    } finally {
      errors.mockRestore();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an event store that cannot be reached', () => {
  /** The real store, but every call fails as the EventStoreDB adapter does with no server, while `down`. */
  let down = false;
  const unreachableWhileDown = (store: EventStore): EventStore =>
    new Proxy(store, {
      get: (target, name: keyof EventStore) => {
        const member = target[name];
        if (typeof member !== 'function' || name === 'close' || name === 'subscribeAll') return typeof member === 'function' ? member.bind(target) : member;
        return (...args: unknown[]) => (down ? Promise.reject(new StoreUnavailable('test double: no server')) : (member as (...a: unknown[]) => unknown).apply(target, args));
      },
    });

  let t: TestApp;
  beforeAll(
    async () =>
      (t = await startTestApp({}, (config) =>
        openParts(config, {
          stores: async () => {
            const stores = await openStores(config);
            return { ...stores, store: unreachableWhileDown(stores.store) };
          },
        }),
      )),
  );
  afterAll(() => t.close());

  it('answers 503 STORE_UNAVAILABLE with Retry-After; /health stays a liveness check and /health/ready says why', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('esdb-1')).expect(201);
    down = true;
    for (const answer of [
      await t.http().get('/matches/esdb-1/views/public'),
      await t
        .http()
        .post('/matches/esdb-1/events')
        .set(t.organizer)
        .send({ expectedRevision: 1, events: turns(1, 1) }),
      await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('esdb-2')),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE', message: expect.stringContaining('retry in 5 seconds') });
    }
    expect((await t.http().get('/health').expect(200)).body.status).toBe('ok');
    expect((await t.http().get('/health/ready').expect(503)).body).toMatchObject({ status: 'not ready', reasons: ['the event store cannot be reached'] });

    down = false;
    await t.http().get('/health/ready').expect(200);
    await t.http().get('/matches/esdb-1/views/public').expect(200);
  });
});
