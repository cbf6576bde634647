import { createTestDatabase, freePort, RunningPostgres, startPostgres, TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { ChildProcess, spawn } from 'child_process';
import { generateKeyPairSync, randomBytes } from 'crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..');
const ORGANIZER_KEY = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts PostgreSQL on `dataDir`, again and again: a restart waits until the old backends have gone. */
const startOn = async (dataDir: string, port: number): Promise<RunningPostgres> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startPostgres({ dataDir, port, durable: true });
    } catch (error) {
      if (attempt === 20) throw error;
      await sleep(500);
    }
  }
};

interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

/** The real server (apps/api/src/main.ts) on PostgreSQL, as a child process. */
const startServer = async (databaseUrl: string, dataDir: string, waitSeconds: string): Promise<Server> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      LOG_LEVEL: 'info',
      MATCHLOG_STORE: 'postgres',
      MATCHLOG_DATABASE_URL: databaseUrl,
      MATCHLOG_DATA_DIR: dataDir,
      MATCHLOG_ORGANIZER_KEY: ORGANIZER_KEY,
      MATCHLOG_SIGNING_KEY_FILE: join(dataDir, '..', 'signing-key.pem'),
      MATCHLOG_START_WAIT_SECONDS: waitSeconds,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
};

const readyStatus = (server: Server) =>
  fetch(`${server.base}/health/ready`).then(
    (answer) => answer.status,
    () => 0,
  );

/** Issue 37 §14: a start while PostgreSQL is briefly away waits for it, saying so, for MATCHLOG_START_WAIT_SECONDS. */
describe('a start while PostgreSQL is away', () => {
  let dir: string;
  let port: number;
  let postgres: RunningPostgres | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-start-waits-'));
    chmodSync(dir, 0o777); // as root, PostgreSQL runs as a user of its own, which creates its files in here
    writeFileSync(join(dir, 'signing-key.pem'), generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    port = await freePort();
    postgres = await startOn(join(dir, 'pgdata'), port);
    databaseUrl = (await createTestDatabase(postgres.url)).url;
    await postgres.stop();
    postgres = undefined;
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('gives up after MATCHLOG_START_WAIT_SECONDS: exit 1, saying what it waited for and how long, no stack', async () => {
    const server = await startServer(databaseUrl, join(dir, 'gives-up'), '2');
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('the event store cannot be reached');
    expect(server.stderr()).toMatch(/^matchlog cannot start: .*still so after waiting 2 s \(MATCHLOG_START_WAIT_SECONDS\)/m);
    expect(server.stderr()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('waits, saying so in its log, and serves once PostgreSQL is back', async () => {
    const server = await startServer(databaseUrl, join(dir, 'waits'), '60');
    try {
      while (!server.stderr().includes('the event store cannot be reached')) {
        expect(server.child.exitCode).toBeNull();
        await sleep(100);
      }
      await sleep(2_000); // away a few seconds more
      expect(server.child.exitCode).toBeNull();
      postgres = await startOn(join(dir, 'pgdata'), port);
      while ((await readyStatus(server)) !== 200) {
        expect(server.child.exitCode).toBeNull();
        await sleep(200);
      }
      expect(server.stderr()).toContain('trying again every second');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
