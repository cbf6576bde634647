import { lorcanaMatch } from './support/fixtures';
import { Cluster, startTwoInstances } from './support/two-instances';

// Two API processes on one PostgreSQL, each holding two token grants in memory: every other token is looked up in the catalog.
describe('two instances whose token caches hold two grants', () => {
  let cluster: Cluster;
  beforeAll(async () => (cluster = await startTwoInstances(undefined, { MATCHLOG_TOKEN_CACHE: '2' })), 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  const organizer = () => cluster.organizerKey;
  const create = async (matchId: string) => {
    const created = await cluster.a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch(matchId) });
    expect(created.status).toBe(201);
    return created.body.tokens as { players: Record<string, string>; judge: string };
  };

  it("a token issued on A, dropped from B's cache by later matches, works on B at once; one re-issued away is refused on both", async () => {
    const { a, b } = cluster;
    const first = await create('cache-first');
    for (const later of ['cache-second', 'cache-third']) await create(later);
    expect((await b.call('GET', '/matches/cache-first/views/p1', { token: first.players.p1 })).status).toBe(200);
    expect((await b.call('GET', '/matches/cache-first/views/judge', { token: first.judge })).status).toBe(200);
    expect((await b.call('GET', '/matches/cache-first/views/p2', { token: first.players.p1 })).status).toBe(403);

    const reissued = await a.call('POST', '/matches/cache-first/tokens', { token: organizer(), body: { roles: ['judge'] } });
    expect(reissued.status).toBe(201);
    for (const later of ['cache-fourth', 'cache-fifth']) await create(later);
    // B reads up to the head before it looks a token up: the revocation is in its memory by then
    expect((await b.call('GET', '/matches/cache-first/views/judge', { token: reissued.body.tokens.judge })).status).toBe(200);
    expect((await b.call('GET', '/matches/cache-first/views/judge', { token: first.judge })).status).toBe(401);
    expect((await a.call('GET', '/matches/cache-first/views/judge', { token: first.judge })).status).toBe(401);
    expect((await b.call('GET', '/matches/cache-first/views/judge', { token: 'mlt_never-issued' })).status).toBe(401);
  });
});
