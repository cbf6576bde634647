import { ChildProcess, spawn } from 'child_process';
import { createServer } from 'net';
import { AddressInfo } from 'net';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..', '..');
/** `node -r` this to run a file of the TypeScript sources in another process, as the tests' threads are (test/typescript-hook.js). */
export const TYPESCRIPT_HOOK = join(ROOT, 'test', 'typescript-hook.js');
/** How the compiled server starts: the Dockerfile's CMD and `npm start` run this too (with `node` for the node running the tests). */
export const START_COMMAND = ['--enable-source-maps', 'dist/apps/api/src/main.js'];

export interface ServerProcess {
  readonly base: string;
  readonly child: ChildProcess;
  /** how the process ended */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** what it wrote to stderr so far */
  stderr(): string;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the compiled server as a child process in `cwd` and waits until GET /health answers. `command`:
 * another program than this node (npm, say), started in its own process group so all of it can be killed.
 * `port`: that one (a restart where the last process listened), else a free one.
 */
export const startServerProcess = async (options: {
  cwd?: string;
  command?: string;
  args?: readonly string[];
  env: NodeJS.ProcessEnv;
  port?: number;
  /** what answering means: 'ready' (the default) once /health/ready is 200, caught up with the log; 'live' once /health answers */
  until?: 'live' | 'ready';
}): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const child = spawn(options.command ?? process.execPath, options.args ?? START_COMMAND, {
    cwd: options.cwd ?? ROOT,
    detached: options.command !== undefined,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  let running = true;
  void exited.then(() => (running = false));
  while (running) {
    if (
      await fetch(`${base}${options.until === 'live' ? '/health' : '/health/ready'}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child, exited, stderr: () => stderr };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server exited before it answered: ${JSON.stringify(await exited)}\n${stderr}`);
};
