import { SqliteEventStore, StorageCorrupt, StorageFull, StorageLocked, StorageUnopenable, openSqliteEventStore } from '@matchlog/store';
import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { damageMiddlePages, fillUp } from './support/damage';

const event = (id: string, size = 200) => ({ id, type: 'TurnStarted', data: { player: 'p1', note: 'x'.repeat(size) } });
const events = (prefix: string, count: number, size?: number) => Array.from({ length: count }, (_, i) => event(`${prefix}-${i}`, size));

describe('SqliteEventStore when its storage fails', () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-storage-'));
  let n = 0;
  const freshDir = () => join(base, `d${++n}`);
  let store: SqliteEventStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  /** A closed events.sqlite of many pages, its middle ones overwritten with garbage. */
  const damagedStore = async (): Promise<string> => {
    const dir = freshDir();
    const writer = openSqliteEventStore(dir);
    for (let m = 0; m < 20; m++) await writer.append(`m${m}`, 0, events(`m${m}`, 20));
    await writer.close();
    const file = join(dir, 'events.sqlite');
    damageMiddlePages(file);
    return file;
  };

  it('creates the data directory 0700 and every database file in it 0600, the -wal included', async () => {
    const dir = freshDir();
    store = openSqliteEventStore(dir);
    await store.append('m1', 0, [event('a')]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(['events.sqlite', 'events.sqlite-wal']));
    for (const file of files) expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
  });

  it('makes database files an earlier version left world-readable 0600, their -wal and -shm included', async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o755 });
    const old = new Database(join(dir, 'events.sqlite'));
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x)');
    old.close();
    // as a server killed with its log open leaves them
    for (const file of ['events.sqlite-wal', 'events.sqlite-shm']) writeFileSync(join(dir, file), '');
    for (const file of ['events.sqlite', 'events.sqlite-wal', 'events.sqlite-shm']) chmodSync(join(dir, file), 0o644);
    store = openSqliteEventStore(dir);
    for (const file of ['events.sqlite', 'events.sqlite-wal', 'events.sqlite-shm']) expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
  });

  it('a full disk refuses the append with StorageFull and writes nothing; once there is room the same append succeeds', async () => {
    store = openSqliteEventStore(freshDir());
    await store.append('m1', 0, [event('first')]);
    const makeRoom = await fillUp(store);
    const batch = events('big', 40, 500);
    const refusal = await store.append('m1', 1, batch).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StorageFull);
    expect(refusal).toMatchObject({ code: 'STORAGE_FULL', file: store.file });
    expect(await store.revisionOf('m1')).toBe(1);
    await makeRoom();
    expect(await store.append('m1', 1, batch)).toMatchObject({ revision: 41 });
  });

  it('refuses to open a damaged file, naming it (quick_check)', async () => {
    const file = await damagedStore();
    let refusal: unknown;
    try {
      store = SqliteEventStore.open(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StorageCorrupt);
    expect((refusal as StorageCorrupt).report).toContain(file);
    expect((refusal as StorageCorrupt).report).toContain('restore this file from a backup');
  });

  it('reading damaged pages at run time fails with StorageCorrupt, naming the file, never a raw SQLite error', async () => {
    const file = await damagedStore();
    store = SqliteEventStore.open(file, { quickCheck: false });
    const reads = await Promise.all(Array.from({ length: 20 }, (_, m) => store!.readStream(`m${m}`).catch((error: unknown) => error)));
    const failures = reads.filter((read) => !Array.isArray(read));
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatchObject({ code: 'STORAGE_CORRUPT', file });
    await expect(store.readAll(0, 1_000)).rejects.toBeInstanceOf(StorageCorrupt);
  });

  it('a file that is not a database is refused as damaged, naming it', () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'events.sqlite'), 'these are my notes, not a database\n'.repeat(200));
    expect(() => openSqliteEventStore(dir)).toThrow(StorageCorrupt);
    expect(() => openSqliteEventStore(dir)).toThrow(
      expect.objectContaining({ report: expect.stringContaining(`${join(dir, 'events.sqlite')} is damaged (it is not a SQLite database`) }),
    );
  });

  it('a data directory that cannot be made, or a database that is a directory, is refused with which path and why', () => {
    const file = join(base, 'a-file');
    writeFileSync(file, '');
    expect(() => openSqliteEventStore(join(file, 'data'))).toThrow(
      expect.objectContaining({ constructor: StorageUnopenable, file: join(file, 'data'), why: 'a part of the path is a file, not a directory' }),
    );
    const dir = freshDir();
    mkdirSync(join(dir, 'events.sqlite'), { recursive: true });
    expect(() => openSqliteEventStore(dir)).toThrow(expect.objectContaining({ constructor: StorageUnopenable, file: join(dir, 'events.sqlite') }));
  });

  it('one process at a time: a second open is refused naming the holder; after close, or with only a stale pid file, it opens', async () => {
    const dir = freshDir();
    store = openSqliteEventStore(dir);
    expect(() => openSqliteEventStore(dir)).toThrow(StorageLocked);
    expect(() => openSqliteEventStore(dir)).toThrow(`pid ${process.pid}`);
    await store.close();
    writeFileSync(join(dir, 'events.sqlite.pid'), JSON.stringify({ pid: 999_999_999, host: 'gone', since: '2026-01-01T00:00:00.000Z' }));
    store = openSqliteEventStore(dir);
    expect(await store.revisionOf('m1')).toBe(0);
  });
});
