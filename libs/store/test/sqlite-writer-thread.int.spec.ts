import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { AppendResult, SqliteEventStore, StoreTimeout, StoreUnavailable, openSqliteEventStore } from '@matchlog/store';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

const ROOT = join(__dirname, '..', '..', '..');

/** The store's writer thread, which it keeps to itself: only tests reach in, to end it. */
const threadOf = (store: SqliteEventStore): Worker => (store as unknown as { writer: { thread: Worker } }).writer.thread;

const ev = (id: string) => ({ id, type: 'CardMoved', data: { id } });
const batchOf = (streamId: string, from: number, count: number) => Array.from({ length: count }, (_, i) => ev(`${streamId}-${from + i + 1}`));

describe('SqliteEventStore writer thread', () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-writer-'));
  let n = 0;
  const freshDir = () => join(base, `d${++n}`);
  let store: SqliteEventStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('commits off the event loop: timers run while a large group is written', async () => {
    store = openSqliteEventStore(freshDir());
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await Promise.all(Array.from({ length: 10 }, (_, m) => store!.append(`m${m}`, 0, batchOf(`m${m}`, 0, 2_000))));
    } finally {
      clearInterval(timer);
    }
    // written on the event loop, the group let one tick through (before the writer thread)
    expect(ticks).toBeGreaterThan(5);
    expect(await store.revisionOf('m9')).toBe(2_000);
  });

  it('a thread that dies fails the appends it held with StoreTimeout, loses none it acknowledged, and a new thread takes the next', async () => {
    store = openSqliteEventStore(freshDir());
    await store.append('warm', 0, [ev('warm-1')]);
    // each append is posted to the thread as it is called, and the thread is ended in the same turn: it holds the large
    // group (written or not) with the small appends behind it, however fast the machine (a turn's wait let an idle one
    // commit all six first)
    const large = store.append('large', 0, batchOf('large', 0, 5_000));
    const small = Array.from({ length: 5 }, (_, m) => store!.append(`m${m}`, 0, batchOf(`m${m}`, 0, 2)));
    await threadOf(store).terminate();

    const outcomes = await Promise.allSettled([large, ...small]);

    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refusals.length).toBeGreaterThanOrEqual(small.length);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(StoreTimeout);
      expect((refusal as StoreTimeout).report).toContain('the SQLite writer thread');
    }
    // acknowledged or not, each append sent again is answered as if it had been sent once
    const retried = await Promise.all([store.append('large', 0, batchOf('large', 0, 5_000)), ...[0, 1, 2, 3, 4].map((m) => store!.append(`m${m}`, 0, batchOf(`m${m}`, 0, 2)))]);
    outcomes.forEach((o, i) => o.status === 'fulfilled' && expect(retried[i]).toEqual(o.value));
    expect(retried.map((r) => r.revision)).toEqual([5_000, 2, 2, 2, 2, 2]);
    const all = await store.readAll(0, 10_000);
    expect(all.map((e) => e.position)).toEqual(all.map((_, i) => i + 1));
    expect(all).toHaveLength(1 + 5_000 + 5 * 2);
    expect(await store.append('m0', 2, batchOf('m0', 2, 1))).toEqual<AppendResult>({ revision: 3, position: all.length + 1 });
  });

  it('a thread that cannot be started fails the store: appends and reads are refused with StoreUnavailable, and close() ends', async () => {
    store = openSqliteEventStore(freshDir());
    await threadOf(store).terminate();

    await expect(store.append('m1', 0, [ev('a')])).rejects.toBeInstanceOf(StoreUnavailable);
    // what readiness asks
    await expect(store.revisionOf('readiness-probe')).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.readAll(0, 10)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', report: expect.stringContaining('the SQLite writer thread') });
  });

  it('keeps the process alive only while it holds an append: a store left open does not hold the process at its end', async () => {
    const dir = freshDir();
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', TYPESCRIPT_HOOK, join(__dirname, 'support', 'open-and-leave.ts'), dir], {
      cwd: ROOT,
      timeout: 30_000,
    });
    expect(stdout.split('\n')).toEqual(['closed', 'appended 1', '']);
    store = openSqliteEventStore(join(dir, 'left'));
    expect(await store.revisionOf('m1')).toBe(1);
  }, 40_000); // the script is compiled on start (@swc-node/register): slow on 2 busy cores
});
