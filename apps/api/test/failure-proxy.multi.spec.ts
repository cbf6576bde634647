import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { JournalSyncError, NetworkError, Synced, pendingBatches } from '@matchlog/client';
import { journal } from '@matchlog/client/node';
import { FailureProxy } from '@matchlog/testkit';
import { countingClient, followed } from './support/faulty-network-client';
import { lorcanaMatch } from './support/fixtures';
import { Cluster, startTwoInstances, storedLog } from './support/two-instances';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (what: string, check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check(); await sleep(10)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};
const turn = (n: number) => ({ type: 'TurnStarted' as const, data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

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
    const follower = followed(countingClient(proxy.base, created.body.tokens.judge).client, matchId, 'judge', 1, 2000);
    const { client: writer, tally } = countingClient(proxy.base, organizerKey);
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
        sent.push(...appended.events.map((e) => e.id));
        continue;
      }
      const appended = await writer.append(matchId, revision, [turn(revision), turn(revision + 1)]);
      revision = appended.revision;
      sent.push(...appended.events.map((e) => e.id));
    }
    proxy.dropAfterResponse(0);
    await until('the follower to catch up', () => follower.last === revision);
    expect(await follower.close()).toEqual({ revision });

    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(proxy.counts.responsesDropped).toBeGreaterThan(20);
    expect(tally.networkErrors).toBeGreaterThan(proxy.counts.responsesDropped);
    expect(proxy.counts.upstreamErrors).toBeGreaterThan(0); // A was gone before the proxy was pointed at B
    const log = await storedLog(cluster, matchId);
    expect(log.map((e) => e.revision)).toEqual(Array.from({ length: revision }, (_, i) => i + 1));
    expect(log.slice(1).map((e) => e.id)).toEqual(sent);
    expect(follower.received.map((o) => o.revision)).toEqual(Array.from({ length: revision - 1 }, (_, i) => i + 2));
    expect(follower.failure).toBeUndefined();

    // A again, on its port, over the same database: it serves the match at its head
    await a.server.restart();
    proxy.retarget(a.base);
    expect((await a.call('GET', `/matches/${matchId}`)).body).toMatchObject({ revision });
    const next = await writer.append(matchId, revision, [turn(revision)]);
    expect(next.revision).toBe(revision + 1);
    expect(proxy.requests(`/matches/${matchId}/events`)).toBeGreaterThan(300);
  }, 120_000);

  it('a journal of 100 batches written offline, synced to A through the proxy: A killed mid-sync, the sync fails, synced again through B: each batch once, in order', async () => {
    const { a, b, organizerKey } = cluster;
    const matchId = 'journal-killed-mid-sync';
    expect((await b.call('POST', '/matches', { token: organizerKey, body: lorcanaMatch(matchId) })).status).toBe(201);
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-journal-'));
    try {
      const journaled = journal(join(dir, 'offline.jsonl'));
      const offline = countingClient(proxy.base, organizerKey, { attempts: 1 });
      await proxy.refuse('refused');
      let revision = 1;
      for (let batch = 0; batch < 100; batch++) {
        const size = 1 + (batch % 2);
        await expect(
          journaled.append(
            offline.client,
            matchId,
            revision,
            Array.from({ length: size }, (_, k) => turn(revision + k)),
          ),
        ).rejects.toBeInstanceOf(NetworkError);
        revision += size;
      }
      await proxy.accept();
      proxy.retarget(a.base);
      const ids = (await journaled.read()).batches.flatMap((batch) => batch.events.map((e) => e.id));
      expect(pendingBatches(await journaled.read())).toHaveLength(100);

      // to A, some answers lost after the write; A killed by SIGKILL once 40 batches are acknowledged
      const path = `/matches/${matchId}/events`;
      proxy.dropAfterResponse(({ method, index }) => method === 'POST' && index % 10 === 3);
      const upstreamErrors = proxy.counts.upstreamErrors;
      let killed: Promise<unknown> | undefined;
      const toA: Synced[] = [];
      const { client: fewTries } = countingClient(proxy.base, organizerKey, { attempts: 3, firstDelayMs: 5, maxDelayMs: 20 });
      const failed: unknown = await journaled
        .sync(fewTries, matchId, (synced) => {
          toA.push(synced);
          if (toA.length === 40) killed = a.server.kill();
        })
        .catch((error: unknown) => error);
      proxy.dropAfterResponse(0);
      expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });
      expect(failed).toBeInstanceOf(JournalSyncError);
      expect((failed as JournalSyncError).cause).toBeInstanceOf(NetworkError);
      expect(toA.length).toBeGreaterThanOrEqual(40);
      expect(toA.length).toBeLessThan(100);
      expect(proxy.counts.upstreamErrors).toBeGreaterThan(upstreamErrors);
      expect(pendingBatches(await journaled.read())).toHaveLength(100 - toA.length);
      expect((failed as JournalSyncError).batch).toEqual(pendingBatches(await journaled.read())[0]);

      // the proxy sends on to B: the rest once each, a batch A wrote but never acknowledged answered as it was the first time
      proxy.retarget(b.base);
      const { client } = countingClient(proxy.base, organizerKey);
      const toB = await journaled.sync(client, matchId);
      expect(toB).toHaveLength(100 - toA.length);
      expect(toB.at(-1)!.revision).toBe(revision);
      expect([...toA, ...toB].map((synced) => synced.expectedRevision)).toEqual((await journaled.read()).batches.map((batch) => batch.expectedRevision));
      const log = await storedLog(cluster, matchId);
      expect(log.map((e) => e.revision)).toEqual(Array.from({ length: revision }, (_, i) => i + 1));
      expect(log.slice(1).map((e) => e.id)).toEqual(ids);

      const before = proxy.requests(path);
      expect(await journaled.sync(client, matchId)).toEqual([]);
      expect(proxy.requests(path)).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
