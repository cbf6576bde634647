import { FailureProxy, SqliteServer, startSqliteServer } from '@matchlog/testkit';
import { lorcanaMatch } from './support/fixtures';
import { MinimalClient, Observed } from './support/minimal-client';

/** A seeded generator (mulberry32): the same faults on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (what: string, check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check(); await sleep(10)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};
const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

// issue 18 §3: through a proxy that loses answers after the server gave them, delays others and cuts feeds
describe('appends and feeds through a failing network (FailureProxy), with a client that retries and resumes', () => {
  let server: SqliteServer;
  let proxy: FailureProxy;
  const direct = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.organizerKey}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: answer.status, text: await answer.text() };
  };
  const create = async (matchId: string) => {
    const created = await direct('POST', '/matches', lorcanaMatch(matchId));
    expect(created.status).toBe(201);
    return JSON.parse(created.text) as { tokens: { judge: string } };
  };

  beforeAll(async () => {
    server = await startSqliteServer({ MATCHLOG_FEED_HEARTBEAT_MS: '200' });
    proxy = await FailureProxy.start(server.base);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  }, 30_000);

  it('1,000 batches while about 1 answer in 10 is lost after the write and some are delayed: the store holds each event once, in order', async () => {
    const matchId = 'through-proxy';
    await create(matchId);
    const random = seeded(18);
    proxy.dropAfterResponse(({ method }) => method === 'POST' && random() < 0.1);
    proxy.delay(({ method }) => (method === 'POST' && random() < 0.05 ? 20 : 0));
    const client = new MinimalClient(proxy.base, server.organizerKey);
    const sent: string[] = [];
    let revision = 1;
    for (let batch = 0; batch < 1000; batch++) {
      const size = 1 + (batch % 3);
      const events = Array.from({ length: size }, (_, k) => turn(revision + k));
      const appended = await client.append(matchId, revision, events);
      expect(appended.revision).toBe(revision + size);
      revision = appended.revision;
      sent.push(...appended.ids);
    }
    proxy.dropAfterResponse(0);
    proxy.delay(0);

    // the faults happened: answers lost after the write, each send again answered with the first result
    const { responsesDropped, responsesDelayed } = proxy.counts;
    expect(responsesDropped).toBeGreaterThan(50);
    expect(responsesDelayed).toBeGreaterThan(10);
    expect(client.tally.networkErrors).toBe(responsesDropped);
    expect(proxy.requests(`/matches/${matchId}/events`)).toBe(1000 + responsesDropped);

    const exported = await direct('GET', `/matches/${matchId}/export`);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; type?: string });
    const events = lines.filter((line) => line.type !== undefined);
    expect(events[0].type).toBe('MatchCreated');
    expect(events.slice(1).map((e) => e.id)).toEqual(sent);
    expect(events.length).toBe(revision);
    expect(JSON.parse((await direct('GET', `/matches/${matchId}/verify`)).text)).toMatchObject({ ok: true, chain: { ok: true, count: revision }, findings: [] });
  }, 60_000);

  it('a feed followed across 20 forced drops and one server restart: every revision exactly once, in order', async () => {
    const matchId = 'feed-across-restart';
    const { tokens } = await create(matchId);
    const received: Observed[] = [];
    const follower = new MinimalClient(proxy.base, tokens.judge).follow(matchId, 'judge', 1, (observed) => received.push(observed), { heartbeatTimeoutMs: 2000 });
    const writer = new MinimalClient(proxy.base, server.organizerKey, { attempts: 200, delayMs: 10 });
    let revision = 1;
    const append = async () => {
      revision = (await writer.append(matchId, revision, [turn(revision), turn(revision + 1)])).revision;
    };

    let exit: unknown;
    for (let drop = 1; drop <= 21; drop++) {
      await append();
      await until('the follower to catch up', () => follower.last === revision);
      const closed = proxy.counts.feedsClosed;
      if (drop === 11) {
        const killed = server.process;
        await server.restart(); // SIGKILL, then the same data directory and port
        exit = await killed.exited;
      } else if (drop % 2) {
        await until('a stream to cut', () => proxy.closeFeeds() > 0);
      } else {
        proxy.closeFeedsAfter(10); // the open stream at once, and the resumed one mid-message (in a heartbeat or an observation)
        await append();
        await until('the resumed stream cut', () => proxy.counts.feedsClosed >= closed + 2);
        proxy.closeFeedsAfter(undefined);
      }
    }
    await append();
    await until('the follower to catch up at last', () => follower.last === revision);
    await follower.close();

    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(proxy.counts.feedsClosed).toBeGreaterThanOrEqual(30); // 10 cut at once, 10 at once and again mid-message
    expect(follower.stats.connections).toBeGreaterThanOrEqual(32);
    expect(follower.stats.failures).toEqual([]);
    expect(received.map((o) => o.revision)).toEqual(Array.from({ length: revision - 1 }, (_, i) => i + 2));
    const rest = await direct('GET', `/matches/${matchId}/events?audience=judge&from=1`);
    expect(received).toEqual((JSON.parse(rest.text) as { observations: Observed[] }).observations);
  }, 60_000);
});
