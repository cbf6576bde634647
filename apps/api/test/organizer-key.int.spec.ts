import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { execFile } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** Starts the real server (`npm start`'s command) and resolves with how it ended; the timeout only guards a server that did start. */
const startServer = (env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['-r', TYPESCRIPT_HOOK, 'apps/api/src/main.ts'],
      { cwd: join(__dirname, '..', '..', '..'), env, timeout: 25_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });

describe('the server refuses a weak organizer key', () => {
  let dir: string;
  const env = (extra: NodeJS.ProcessEnv) => ({ ...process.env, PORT: '0', LOG_LEVEL: 'silent', MATCHLOG_DATA_DIR: dir, MATCHLOG_ORGANIZER_KEY: undefined, ...extra });
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['x', 'change-me', 'change-me-change-me-change-me-change-me'])('MATCHLOG_ORGANIZER_KEY=%s: exit 1, a message saying how to make one, no stack trace', async (key) => {
    const { code, stderr } = await startServer(env({ MATCHLOG_ORGANIZER_KEY: key }));
    expect(code).toBe(1);
    expect(stderr).toContain('matchlog cannot start: The organizer key in MATCHLOG_ORGANIZER_KEY ');
    expect(stderr).toContain('openssl rand -base64 32');
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it("a weak key in the data directory's organizer.key: exit 1, naming the file", async () => {
    const file = join(dir, 'organizer.key');
    writeFileSync(file, 'x\n');
    const { code, stderr } = await startServer(env({}));
    expect(code).toBe(1);
    expect(stderr).toContain(`The organizer key in ${file} is too short`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
