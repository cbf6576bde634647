import { SqliteEventStore, idHash, openSqliteEventStore } from '@matchlog/store';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TAKEN_IN_STREAM, readStatements } from '../src/sqlite/read-stream';
import { eventStoreContract } from './event-store.contract';

const base = mkdtempSync(join(tmpdir(), 'matchlog-sqlite-'));
let stores = 0;
const freshDir = () => join(base, `store-${++stores}`);

eventStoreContract(
  'SqliteEventStore',
  async () => openSqliteEventStore(freshDir()),
  () => rmSync(base, { recursive: true, force: true }),
);

describe('SqliteEventStore on disk', () => {
  let store: SqliteEventStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  const ev = (id: string, data: unknown = { id }) => ({ id, type: 'CardMoved', data });

  it('writes ahead (WAL) and syncs every commit (synchronous = FULL)', async () => {
    store = openSqliteEventStore(freshDir());
    expect(await store.durability()).toEqual({ journalMode: 'wal', synchronous: 2 });
  });

  it('keeps every event across close and reopen, and carries on from there', async () => {
    const dir = freshDir();
    store = openSqliteEventStore(dir);
    await store.append('m1', 0, [ev('a'), ev('b')]);
    await store.append('m2', 0, [ev('c', { nested: { list: [1, 'two', null] } })]);
    const last = await store.append('m1', 2, [{ ...ev('d'), meta: { recordedBy: 'table-3' } }]);
    const before = await store.readAll(0, 100);
    const unacknowledged = store.append('m2', 1, [ev('e')]);
    await store.close();
    await unacknowledged;

    store = openSqliteEventStore(dir);
    const after = await store.readAll(0, 100);
    expect(after.slice(0, 4)).toStrictEqual(before);
    expect(after.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await store.revisionOf('m1')).toBe(3);
    const next = await store.append('m1', 3, [ev('f')]);
    expect(next.revision).toBe(4);
    expect(next.position).toBeGreaterThan(last.position);
    expect(await store.append('m1', 2, [{ ...ev('d'), meta: { recordedBy: 'table-3' } }])).toEqual(last);
  });

  it('keeps its store id across close and reopen; another file has another', async () => {
    const dir = freshDir();
    store = openSqliteEventStore(dir);
    const id = await store.storeId();
    await store.close();
    store = openSqliteEventStore(dir);
    expect(await store.storeId()).toBe(id);
    await store.close();
    store = openSqliteEventStore(freshDir());
    expect(await store.storeId()).not.toBe(id);
  });

  it('refuses a long append whose 141st id its stream holds, writing none of it, and keeps the rest of its group', async () => {
    store = openSqliteEventStore(freshDir());
    await store.append('m2', 0, [ev('taken')]);
    const long = Array.from({ length: 150 }, (_, i) => ev(`long-${i}`));
    long[140] = ev('taken', { other: true });

    const [refused, kept, elsewhere] = await Promise.allSettled([store.append('m2', 1, long), store.append('m3', 0, [ev('kept')]), store.append('m4', 0, long)]);

    expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'DUPLICATE_EVENT_ID', eventId: 'taken' } });
    expect(kept).toMatchObject({ status: 'fulfilled', value: { revision: 1 } });
    expect(elsewhere).toMatchObject({ status: 'fulfilled', value: { revision: 150 } });
    expect(await store.revisionOf('m2')).toBe(1);
    expect((await store.readStream('m2')).map((e) => e.id)).toEqual(['taken']);
    expect((await store.append('m2', 1, long.slice(0, 140))).revision).toBe(141);
  });

  it('fails the whole group, writing none of it, when the database fails while writing', async () => {
    const dir = freshDir();
    await openSqliteEventStore(dir).close();
    const raw = new Database(join(dir, 'events.sqlite'));
    raw.exec("CREATE TRIGGER fail BEFORE INSERT ON events WHEN NEW.type = 'Explode' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    raw.close();
    store = openSqliteEventStore(dir);

    const outcomes = await Promise.allSettled([store.append('m1', 0, [ev('a')]), store.append('m2', 0, [{ ...ev('b'), type: 'Explode' }]), store.append('m3', 0, [ev('c')])]);

    expect(outcomes.map((o) => o.status === 'rejected' && String(o.reason))).toEqual(Array(3).fill(expect.stringContaining('disk on fire')));
    expect(await store.readAll(0, 10)).toEqual([]);
    expect(await store.revisionOf('m1')).toBe(0);
    expect(await store.append('m1', 0, [ev('a')])).toEqual({ revision: 1, position: 1 });
  });

  it('tells apart ids whose 48-bit hashes collide', async () => {
    store = openSqliteEventStore(freshDir());
    const [one, other] = ['id-20825947', 'id-27732573'];
    expect(idHash(one)).toBe(idHash(other));

    const first = await store.append('m1', 0, [ev(one)]);
    const second = await store.append('m1', 1, [ev(other)]);

    expect((await store.readAll(0, 10)).map((e) => [e.streamId, e.id])).toEqual([
      ['m1', one],
      ['m1', other],
    ]);
    expect(await store.append('m1', 1, [ev(other)])).toEqual(second);
    expect(await store.append('m1', 0, [ev(one)])).toEqual(first);
    await expect(store.append('m1', 2, [ev(one, { other: true })])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: one });
    expect(await store.append('m3', 0, [ev(other), ev(one)])).toEqual({ revision: 2, position: 4 });
    expect(await store.findEvent(other)).toMatchObject({ streamId: 'm3', revision: 1 });
  });

  it('still knows every id once the newest ids have been moved to the main id index', async () => {
    store = openSqliteEventStore(freshDir());
    const batches = Array.from({ length: 21 }, (_, b) => Array.from({ length: 1000 }, (_, i) => ev(`b${b}-${i}`)));
    const results = [];
    for (const [b, batch] of batches.entries()) results.push(await store.append('long', b * 1000, batch));

    expect(await store.append('long', 0, batches[0])).toEqual(results[0]);
    expect(await store.append('long', 20_000, batches[20])).toEqual(results[20]);
    await expect(store.append('long', 21_000, [ev('b3-999', 'again'), ev('fresh')])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'b3-999' });
    await expect(store.append('long', 21_000, [ev('fresh'), ev('b20-0', 'again')])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'b20-0' });
    expect(await store.revisionOf('long')).toBe(21_000);
    expect(await store.append('other', 0, [ev('b3-999'), ev('b20-0')])).toMatchObject({ revision: 2 });
  });

  it("checks a stream's ids by their candidates' positions, never by reading the stream's every event", async () => {
    const dir = freshDir();
    store = openSqliteEventStore(dir);
    await store.append(
      'm1',
      0,
      Array.from({ length: 50 }, (_, i) => ev(`p-${i}`)),
    );
    await store.close();
    store = undefined;
    const db = new Database(join(dir, 'events.sqlite'), { readonly: true });
    const plan = (sql: string, values: unknown[]) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...values)
        .map((row) => (row as { detail: string }).detail)
        .filter((detail) => / events\b| e\b/.test(detail));
    try {
      const hash = idHash('p-3');
      expect(plan(TAKEN_IN_STREAM('?, ?'), [hash, hash, hash, hash, 1])).toEqual([expect.stringMatching(/USING INTEGER PRIMARY KEY/)]);
      expect(plan(readStatements(db).eventInStream.source, [hash, hash, 'p-3', 1])).toEqual([expect.stringMatching(/USING INTEGER PRIMARY KEY/)]);
    } finally {
      db.close();
    }
  });

  it('hands a synchronous subscriber a whole committed group in one turn, so it can batch what it writes (the catalog)', async () => {
    store = openSqliteEventStore(freshDir());
    const delivered: string[] = [];
    let seenBeforeAnotherTask: number | undefined;
    const subscription = store.subscribeAll(0, (event) => {
      if (delivered.push(event.id) === 1) queueMicrotask(() => (seenBeforeAnotherTask = delivered.length));
    });
    const ids = (m: number) => Array.from({ length: 10 }, (_, k) => `turn-${m}-${k}`);
    await Promise.all(
      [1, 2, 3].map((m) =>
        store!.append(
          `m${m}`,
          0,
          ids(m).map((id) => ev(id)),
        ),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await subscription.close();
    expect(delivered).toEqual([1, 2, 3].flatMap(ids));
    expect(seenBeforeAnotherTask).toBe(30);
  });

  it('refuses appends once closed', async () => {
    store = openSqliteEventStore(freshDir());
    await store.close();
    await expect(store.append('m1', 0, [ev('a')])).rejects.toThrow('closed');
  });
});
