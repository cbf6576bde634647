import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { openSqliteEventStore } from '@matchlog/store';
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { damageMiddlePages } from '../../../libs/store/test/support/damage';

const ROOT = join(__dirname, '..', '..', '..');
const KEY = randomBytes(32).toString('base64url');

interface Server {
  readonly child: ChildProcess;
  /** resolves once the server listens; rejects if it exits first */
  readonly listening: Promise<void>;
  /** the exit code and everything it wrote to stderr */
  readonly exited: Promise<{ code: number | null; stderr: string }>;
}

/** The real server (`npm start`), as a child process. */
const startServer = (dataDir: string, env: NodeJS.ProcessEnv = { MATCHLOG_ORGANIZER_KEY: KEY }): Server => {
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', MATCHLOG_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('matchlog listening')) resolve();
    });
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
  });
  listening.catch(() => undefined);
  return { child, listening, exited };
};

const expectRefusal = async (server: Server, ...mentions: string[]) => {
  if ((await Promise.race([server.exited, server.listening.then(() => 'listening' as const)])) === 'listening') {
    server.child.kill('SIGKILL');
    await server.exited;
    throw new Error('the server started where it should have refused to');
  }
  const { code, stderr } = await server.exited;
  expect(code).toBe(1);
  expect(stderr).toMatch(/^matchlog cannot start: /);
  for (const mention of mentions) expect(stderr).toContain(mention);
  expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
};

describe('the server refuses to start, saying which file, why and what to do', () => {
  let base: string;
  beforeEach(() => (base = mkdtempSync(join(tmpdir(), 'matchlog-startup-'))));
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('on a damaged events.sqlite (quick check)', async () => {
    const store = openSqliteEventStore(base);
    for (let m = 0; m < 20; m++)
      await store.append(
        `m${m}`,
        0,
        Array.from({ length: 20 }, (_, i) => ({ id: `m${m}-${i}`, type: 'TurnStarted', data: { note: 'x'.repeat(200) } })),
      );
    await store.close();
    damageMiddlePages(join(base, 'events.sqlite'));
    await expectRefusal(startServer(base), `${join(base, 'events.sqlite')} is damaged (`, 'restore this file from a backup', 'npm run check-integrity');
  });

  it('on an events.sqlite that is not a database', async () => {
    writeFileSync(join(base, 'events.sqlite'), 'a shopping list\n'.repeat(100));
    await expectRefusal(startServer(base), `${join(base, 'events.sqlite')} is damaged (it is not a SQLite database`, 'MATCHLOG_DATA_DIR');
  });

  it('on a data directory that cannot be made, with or without an organizer key to generate', async () => {
    writeFileSync(join(base, 'a-file'), '');
    const dataDir = join(base, 'a-file', 'data');
    await expectRefusal(startServer(dataDir), `cannot open ${dataDir}: a part of the path is a file, not a directory`, 'MATCHLOG_DATA_DIR');
    await expectRefusal(startServer(dataDir, {}), `cannot open ${dataDir}: a part of the path is a file, not a directory`);
  });

  it('on an events.sqlite that cannot be opened (a directory)', async () => {
    mkdirSync(join(base, 'events.sqlite'));
    await expectRefusal(startServer(base), `cannot open ${join(base, 'events.sqlite')}: SQLite cannot open it`);
  });

  it('on a data directory another server holds, naming it; after that one is killed, a restart starts', async () => {
    const dataDir = join(base, 'data');
    const first = startServer(dataDir, {});
    try {
      await first.listening;
      // made by the server: the directory 0700, every file in it 0600 (databases, their -wal, the generated organizer key)
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dataDir);
      expect(files).toEqual(expect.arrayContaining(['events.sqlite', 'events.sqlite-wal', 'catalog.sqlite', 'catalog.sqlite-wal', 'organizer.key']));
      for (const file of files) expect([file, statSync(join(dataDir, file)).mode & 0o777]).toEqual([file, 0o600]);

      await expectRefusal(startServer(dataDir), `${join(dataDir, 'events.sqlite')} is in use by another process (pid ${first.child.pid} on `, 'stop the other one');
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // the killed server's lock went with it; its stale pid file does not block
    const restarted = startServer(dataDir);
    try {
      await restarted.listening;
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  }, 60_000);
});
