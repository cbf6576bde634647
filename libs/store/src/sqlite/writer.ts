import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Queued } from './group-commit';
import { AppendOutcome, AppendRequest, ErrorReport, FromWriter, ToWriter, WriterSetup } from './sqlite-writer-protocol';
import { StoreTimeout, StoreUnavailable, isStorageError, storageErrorOf } from './storage-errors';

const THREAD = join(__dirname, 'sqlite-writer-thread');

/**
 * Runs a compiled CommonJS module as if it were the file it was compiled from (its requires resolved
 * from there): the writer thread from the TypeScript sources.
 */
const RUN_COMPILED = `
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const { file, code } = require('node:worker_threads').workerData.compiled;
const module = { exports: {} };
new Function('exports', 'require', 'module', '__filename', '__dirname', code)(module.exports, createRequire(file), module, file, dirname(file));
`;

let compiledThread: string | undefined;

/**
 * The writer thread: in dist/ the build compiled it beside this file. From the TypeScript sources
 * (Jest, @swc-node/register), where a Worker cannot load a .ts file, it is compiled here once per
 * process with @swc/core (a devDependency, as the sources are), and the thread is given no execArgv:
 * a preloaded compiler (-r @swc-node/register) would load a native addon into every thread started.
 */
const startThread = (setup: WriterSetup): Worker => {
  if (!__filename.endsWith('.ts')) return new Worker(`${THREAD}.js`, { workerData: setup });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only ever loaded from the sources, where the devDependencies are
  const swc = require('@swc/core') as typeof import('@swc/core');
  compiledThread ??= swc.transformFileSync(`${THREAD}.ts`, { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }).code;
  return new Worker(RUN_COMPILED, { eval: true, execArgv: [], workerData: { ...setup, compiled: { file: `${THREAD}.ts`, code: compiledThread } } });
};

/** An error of the writer thread as the main thread's: a SQLite error keeps its code, so that `storageErrorOf` knows it. */
const errorOf = ({ name, message, code }: ErrorReport): Error => Object.assign(new Error(message), { name, ...(code === undefined ? {} : { code }) });

interface InFlight {
  readonly appends: readonly Queued<AppendOutcome>[];
}

/**
 * The main thread's side of the SQLite store's writer thread (sqlite-writer-thread.ts). Appends made
 * in one event-loop turn are posted as one batch; the thread writes every batch waiting for it in one
 * transaction, so appends queued while it commits go into the next (group commit), and it answers
 * once they are on disk. A thread that dies fails the appends it held with StoreTimeout (written or
 * not: a retry answers as the first append would have), and is started again; one that cannot be
 * started fails the store (`failure`): every append, and the store's reads, are refused with it.
 */
export class SqliteWriter {
  private thread: Worker;
  private ready = false;
  private closing = false;
  private ended: Promise<void>;
  /** why the thread that just ended ended, when it was not asked to */
  private death: unknown;
  private queue: (AppendRequest & Queued<AppendOutcome>)[] = [];
  private flushing: NodeJS.Immediate | undefined;
  private nextBatch = 1;
  private readonly inFlight = new Map<number, InFlight>();
  private nextRequest = 1;
  private readonly pragmas = new Map<number, Queued<unknown>>();
  private idle: (() => void) | undefined;
  /** set once the thread cannot be started: the store is failed */
  failure: unknown;

  constructor(
    private readonly file: string,
    private readonly onCommitted: () => void,
  ) {
    [this.thread, this.ended] = this.start();
  }

  /** Writes `request` in the next group; resolves with what the group's transaction decided for it, once it is on disk. */
  append(request: AppendRequest): Promise<AppendOutcome> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject });
      this.flushing ??= setImmediate(() => this.flush());
    });
  }

  /** A PRAGMA on the write connection (its simple value): the durability it writes with, and the tests' full disk. */
  pragma(pragma: string): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const request = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.pragmas.set(request, { resolve, reject });
      this.post({ kind: 'pragma', request, pragma });
    });
  }

  /** Writes what is queued, waits for every answer, and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    this.flush();
    if (this.inFlight.size > 0 || this.pragmas.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    if (this.failure === undefined) this.post({ kind: 'close' });
    await this.ended;
  }

  private start(): [Worker, Promise<void>] {
    const thread = startThread({ file: this.file });
    // idle: the store never kept the process alive by itself
    if (!this.closing) thread.unref();
    thread.on('message', (message: FromWriter) => this.answered(message));
    thread.on('error', (error) => (this.death = error));
    const ended = new Promise<void>((resolve) => thread.once('exit', (code) => resolve(this.exited(thread, code))));
    this.ready = false;
    this.death = undefined;
    return [thread, ended];
  }

  private flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.queue.length === 0) return;
    const queued = this.queue;
    this.queue = [];
    if (this.failure !== undefined) {
      for (const append of queued) append.reject(this.failure);
      return;
    }
    const batch = this.nextBatch++;
    this.inFlight.set(batch, { appends: queued });
    this.post({ kind: 'batch', batch, appends: queued.map(({ streamId, expected, events }) => ({ streamId, expected, events })) });
  }

  private post(message: ToWriter): void {
    // the thread keeps the process alive only while it holds something of ours (the store did not before it had one)
    this.thread.ref();
    this.thread.postMessage(message);
  }

  private answered(message: FromWriter): void {
    switch (message.kind) {
      case 'ready':
        this.ready = true;
        break;
      case 'unopenable':
        this.fail(this.storeFailure(`the SQLite writer thread cannot open ${this.file}`, errorOf(message.error)));
        break;
      case 'committed':
        message.batches.forEach((batch, i) => {
          const { appends } = this.take(batch);
          appends.forEach((append, k) => append.resolve(message.outcomes[i][k]));
        });
        this.onCommitted();
        break;
      case 'failed': {
        const error = storageErrorOf(errorOf(message.error), this.file);
        for (const batch of message.batches) for (const append of this.take(batch).appends) append.reject(error);
        break;
      }
      case 'pragma': {
        const pending = this.pragmas.get(message.request)!;
        this.pragmas.delete(message.request);
        if (message.error) pending.reject(storageErrorOf(errorOf(message.error), this.file));
        else pending.resolve(message.value);
        break;
      }
    }
    this.settled();
  }

  private take(batch: number): InFlight {
    const inFlight = this.inFlight.get(batch)!;
    this.inFlight.delete(batch);
    return inFlight;
  }

  /** Once nothing is waiting for the thread: it no longer keeps the process alive (but while close() ends it), and close() may end it. */
  private settled(): void {
    if (this.inFlight.size > 0 || this.pragmas.size > 0) return;
    if (!this.closing) this.thread.unref();
    this.idle?.();
    this.idle = undefined;
  }

  private exited(thread: Worker, code: number): void {
    if (thread !== this.thread) return;
    const asked = this.closing && this.inFlight.size === 0 && this.pragmas.size === 0;
    if (asked) return;
    const why = `the SQLite writer thread for ${this.file} ended (exit code ${code}${this.death === undefined ? '' : `: ${String(this.death)}`})`;
    if (!this.ready) {
      this.fail(this.storeFailure(why, this.death));
      this.settled();
      return;
    }
    // it may have committed what it held before it ended, or not: a retry answers as the first append would have
    const unknown = new StoreTimeout(why);
    for (const { appends } of this.inFlight.values()) for (const append of appends) append.reject(unknown);
    this.inFlight.clear();
    for (const pending of this.pragmas.values()) pending.reject(unknown);
    this.pragmas.clear();
    if (this.closing) {
      this.settled();
      return;
    }
    [this.thread, this.ended] = this.start();
    // what was queued for the thread that died goes to the new one
    this.flush();
  }

  /** The store can no longer write: what is waiting, and what comes, is refused. */
  private fail(failure: unknown): void {
    this.failure ??= failure;
    for (const { appends } of this.inFlight.values()) for (const append of appends) append.reject(this.failure);
    this.inFlight.clear();
    for (const pending of this.pragmas.values()) pending.reject(this.failure);
    this.pragmas.clear();
    this.flush();
  }

  private storeFailure(why: string, error: unknown): unknown {
    const meant = error === undefined ? undefined : storageErrorOf(error, this.file);
    if (isStorageError(meant)) return meant;
    return new StoreUnavailable(meant instanceof Error ? `${why}: ${meant.message}` : why);
  }
}
