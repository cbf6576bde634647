import { CatalogProjector } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import { CATALOG_PROJECTOR, EVENT_STORE } from '../src/injection-keys';
import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

// An append answers once it is durable; the reads the catalog answers wait for the catalog instead.
describe('catalog reads: read your writes on the read side', () => {
  let t: TestApp;
  let projector: CatalogProjector;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp();
    projector = t.app.get(CATALOG_PROJECTOR);
    store = t.app.get(EVENT_STORE);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const append = (id: string, expectedRevision: number) =>
    t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision, events: [draw()] })
      .expect(201);

  it('an append never waits for the catalog; GET /matches, /matches/:id and /rounds/results wait for it, and answer 503 CATALOG_BEHIND when it cannot get there', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('cr-1')).expect(201);
    await projector.stop();
    const waits = jest.spyOn(projector, 'reached');
    const { position } = (await append('cr-1', 1)).body;
    expect(waits).not.toHaveBeenCalled();
    expect(projector.caughtUpPosition).toBeLessThan(position);

    const behind = await t.http().get(`/matches?player=p1&after=${position}`).expect(503);
    expect(behind.body.code).toBe('CATALOG_BEHIND');
    expect(behind.headers['retry-after']).toBe('1');
    expect((await t.http().get('/matches/cr-1').expect(503)).body.code).toBe('CATALOG_BEHIND');

    await projector.start();
    const listed = (await t.http().get(`/matches?player=p1&after=${position}`).expect(200)).body.matches;
    expect(listed.find((m: { matchId: string }) => m.matchId === 'cr-1')).toMatchObject({ revision: 2, eventCount: 2 });
    const slip = (await t.http().get(`/rounds/results?event=Lyon%20Regional&round=3&after=${position}`).expect(200)).body;
    expect(slip.tables.flatMap((table: { games: { matchId: string }[] }) => table.games.map((g) => g.matchId))).toContain('cr-1');
  });

  it('without `after`, a read waits for the store head; with an `after` the catalog holds already, it reads no head', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('cr-2')).expect(201);
    const { position } = (await append('cr-2', 1)).body;
    expect((await t.http().get('/matches/cr-2').expect(200)).body.revision).toBe(2);
    const heads = jest.spyOn(store, 'headPosition');
    expect((await t.http().get(`/matches/cr-2?after=${position}`).expect(200)).body.revision).toBe(2);
    expect(heads).not.toHaveBeenCalled();
  });

  it('an `after` past the store head (never answered by an append) waits for the head only: no hang, no 503', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('cr-3')).expect(201);
    const { position } = (await append('cr-3', 1)).body;
    const waits = jest.spyOn(projector, 'reached');
    const far = await t.http().get(`/matches/cr-3?after=${Number.MAX_SAFE_INTEGER}`).expect(200);
    expect(far.body.revision).toBe(2);
    for (const [target] of waits.mock.calls) expect(target).toBeLessThanOrEqual(await store.headPosition());
    expect(position).toBeLessThanOrEqual(await store.headPosition());
  });

  it('`after` is a position: anything else is a 400', async () => {
    for (const after of ['-1', 'x', '1.5', '9007199254740993']) expect((await t.http().get(`/matches?after=${after}`).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});
