import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ROOT, START_COMMAND, freePort } from '@matchlog/testkit';

/** Runs the compiled server at LOG_LEVEL=level, sends GET /matches with the organizer key, stops it, and resolves with its stdout. */
const stdoutOfOneRequest = async (level: string, key: string, dataDir: string) => {
  const port = await freePort();
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, START_COMMAND, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: level, PORT: String(port), MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: key },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.once('exit', () => resolve(stdout));
    const tryRequest = async (left: number): Promise<void> => {
      const res = await fetch(`http://127.0.0.1:${port}/matches`, { headers: { authorization: `Bearer ${key}` } }).catch(() => undefined);
      if (res) {
        await res.text();
        child.kill('SIGTERM');
      } else if (left === 0) {
        child.kill('SIGKILL');
        reject(new Error('the server did not answer'));
      } else {
        await new Promise((r) => setTimeout(r, 100));
        return tryRequest(left - 1);
      }
    };
    void tryRequest(200);
  });
};

describe('request logging', () => {
  let dir: string;
  const key = randomBytes(32).toString('base64url');
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-reqlog-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('at info: one line per request, with the Authorization header redacted', async () => {
    const stdout = await stdoutOfOneRequest('info', key, dir);
    const lines = stdout.split('\n').filter((line) => line.includes('"request completed"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"url":"/matches"');
    expect(stdout).not.toContain(key);
  });

  it('at warn: no line per request', async () => {
    const stdout = await stdoutOfOneRequest('warn', key, dir);
    expect(stdout).not.toContain('request completed');
    expect(stdout).not.toContain(key);
  });
});
