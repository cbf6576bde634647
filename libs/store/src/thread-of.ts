import { ChildProcess, fork } from 'node:child_process';
import { Worker, WorkerOptions } from 'node:worker_threads';

/** This file is .ts or .js as its callers are: from the TypeScript sources (Jest, `node -r @swc-node/register`), or in dist/. */
const fromSources = __filename.endsWith('.ts');

/**
 * A worker thread running `file` (a path without its extension, beside the caller): in dist/, the .js the build put
 * there. From the TypeScript sources it loads the .ts through the same require hook, registered in it; the compiler's
 * native addon is already loaded by the main thread there, so threads that start and end do not load and unload it
 * each time.
 */
export const threadOf = (file: string, options: WorkerOptions = {}): Worker =>
  fromSources
    ? new Worker(`${file}.ts`, { ...options, execArgv: [...(options.execArgv ?? []), '--require', require.resolve('@swc-node/register')] })
    : new Worker(`${file}.js`, options);

/**
 * A child process running `file` as threadOf does (the .ts through the require hook, or the .js of dist/), with
 * `nodeOptions` (e.g. `--max-old-space-size=256`), an IPC channel that carries structured clones, and its stderr piped.
 */
export const processOf = (file: string, nodeOptions: readonly string[] = []): ChildProcess =>
  fork(`${file}.${fromSources ? 'ts' : 'js'}`, [], {
    execArgv: [...nodeOptions, ...(fromSources ? ['--require', require.resolve('@swc-node/register')] : [])],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });

/**
 * The other end of processOf, in the child: `answer` for every message its parent sends (`unsent` for an answer that
 * cannot be sent, not cloneable), `ready` sent once it listens, and an exit when the parent goes away (nothing to
 * answer to).
 */
export const serveParent = <Request, Answer>(answer: (request: Request) => Answer, ready: Answer, unsent: (error: unknown) => Answer): void => {
  process.on('message', (request: Request) => {
    try {
      void process.send!(answer(request));
    } catch (error) {
      void process.send!(unsent(error));
    }
  });
  process.on('disconnect', () => process.exit(0));
  void process.send!(ready);
};
