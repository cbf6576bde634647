import { execFileSync, spawn } from 'child_process';
import { ServerProcess, startServerProcess } from '@matchlog/testkit';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ROOT, ShellBlock } from './shell-blocks';
import { ShownAnswer, recordShown } from './shown-answers';

/**
 * Where the docs' blocks run as written: a directory standing for the checkout's root (examples/ and the real
 * tcg.online replays of test/fixtures/tcg-online/ linked in, the server's data/ beside it), and a bin/ first on PATH
 * whose `curl` and `npx matchlog` reach the test server when a block names localhost:3000 (or https://matchlog.example,
 * the docs' venue server), so no doc is edited to point at it.
 */
export interface Sandbox {
  readonly dir: string;
  readonly bin: string;
  readonly tmp: string;
}

export const makeSandboxDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-docs-shell-'));
  symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
  // docs/guides/judge.md imports one
  mkdirSync(join(dir, 'test', 'fixtures'), { recursive: true });
  symlinkSync(join(ROOT, 'test', 'fixtures', 'tcg-online'), join(dir, 'test', 'fixtures', 'tcg-online'));
  return dir;
};

/** `base`: the test server's address. */
export const makeSandbox = (dir: string, base: string): Sandbox => {
  const [bin, tmp] = [join(dir, '.bin'), join(dir, '.tmp')];
  mkdirSync(bin);
  mkdirSync(tmp);
  const port = new URL(base).port;
  const which = (name: string) => execFileSync('bash', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  const script = (name: string, text: string) => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${text}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  // and notes each answer's status and address in $DOCS_SHELL_ANSWERS
  script(
    'curl',
    [
      'headers=$(mktemp)',
      'set -- "${@//https:\\/\\/matchlog.example/http://localhost:3000}"',
      `${which('curl')} --connect-to localhost:3000:127.0.0.1:${port} -D "$headers" "$@" && status=0 || status=$?`,
      'url=""; for a in "$@"; do [[ $a == *localhost:3000* ]] && url=${a%%\\?*}; done',
      `printf '%s %s\\n' "$(awk '/^HTTP\\//{c=$2} END{print c}' "$headers")" "$url" >> "$DOCS_SHELL_ANSWERS"`,
      'rm -f "$headers"',
      'exit $status',
    ].join('\n'),
  );
  script(
    'npx',
    [
      'if [[ "${1-}" == matchlog ]]; then',
      '  shift',
      `  exec ${process.execPath} ${join(ROOT, 'bin', 'matchlog.js')} "\${@//http:\\/\\/localhost:3000/${base.replace(/\//g, '\\/')}}"`,
      'fi',
      `exec ${which('npx')} "$@"`,
    ].join('\n'),
  );
  return { dir, bin, tmp };
};

export interface SessionResult {
  readonly status: number | null;
  readonly output: string;
  /** the blocks that ran to their end, as doc:line */
  readonly ran: string[];
  /** what each line that shows its answer showed, and printed (undefined: nothing, or no JSON) */
  readonly printed: (ShownAnswer & { printed: unknown })[];
  /** each answer to a curl of localhost:3000, as its status and address (ids as :id, no query) */
  readonly answers: string[];
}

const printedIn = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const where = (block: ShellBlock) => `${block.doc}:${block.line}`;

/** Runs `blocks` one after another in one bash, with set -euo pipefail, in the sandbox. */
export const runSession = (sandbox: Sandbox, blocks: readonly ShellBlock[], timeoutMs: number): Promise<SessionResult> => {
  const notes = mkdtempSync(join(tmpdir(), 'matchlog-docs-ran-'));
  const [ranFile, answersFile] = [join(notes, 'ran'), join(notes, 'answers')];
  writeFileSync(ranFile, '');
  writeFileSync(answersFile, '');
  const shown: ShownAnswer[] = [];
  const file = (n: number) => `"$DOCS_SHELL_SHOWN/${n}"`;
  const script = ['set -euo pipefail'];
  for (const block of blocks) {
    const recorded = recordShown(block, (n) => file(shown.length + n));
    shown.push(...recorded.shown);
    script.push(`# ${where(block)}\n${recorded.code}\nprintf '%s\\n' '${where(block)}' >> "$DOCS_SHELL_RAN"`);
  }
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script.join('\n')], {
      cwd: sandbox.dir,
      env: {
        PATH: `${sandbox.bin}:${process.env.PATH}`,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        // the walk-through's mktemp -d, removed with the sandbox
        TMPDIR: sandbox.tmp,
        DOCS_SHELL_RAN: ranFile,
        DOCS_SHELL_ANSWERS: answersFile,
        DOCS_SHELL_SHOWN: notes,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
    child.once('close', (status) => {
      const answers = lines(answersFile).map((line) => line.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id'));
      const printed = shown.map((answer, n) => ({ ...answer, printed: printedIn(join(notes, String(n))) }));
      resolve({ status, output, ran: lines(ranFile), answers, printed });
      rmSync(notes, { recursive: true, force: true });
    });
  });
};

/** The compiled server, started in `dir`: it writes data/organizer.key there, which the walk-through reads. */
const startServerIn = (dir: string) => startServerProcess({ cwd: dir, args: ['--enable-source-maps', join(ROOT, 'dist/apps/api/src/main.js')], env: { HOME: process.env.HOME } });

/**
 * Runs each session (blocks for one bash) on one of `lanes` servers, each lane's sessions one after another on its
 * own server and sandbox, so a session sees no other lane's matches; a lane takes the next session when it is free.
 * Each promise is its session's outcome.
 */
export const runSessions = (sessions: readonly (readonly ShellBlock[])[], lanes: number, timeoutMs: number): Promise<SessionResult>[] => {
  const settle: ((outcome: Promise<SessionResult>) => void)[] = [];
  const outcomes = sessions.map(() => new Promise<SessionResult>((resolve) => settle.push(resolve)));
  let next = 0;
  const lane = async (): Promise<void> => {
    const dir = makeSandboxDir();
    let server: ServerProcess | undefined;
    try {
      server = await startServerIn(dir);
      const sandbox = makeSandbox(dir, server.base);
      for (let i = next++; i < sessions.length; i = next++) {
        const outcome = runSession(sandbox, sessions[i], timeoutMs);
        settle[i](outcome);
        await outcome;
      }
    } catch (error) {
      for (let i = next++; i < sessions.length; i = next++) settle[i](Promise.reject(error));
    } finally {
      server?.child.kill('SIGTERM');
      await server?.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  for (let i = 0; i < lanes; i++) void lane();
  return outcomes;
};
