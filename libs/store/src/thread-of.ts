import { ChildProcess, fork } from 'node:child_process';
import { Worker, WorkerOptions } from 'node:worker_threads';

/** This file is .ts or .js as its callers are: run from the TypeScript sources (through a require hook), or in dist/. */
const extension = __filename.endsWith('.ts') ? 'ts' : 'js';

/** A flag of `execArgv` that loads a module first, with its value (`-r x`, `--require x`, `--import x`) or in it (`--require=x`). */
const HOOK_FLAG = /^(-r|--require|--import|--loader|--experimental-loader)(=|$)/;

/**
 * The module hooks this process runs with (`process.execArgv`'s `--require`, `--import` and loaders, e.g. a TypeScript
 * compiler's), which a thread or child needs to load the same kind of file: none in dist/.
 */
const moduleHooks = (): string[] => {
  const argv = process.execArgv;
  const hooks: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const match = HOOK_FLAG.exec(argv[i]);
    if (match === null) continue;
    hooks.push(argv[i]);
    if (match[2] === '' && i + 1 < argv.length) hooks.push(argv[++i]);
  }
  return hooks;
};

/**
 * A worker thread running `file` (a path without its extension, beside the caller): the .ts from the sources, the .js
 * in dist/, with this process's module hooks (moduleHooks) before `options.execArgv`. From the sources the hook is
 * registered in the thread; the compiler's native addon is already loaded by the main thread there, so threads that
 * start and end do not load and unload it each time.
 */
export const threadOf = (file: string, options: WorkerOptions = {}): Worker => {
  const hooks = moduleHooks();
  return new Worker(`${file}.${extension}`, hooks.length === 0 ? options : { ...options, execArgv: [...hooks, ...(options.execArgv ?? [])] });
};

/**
 * A child process running `file` as threadOf does (this process's module hooks, then `nodeOptions`, e.g.
 * `--max-old-space-size=256`), with an IPC channel that carries structured clones, and its stderr piped.
 */
export const processOf = (file: string, nodeOptions: readonly string[] = []): ChildProcess =>
  fork(`${file}.${extension}`, [], {
    execArgv: [...moduleHooks(), ...nodeOptions],
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
