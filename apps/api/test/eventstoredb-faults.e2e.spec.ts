import { DeadlineExceededError, UnavailableError } from '@eventstore/db-client';
import { RetryDelays, openCatalog } from '@matchlog/catalog';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb';
import { join } from 'path';
import { EsdbDouble } from '../../../libs/store/test/support/esdb-double';
import { AppParts } from '../src/compose-parts';
import { openParts } from '../src/open-parts';
import { ApiConfig } from '../src/config/config';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

const NDJSON = 'application/x-ndjson';
const turns = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ type: 'TurnStarted', data: { player: i % 2 ? 'p2' : 'p1', turn: from + i } }));

/** The app's parts on the EventStoreDB adapter over a client double, the catalog in SQLite. */
const onDouble =
  (double: EsdbDouble, retry?: RetryDelays) =>
  (config: ApiConfig): Promise<AppParts> =>
    openParts(config, { stores: async () => ({ store: new EventStoreDbEventStore(double), catalog: await openCatalog(config.dataDir) }), retry, onError: () => undefined });

describe('the API on EventStoreDB when the server fails (client double)', () => {
  let source: TestApp;
  let exported: string;
  beforeAll(async () => {
    source = await startTestApp();
    await source.http().post('/matches').set(source.organizer).send(lorcanaMatch('big')).expect(201);
    await source
      .http()
      .post('/matches/big/events')
      .set(source.organizer)
      .send({ expectedRevision: 1, events: turns(1, 80) })
      .expect(201);
    exported = (await source.http().get('/matches/big/export').set(source.organizer).expect(200)).text;
  });
  afterAll(() => source.close());

  let double: EsdbDouble;
  let t: TestApp;
  beforeEach(async () => {
    double = new EsdbDouble();
    t = await startTestApp({ store: 'eventstoredb', signingKeyFile: join(source.dataDir, 'signing-key.pem') }, onDouble(double));
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m1')).expect(201);
  });
  afterEach(() => t.close());

  it('unreachable: 503 STORE_UNAVAILABLE with Retry-After; no answer in time: 504 STORE_TIMEOUT; nothing written either time', async () => {
    double.failNext('appendToStream', new UnavailableError(undefined, 'UNAVAILABLE: No connection established'));
    const unavailable = await t
      .http()
      .post('/matches/m1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: turns(1, 1) })
      .expect(503);
    expect(unavailable.headers['retry-after']).toBe('5');
    expect(unavailable.body).toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE' });

    double.failNext('appendToStream', new DeadlineExceededError(undefined, 'DEADLINE_EXCEEDED'));
    const late = await t
      .http()
      .post('/matches/m1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: turns(1, 1) })
      .expect(504);
    expect(late.body).toEqual({ statusCode: 504, code: 'STORE_TIMEOUT', message: expect.stringContaining('send the same request again') });
    expect((await t.http().get('/matches/m1/views/judge').set(t.organizer).expect(200)).body.revision).toBe(1);
  });

  it("a batch over the server's append limit: 413 APPEND_TOO_LARGE saying what to do, and nothing written", async () => {
    double.maxAppendSize = 4096;
    const refused = await t
      .http()
      .post('/matches/m1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: turns(1, 80) })
      .expect(413);
    expect(refused.body).toEqual({ statusCode: 413, code: 'APPEND_TOO_LARGE', maxBytes: 4096, message: expect.stringContaining('send them as several smaller batches') });
    expect((await t.http().get('/matches/m1/views/judge').set(t.organizer).expect(200)).body.revision).toBe(1);
  });

  it('an import over the limit goes in chunks; cut between two, the same request again completes it, every event once', async () => {
    double.maxAppendSize = 4096;
    const real = double.appendToStream.bind(double);
    const before = double.appends.length;
    let calls = 0;
    double.appendToStream = (...args) => (++calls === 3 ? Promise.reject(new UnavailableError(undefined, 'UNAVAILABLE')) : real(...args));
    const importBig = () => t.http().post('/matches/import?matchId=big').set(t.organizer).set('Content-Type', NDJSON).send(exported);

    await importBig().expect(503);
    const cut = double.log.filter((r) => r.streamId === 'matchlog-big').length;
    expect(cut).toBeGreaterThan(0);
    expect(cut).toBeLessThan(81);

    const res = await importBig().expect(201);
    expect(res.body).toMatchObject({ matchId: 'big', revision: 81 });
    expect(double.appends.slice(before).filter((a) => a.streamName === 'matchlog-big').length).toBeGreaterThan(3);
    expect(double.log.filter((r) => r.streamId === 'matchlog-big').map((r) => r.revision)).toEqual(Array.from({ length: 81 }, (_, i) => BigInt(i)));
    expect((await t.http().get('/matches/big/verify').set(t.organizer).expect(200)).body.ok).toBe(true);
    const theirs = (await t.http().get('/matches/big/views/judge').set(t.organizer).expect(200)).body;
    expect(theirs).toEqual((await source.http().get('/matches/big/views/judge').set(source.organizer).expect(200)).body);
  });

  it('a catalog subscription the server cuts: /health/ready answers 503 saying so while it waits for its renewal; writes still answer', async () => {
    const slow = new EsdbDouble();
    const app = await startTestApp({ store: 'eventstoredb', signingKeyFile: join(source.dataDir, 'signing-key.pem') }, onDouble(slow, { firstMs: 3_600_000, maxMs: 3_600_000 }));
    try {
      await app.http().get('/health/ready').expect(200);
      slow.breakSubscriptions(new UnavailableError(undefined, 'UNAVAILABLE: Connection dropped'));
      let ready = await app.http().get('/health/ready').set(app.organizer);
      while (ready.status === 200) ready = await app.http().get('/health/ready').set(app.organizer);

      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toMatchObject({
        status: 'not ready',
        store: 'eventstoredb',
        reasons: [expect.stringContaining('the catalog does not follow the log: its subscription to the event store failed')],
        catalog: { subscription: 'failed' },
      });
      // the log still takes writes (the catalog is behind them until the subscription is renewed)
      await app.http().post('/matches').set(app.organizer).send(lorcanaMatch('during')).expect(201);
      await app
        .http()
        .post('/matches/during/events')
        .set(app.organizer)
        .send({ expectedRevision: 1, events: turns(1, 1) })
        .expect(201);
    } finally {
      await app.close();
    }
  });
});
