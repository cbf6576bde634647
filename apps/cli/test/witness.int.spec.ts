import { cosignatureVerifier, openNote, parseSignerKey } from '@matchlog/ledger';
import { TestLog, TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');

/** `matchlog witness` from the sources, on a free port: resolves with its address once it listens. */
const startWitness = (args: readonly string[]) => {
  const child = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, join(root, 'apps', 'cli', 'src', 'main.ts'), 'witness', ...args, '--port', '0'], { cwd: root });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`matchlog witness exited ${code}`)));
  });
  return { child, url };
};

describe('matchlog witness (a file store, for a judge laptop)', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-cli-witness-'))));
  afterEach(() => {
    if (child?.pid !== undefined && child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('cosigns a log it was given, keeps its state across a restart, and refuses a rollback', async () => {
    const log = TestLog.of(20);
    writeFileSync(join(dir, 'logs'), `# the tournament's server\n${log.vkey}\n`);
    const args = ['--dir', join(dir, 'state'), '--key', join(dir, 'witness.key'), '--logs', join(dir, 'logs')];
    let started = startWitness(args);
    child = started.child;
    let url = await started.url;
    const post = (base: string, body: string) => fetch(`${base}/add-checkpoint`, { method: 'POST', body });

    const first = await post(url, log.addCheckpointBody(0, 10));
    expect(first.status).toBe(200);
    const key = parseSignerKey(readFileSync(join(dir, 'witness.key'), 'utf8').trim());
    expect(openNote(`${log.checkpoint(10)}${await first.text()}`, [cosignatureVerifier(key.name, key.publicKey)]).verified).toHaveLength(1);
    expect((await post(url, log.addCheckpointBody(10, 20))).status).toBe(200);

    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    started = startWitness(args);
    child = started.child;
    url = await started.url;
    const stale = await post(url, log.addCheckpointBody(10, 20));
    expect(stale.status).toBe(409);
    expect(stale.headers.get('content-type')).toBe('text/x.tlog.size');
    expect(await stale.text()).toBe('20\n');
    expect((await post(url, TestLog.of(20, log.origin, 'fork').addCheckpointBody(20, 20, []))).status).toBe(409);
    expect((await post(url, log.addCheckpointBody(20, 20, []))).status).toBe(200);
  }, 60_000);
});
