import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { FeedEntry, JournalSyncError, NetworkError, pendingBatches } from '@matchlog/client';
import { journal } from '@matchlog/client/node';
import { FailureProxy, SqliteServer, startSqliteServer } from '@matchlog/testkit';
import { countingClient, followed } from './support/faulty-network-client';
import { lorcanaMatch } from './support/fixtures';

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
const turn = (n: number) => ({ type: 'TurnStarted' as const, data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

// issue 18 §3: through a proxy that loses answers after the server gave them, delays others and cuts feeds
describe('appends and feeds through a failing network (FailureProxy), with a client that retries and resumes', () => {
  let server: SqliteServer;
  let proxy: FailureProxy;
  let dir: string;
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
  /** The match's events as stored (MatchCreated first), from the export, past the proxy. */
  const stored = async (matchId: string) =>
    (await direct('GET', `/matches/${matchId}/export`)).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; type?: string })
      .filter((line) => line.type !== undefined);
  /** `batches` batches journaled while the proxy refuses every connection: each append fails and stays pending. */
  const journalOffline = async (file: string, matchId: string, batches: number) => {
    const offline = countingClient(proxy.base, server.organizerKey, { attempts: 2, firstDelayMs: 5 });
    const journaled = journal(join(dir, file));
    await proxy.refuse('refused');
    let revision = 1;
    for (let batch = 0; batch < batches; batch++) {
      const size = 1 + (batch % 3);
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
    expect(offline.tally.networkErrors).toBe(2 * batches);
    const read = await journaled.read();
    expect(pendingBatches(read)).toHaveLength(batches);
    return { journaled, revision, ids: read.batches.flatMap((b) => b.events.map((e) => e.id)) };
  };

  beforeAll(async () => {
    server = await startSqliteServer({ MATCHLOG_FEED_HEARTBEAT_MS: '200' });
    proxy = await FailureProxy.start(server.base);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-journal-'));
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('1,000 batches while about 1 answer in 10 is lost after the write and some are delayed: the store holds each event once, in order', async () => {
    const matchId = 'through-proxy';
    await create(matchId);
    const random = seeded(18);
    proxy.dropAfterResponse(({ method }) => method === 'POST' && random() < 0.1);
    proxy.delay(({ method }) => (method === 'POST' && random() < 0.05 ? 20 : 0));
    const { client, tally } = countingClient(proxy.base, server.organizerKey);
    const sent: string[] = [];
    let revision = 1;
    for (let batch = 0; batch < 1000; batch++) {
      const size = 1 + (batch % 3);
      const events = Array.from({ length: size }, (_, k) => turn(revision + k));
      const appended = await client.append(matchId, revision, events);
      expect(appended.revision).toBe(revision + size);
      revision = appended.revision;
      sent.push(...appended.events.map((e) => e.id));
    }
    proxy.dropAfterResponse(0);
    proxy.delay(0);

    // the faults happened: answers lost after the write, each send again answered with the first result
    const { responsesDropped, responsesDelayed } = proxy.counts;
    expect(responsesDropped).toBeGreaterThan(50);
    expect(responsesDelayed).toBeGreaterThan(10);
    expect(tally.networkErrors).toBe(responsesDropped);
    expect(proxy.requests(`/matches/${matchId}/events`)).toBe(1000 + responsesDropped);

    const events = await stored(matchId);
    expect(events[0].type).toBe('MatchCreated');
    expect(events.slice(1).map((e) => e.id)).toEqual(sent);
    expect(events.length).toBe(revision);
    expect(JSON.parse((await direct('GET', `/matches/${matchId}/verify`)).text)).toMatchObject({ ok: true, chain: { ok: true, count: revision }, findings: [] });
  }, 60_000);

  it('a feed followed across 20 forced drops and one server restart: every revision exactly once, in order', async () => {
    const matchId = 'feed-across-restart';
    const { tokens } = await create(matchId);
    const follower = followed(countingClient(proxy.base, tokens.judge).client, matchId, 'judge', 1, 1000);
    const { client: writer } = countingClient(proxy.base, server.organizerKey);
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
    expect(await follower.close()).toEqual({ revision });

    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(proxy.counts.feedsClosed).toBeGreaterThanOrEqual(30); // 10 cut at once, 10 at once and again mid-message
    expect(follower.stats.connections).toBeGreaterThanOrEqual(32);
    expect(follower.failure).toBeUndefined();
    expect(follower.received.map((o) => o.revision)).toEqual(Array.from({ length: revision - 1 }, (_, i) => i + 2));
    const rest = await direct('GET', `/matches/${matchId}/events?audience=judge&from=1`);
    expect(follower.received).toEqual((JSON.parse(rest.text) as { observations: FeedEntry[] }).observations);
  }, 60_000);

  it('a journal written while the server is down, then synced: every batch recorded exactly once, in order, and a second sync sends nothing', async () => {
    const matchId = 'journal-offline';
    await create(matchId);
    const path = `/matches/${matchId}/events`;
    const { journaled, revision, ids } = await journalOffline('offline.jsonl', matchId, 60);
    expect(proxy.requests(path)).toBe(0); // refused: not one reached the server

    const { client } = countingClient(proxy.base, server.organizerKey);
    const synced = await journaled.sync(client, matchId);
    expect(synced).toHaveLength(60);
    expect(synced.at(-1)!.revision).toBe(revision);
    expect(proxy.requests(path)).toBe(60);
    const events = await stored(matchId);
    expect(events.slice(1).map((e) => e.id)).toEqual(ids);
    expect(events.length).toBe(revision);

    expect(await journaled.sync(client, matchId)).toEqual([]);
    expect(proxy.requests(path)).toBe(60);
    expect(pendingBatches(await journaled.read())).toEqual([]);
  }, 60_000);

  it('a journal synced while answers are lost after the write: the batch the server holds unacknowledged is answered with its first result on the next sync, nothing recorded twice', async () => {
    const matchId = 'journal-lost-answers';
    await create(matchId);
    const path = `/matches/${matchId}/events`;
    const { journaled, revision, ids } = await journalOffline('lost-answers.jsonl', matchId, 30);
    let posts = 0;
    proxy.dropAfterResponse((request) => request.method === 'POST' && request.path === path && ++posts === 10);

    // one try each: the tenth batch is written, its answer lost, and the sync stops there
    const once = countingClient(proxy.base, server.organizerKey, { attempts: 1 });
    const failed: unknown = await journaled.sync(once.client, matchId).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(JournalSyncError);
    expect((failed as JournalSyncError).cause).toBeInstanceOf(NetworkError);
    const tenth = (await journaled.read()).batches[9];
    expect((failed as JournalSyncError).batch).toEqual(tenth);
    const held = await stored(matchId);
    expect(held.slice(1).map((e) => e.id)).toEqual(ids.slice(0, held.length - 1));
    expect(held.slice(-tenth.events.length).map((e) => e.id)).toEqual(tenth.events.map((e) => e.id)); // on the server, not acknowledged
    expect(pendingBatches(await journaled.read())[0]).toEqual(tenth);

    // again, losing every third answer on the way: each batch is sent until answered, the tenth answered as it was the first time
    proxy.dropAfterResponse((request) => request.method === 'POST' && request.path === path && ++posts % 3 === 0);
    const { client, tally } = countingClient(proxy.base, server.organizerKey);
    const synced = await journaled.sync(client, matchId);
    proxy.dropAfterResponse(0);
    expect(synced).toHaveLength(21);
    expect(synced[0]).toMatchObject({ line: tenth.line, expectedRevision: tenth.expectedRevision, revision: held.length });
    expect(synced.at(-1)!.revision).toBe(revision);
    expect(tally.networkErrors).toBeGreaterThan(5);
    const events = await stored(matchId);
    expect(events.slice(1).map((e) => e.id)).toEqual(ids);
    expect(events.length).toBe(revision);
    expect(await journaled.sync(client, matchId)).toEqual([]);
    expect(JSON.parse((await direct('GET', `/matches/${matchId}/verify`)).text)).toMatchObject({ ok: true, chain: { ok: true, count: revision }, findings: [] });
  }, 60_000);
});
