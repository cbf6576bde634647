import { FailureProxy } from '@matchlog/testkit';
import { lorcanaMatch } from './support/fixtures';
import { MinimalClient, Observed } from './support/minimal-client';
import { Cluster, startTwoInstances, storedLog } from './support/two-instances';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (what: string, check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check(); await sleep(10)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};
const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

// issue 18 §3, multi-instance tier: the client goes through a proxy to instance A, A is killed mid-sync
// and the proxy sends on to B (as a load balancer would), then A is started again on its port
describe('appends and a feed through a failing network when the instance behind it is killed', () => {
  let cluster: Cluster;
  let proxy: FailureProxy;
  beforeAll(async () => {
    cluster = await startTwoInstances();
    proxy = await FailureProxy.start(cluster.a.base);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await cluster?.stop();
  }, 60_000);

  it('stores each batch once, in order, and the feed gives every revision once, across lost answers, the SIGKILL and the switch to B', async () => {
    const { a, b, organizerKey } = cluster;
    const matchId = 'killed-mid-sync';
    const created = await b.call('POST', '/matches', { token: organizerKey, body: lorcanaMatch(matchId) });
    expect(created.status).toBe(201);
    const received: Observed[] = [];
    const follower = new MinimalClient(proxy.base, created.body.tokens.judge).follow(matchId, 'judge', 1, (observed) => received.push(observed));
    const writer = new MinimalClient(proxy.base, organizerKey, { attempts: 200, delayMs: 10 });
    proxy.dropAfterResponse(({ method, index }) => method === 'POST' && index % 10 === 7);

    const sent: string[] = [];
    let revision = 1;
    let exit: unknown;
    for (let batch = 0; batch < 300; batch++) {
      if (batch === 150) {
        // killed while the writer's next send is on its way: the proxy finds A gone, then is pointed at B
        const sending = writer.append(matchId, revision, [turn(revision)]);
        exit = await a.server.kill();
        await sleep(200);
        proxy.retarget(b.base);
        const appended = await sending;
        revision = appended.revision;
        sent.push(...appended.ids);
        continue;
      }
      const appended = await writer.append(matchId, revision, [turn(revision), turn(revision + 1)]);
      revision = appended.revision;
      sent.push(...appended.ids);
    }
    proxy.dropAfterResponse(0);
    await until('the follower to catch up', () => follower.last === revision);
    await follower.close();

    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(proxy.counts.responsesDropped).toBeGreaterThan(20);
    expect(writer.tally.networkErrors).toBeGreaterThan(proxy.counts.responsesDropped);
    expect(proxy.counts.upstreamErrors).toBeGreaterThan(0); // A was gone before the proxy was pointed at B
    const log = await storedLog(cluster, matchId);
    expect(log.map((e) => e.revision)).toEqual(Array.from({ length: revision }, (_, i) => i + 1));
    expect(log.slice(1).map((e) => e.id)).toEqual(sent);
    expect(received.map((o) => o.revision)).toEqual(Array.from({ length: revision - 1 }, (_, i) => i + 2));
    expect(follower.stats.failures).toEqual([]);

    // A again, on its port, over the same database: it serves the match at its head
    await a.server.restart();
    proxy.retarget(a.base);
    expect((await a.call('GET', `/matches/${matchId}`)).body).toMatchObject({ revision });
    const next = await writer.append(matchId, revision, [turn(revision)]);
    expect(next.revision).toBe(revision + 1);
    expect(proxy.requests(`/matches/${matchId}/events`)).toBeGreaterThan(300);
  }, 120_000);
});
