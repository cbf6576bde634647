import { spawn } from 'child_process';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ROOT, START_COMMAND, freePort } from '@matchlog/testkit';
import { lanBases } from '../src/public-addresses';

/** what the line says of phones: this machine's LAN addresses on the port, or that it has none */
const phones = (port: number) => {
  const bases = lanBases(port);
  return bases.length > 0
    ? `phones open ${bases.map((b) => `${b}/viewer/`).join(' or ')}`
    : "no address but this machine: set MATCHLOG_PUBLIC_URL, or join the venue's network, for phones to open links";
};

/**
 * Runs the compiled server at info in LOG_FORMAT `format` with a generated organizer key, asks for a path holding
 * that key (as a client that pasted it in the wrong place would), stops it, and resolves with its stdout and the key.
 */
const runOnce = async (format: string, dataDir: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, START_COMMAND, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', LOG_FORMAT: format, PORT: String(port), MATCHLOG_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let left = 200; !stdout.includes('matchlog listening'); left--) {
    if (left === 0 || child.exitCode !== null) throw new Error(`the server did not start: ${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const key = readFileSync(join(dataDir, 'organizer.key'), 'utf8').trim();
  await (await fetch(`http://127.0.0.1:${port}/matches/${encodeURIComponent(key)}`)).text();
  child.kill('SIGTERM');
  await exited;
  return { stdout, key, port };
};

// issue 25 §3: a start says one line a person can act on, in the form the reader of the logs needs
describe('what a start logs at info', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-startline-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('pretty: one line naming the viewer, the API docs, the data directory and the organizer key file; then a line per request; never the key', async () => {
    const { stdout, key, port } = await runOnce('pretty', dir);
    const lines = stdout.trimEnd().split('\n');
    const base = `http://localhost:${port}`;
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}/);
    expect(lines[0].slice(15)).toBe(
      `matchlog listening on ${base}: viewer ${base}/viewer/, API docs ${base}/docs, data in ${dir} (store: sqlite), organizer key in ${join(dir, 'organizer.key')}; ${phones(port)}`,
    );
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/matches\/\[redacted\] 404 \d+(\.\d+)? ms$/);
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d INFO {2}SIGTERM: /);
    expect(lines).toHaveLength(3);
    expect(stdout).not.toContain(key);
  });

  it('json: a line of JSON each, the same one line at start, never the key', async () => {
    const { stdout, key } = await runOnce('json', dir);
    const records = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });
    expect(records.map((r) => r.msg)).toEqual([
      expect.stringMatching(/^matchlog listening on .*viewer .*API docs .*data in .*organizer key in /),
      'request completed',
      expect.stringMatching(/^SIGTERM: /),
    ]);
    expect(records[1].req?.url).toBe('/matches/[redacted]');
    expect(stdout).not.toContain(key);
  });
});
