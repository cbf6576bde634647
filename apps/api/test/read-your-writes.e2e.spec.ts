import { openCatalog } from '@matchlog/catalog';
import { EventStore, openEventStore } from '@matchlog/store';
import { join } from 'path';
import { AppParts } from '../src/compose-parts';
import { openParts } from '../src/open-parts';
import { ApiConfig } from '../src/config/config';
import { EVENT_STORE } from '../src/injection-keys';
import { createTestDatabase } from '@matchlog/testkit';
import { draw, lorcanaMatch } from './support/fixtures';
import { startSecondInstance } from './support/second-instance';
import { TestApp, startTestApp } from './support/test-app';

/** An instance's parts on a PostgreSQL event store of its own (its own pool), its catalog in its data directory. */
const onPostgres =
  (url: string) =>
  (config: ApiConfig): Promise<AppParts> =>
    openParts(config, { stores: async () => ({ store: await openEventStore({ kind: 'postgres', url }), catalog: await openCatalog(config.dataDir) }) });

interface Instances {
  readonly a: TestApp;
  readonly b: TestApp;
  /** the store object B's reads end in (to count them) */
  readonly storeOfB: EventStore;
  close(): Promise<void>;
}

const setups: [string, () => Promise<Instances>][] = [
  [
    'two apps in one process over one SQLite store',
    async () => {
      const a = await startTestApp();
      const b = await startSecondInstance(a);
      return { a, b, storeOfB: a.app.get(EVENT_STORE), close: async () => (await b.close(), await a.close()) };
    },
  ],
  [
    'two apps over one PostgreSQL database, each with its own store',
    async () => {
      const database = await createTestDatabase();
      const a = await startTestApp({}, onPostgres(database.url));
      const b = await startTestApp({ signingKeyFile: join(a.dataDir, 'signing-key.pem') }, onPostgres(database.url));
      return { a, b, storeOfB: b.app.get(EVENT_STORE), close: async () => (await b.close(), await a.close(), await database.drop()) };
    },
  ],
];

// Two instances, each with its own models: what one acknowledged, the other reads next.
describe.each(setups)('read your writes across instances: %s', (_name, start) => {
  let a: TestApp;
  let b: TestApp;
  let instances: Instances;
  beforeAll(async () => {
    instances = await start();
    ({ a, b } = instances);
  });
  afterAll(() => instances.close());
  afterEach(() => jest.restoreAllMocks());

  const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });
  const append = (t: TestApp, id: string, expectedRevision: number, events: object[]) => t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision, events });
  const judgeView = (t: TestApp, id: string, at?: number) =>
    t
      .http()
      .get(`/matches/${id}/views/judge${at === undefined ? '' : `?at=${at}`}`)
      .set(t.organizer);

  it("an append acknowledged by A is in B's next read, at the latest revision and at ?at=, reading only the missing tail", async () => {
    const { tokens } = (await a.http().post('/matches').set(a.organizer).send(lorcanaMatch('ryw-1')).expect(201)).body;
    expect((await judgeView(b, 'ryw-1').expect(200)).body.revision).toBe(1); // B caches revision 1
    await append(a, 'ryw-1', 1, [draw(), turn(1)]).expect(201);
    await append(a, 'ryw-1', 3, [turn(2)]).expect(201);
    const reads = jest.spyOn(instances.storeOfB, 'readStream');
    const latest = (await b.http().get('/matches/ryw-1/views/p1').set(b.bearer(tokens.players.p1)).expect(200)).body;
    expect(latest.revision).toBe(4);
    expect(latest.zones['hand@p1'].count).toBe(3);
    // the missing tail at most: none when B's log consumer brought A's appends into its model first
    const tailReads = reads.mock.calls.length;
    expect(reads.mock.calls).toEqual(tailReads === 0 ? [] : [['ryw-1', { from: 2 }]]);
    expect((await judgeView(b, 'ryw-1', 2).expect(200)).body).toEqual((await judgeView(a, 'ryw-1', 2).expect(200)).body);
    expect((await b.http().get('/matches/ryw-1/events?audience=public&from=3').expect(200)).body.to).toBe(4);
    expect(reads).toHaveBeenCalledTimes(tailReads); // the model is current: head lookups only
  });

  it('B appends after A: ahead of its cache it catches up; at its stale revision the store refuses (409) and B then reads the latest', async () => {
    await a.http().post('/matches').set(a.organizer).send(lorcanaMatch('ryw-2')).expect(201);
    await judgeView(b, 'ryw-2').expect(200);
    await append(a, 'ryw-2', 1, [turn(1)]).expect(201);
    const stale = await append(b, 'ryw-2', 1, [turn(9)]).expect(409);
    expect(stale.body.code).toBe('REVISION_CONFLICT');
    await append(b, 'ryw-2', 2, [draw()]).expect(201);
    await append(a, 'ryw-2', 3, [turn(2)]).expect(201);
    expect((await judgeView(b, 'ryw-2').expect(200)).body.revision).toBe(4);
    const observed = (await b.http().get('/matches/ryw-2/events?audience=judge').set(b.organizer).expect(200)).body.observations;
    expect(observed.map((entry: { observation: { type: string } }) => entry.observation.type)).toEqual(['MatchCreated', 'TurnStarted', 'CardMoved', 'TurnStarted']);
    // the chain B extends is the one A wrote
    expect((await a.http().get('/matches/ryw-2/verify').set(a.organizer).expect(200)).body.ok).toBe(true);
  });

  it("a batch A wrote, retried on B (its answer lost), gets its first result, a shuffle's server-drawn salt included", async () => {
    await a.http().post('/matches').set(a.organizer).send(lorcanaMatch('ryw-3')).expect(201);
    await judgeView(b, 'ryw-3').expect(200);
    const batch = [
      { id: 'ryw-3-shuffle', type: 'ZoneShuffled', data: { zone: { zone: 'deck', player: 'p1' }, order: ['c02', 'c01'] } },
      { id: 'ryw-3-turn', ...turn(1) },
    ];
    const first = (await append(a, 'ryw-3', 1, batch).expect(201)).body;
    expect((await append(b, 'ryw-3', 1, batch).expect(201)).body).toEqual(first);
    expect((await judgeView(b, 'ryw-3').expect(200)).body.revision).toBe(3);
  });
});
