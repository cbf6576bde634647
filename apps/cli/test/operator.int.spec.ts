import { findMatch, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { openSqliteEventStore } from '@matchlog/store';
import { execFile } from 'child_process';
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { damageMiddlePages } from '../../../libs/store/test/support/damage';
import { promisify } from 'util';
import { createTestDatabase, TYPESCRIPT_HOOK } from '@matchlog/testkit';

/** `matchlog <command>` from the sources, as `npm run <command>` runs it */
const run = (command: string, dataDir: string, env: NodeJS.ProcessEnv = {}) =>
  promisify(execFile)(process.execPath, ['-r', TYPESCRIPT_HOOK, 'apps/cli/src/main.ts', command], {
    cwd: join(__dirname, '..', '..', '..'),
    env: { ...process.env, MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: 'migrate-and-rebuild-need-no-key-but-it-must-be-good', ...env },
  });

describe('matchlog migrate / rebuild / check-integrity (npm run migrate, rebuild, check-integrity)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-cli-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('migrate creates the catalog in the data directory, and again is a no-op', async () => {
    expect((await run('migrate', dir)).stdout).toContain('latest migration');
    expect((await run('migrate', dir)).stdout).toContain('latest migration');
    const db = await openCatalog(dir);
    expect(await db.selectFrom('matches').selectAll().execute()).toEqual([]);
    await db.destroy();
  });

  it('rebuild fills the catalog from the event log alone', async () => {
    const store = openSqliteEventStore(dir);
    await store.append('m1', 0, [
      { id: 'e1', type: 'MatchCreated', data: { game: 'four-souls', players: [{ id: 'p1' }], cards: [] }, meta: { recordedBy: 't', recordedAt: '2026-11-21T09:00:00.000Z' } },
    ]);
    await store.append('m1', 1, [{ id: 'e2', type: 'MatchEnded', data: { winner: 'p1', reason: '4 souls' }, meta: { recordedBy: 't', recordedAt: '2026-11-21T09:40:00.000Z' } }]);
    await store.close();
    expect((await run('rebuild', dir)).stdout).toContain('catalog rebuilt from 2 events');
    const db = await openCatalog(dir);
    expect(await findMatch(db, 'm1')).toMatchObject({ game: 'four-souls', status: 'ended', winner: 'p1', eventCount: 2 });
    await db.destroy();
  });

  it('with MATCHLOG_CATALOG_URL, migrate and rebuild work on the PostgreSQL catalog, and check-integrity checks only the SQLite log', async () => {
    const database = await createTestDatabase();
    const env = { MATCHLOG_CATALOG_URL: database.url };
    const store = openSqliteEventStore(dir);
    await store.append('m1', 0, [
      { id: 'e1', type: 'MatchCreated', data: { game: 'lorcana', players: [{ id: 'p1' }], cards: [] }, meta: { recordedBy: 't', recordedAt: '2026-11-21T09:00:00.000Z' } },
    ]);
    await store.close();
    expect((await run('migrate', dir, env)).stdout).toContain('catalog in PostgreSQL');
    expect((await run('rebuild', dir, env)).stdout).toContain('catalog rebuilt from 1 events');
    const db = await openPostgresCatalog(database.url);
    expect(await findMatch(db, 'm1')).toMatchObject({ game: 'lorcana', eventCount: 1 });
    await db.destroy();
    const { stdout } = await run('check-integrity', dir, env);
    expect(stdout).toContain('catalog: in PostgreSQL, not checked here');
    expect(stdout).toContain(`${join(dir, 'events.sqlite')}: ok`);
    expect(stdout).not.toContain('catalog.sqlite');
    expect(existsSync(join(dir, 'catalog.sqlite'))).toBe(false);
    await database.drop();
  });

  it('check-integrity says ok for sound databases, and for a damaged one names it and its problems, exiting 1', async () => {
    const store = openSqliteEventStore(dir);
    for (let m = 0; m < 20; m++)
      await store.append(
        `m${m}`,
        0,
        Array.from({ length: 20 }, (_, i) => ({ id: `m${m}-${i}`, type: 'TurnStarted', data: { note: 'x'.repeat(200) } })),
      );
    await store.close();
    await run('migrate', dir);
    const sound = await run('check-integrity', dir);
    expect(sound.stdout).toBe(`${join(dir, 'events.sqlite')}: ok\n${join(dir, 'catalog.sqlite')}: ok\n`);

    damageMiddlePages(join(dir, 'events.sqlite'));
    const damaged = await run('check-integrity', dir).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(damaged.code).toBe(1);
    expect(damaged.stdout).toContain(`${join(dir, 'events.sqlite')}: damaged\n`);
    expect(damaged.stdout).toContain('restore this file from a backup');
    expect(damaged.stdout).toContain(`${join(dir, 'catalog.sqlite')}: ok`);
  });
});
