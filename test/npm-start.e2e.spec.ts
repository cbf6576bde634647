import { openSqliteEventStore } from '@matchlog/store';
import { ServerProcess, startServerProcess } from '@matchlog/testkit';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

const KEY = randomBytes(32).toString('base64url');

/** Whether anything still listens on `port`, on every interface as the server does. */
const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(true))
      .listen(port, '::', () => probe.close(() => resolve(false)));
  });

/** Whether any process of the group `pgid` is alive. */
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

// issue 25 §3: `kill <npm pid>` used to stop npm and its shell, and leave `node main.js` holding the port and the database
describe('npm start, stopped as a person stops it (SIGTERM to npm)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'matchlog-npm-start-'))));
  afterAll(() => {
    // npm starts the server in its own process group: a failed test leaves none of it running
    if (server !== undefined && groupAlive(server.child.pid!)) process.kill(-server.child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing behind: npm and the server exit 0, the port is free, the data directory is unlocked', async () => {
    server = await startServerProcess({ command: 'npm', args: ['start'], env: { HOME: process.env.HOME, MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY } });
    const port = Number(new URL(server.base).port);
    expect(await portTaken(port)).toBe(true);
    server.child.kill('SIGTERM');
    const exited = await server.exited;
    expect(groupAlive(server.child.pid!)).toBe(false);
    expect(await portTaken(port)).toBe(false);
    const store = openSqliteEventStore(dataDir);
    await store.close();
    // the server shut down gracefully (graceful-shutdown.ts), and npm says so
    expect(exited).toEqual({ code: 0, signal: null });
  });
});
