import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Queued } from '../group-commit';
import { threadOf } from '../thread-of';
import { StoreTimeout, StoreUnavailable, isStorageError, storageErrorOf } from '../storage-errors';
import { AppendMessage, AppendOutcome, AppendRequest, ErrorReport, FromWriter, ToWriter, WriterSetup } from './writer-protocol';

const THREAD = join(__dirname, 'writer-thread');

/** The writer thread, compiled code like every other file (threadOf: the .ts from the sources, the .js in dist/). */
const startThread = (setup: WriterSetup): Worker => threadOf(THREAD, { workerData: setup });

/** An error of the writer thread as the main thread's: a SQLite error keeps its code, so that `storageErrorOf` knows it. */
const errorOf = ({ name, message, code }: ErrorReport): Error => Object.assign(new Error(message), { name, ...(code === undefined ? {} : { code }) });

/**
 * The main thread's side of the SQLite store's writer thread (writer-thread.ts): each append is posted
 * as it comes; the thread writes every append waiting for it in one transaction, so appends posted
 * while it commits go into the next (group commit), and it answers once they are on disk. A thread
 * that dies fails the appends it held with StoreTimeout (written or not: a retry answers as the first
 * append would have), and is started again; one that cannot be started fails the store (`failure`):
 * every append, and the store's reads, are refused with it.
 */
export class SqliteWriter {
  private thread: Worker;
  private ready = false;
  private closing = false;
  private ended: Promise<void>;
  /** why the thread that just ended ended, when it was not asked to */
  private death: unknown;
  private nextRequest = 1;
  /** the appends and PRAGMAs posted to the thread, by request number, until it answers (an append with what it asked) */
  private readonly pending = new Map<number, Queued<unknown> & { readonly sent: ToWriter }>();
  private idle: (() => void) | undefined;
  /** set once the thread cannot be started: the store is failed */
  failure: unknown;

  constructor(
    private readonly file: string,
    /** told of each group committed, with what it decided for each append, before the appends' callers hear of it (in the same turn) */
    private readonly onCommitted: (appends: readonly AppendRequest[], outcomes: readonly AppendOutcome[]) => void,
  ) {
    [this.thread, this.ended] = this.start();
  }

  /** Writes `append` in the thread's next group; resolves with what the group's transaction decided for it, once it is on disk. */
  append(append: AppendRequest): Promise<AppendOutcome> {
    return this.request((request) => ({ kind: 'append', request, ...append })) as Promise<AppendOutcome>;
  }

  /** A PRAGMA on the write connection (its simple value): the durability it writes with, and the tests' full disk. */
  pragma(pragma: string): Promise<unknown> {
    return this.request((request) => ({ kind: 'pragma', request, pragma }));
  }

  /** Keeps a stored snapshot (JSON text) under `key`, in a transaction of its own, after the appends posted before it. */
  async snapshot(key: string, data: string): Promise<void> {
    await this.request((request) => ({ kind: 'snapshot', request, key, data }));
  }

  /** Waits for every answer, and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.pending.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    if (this.failure === undefined) this.post({ kind: 'close' });
    await this.ended;
  }

  private request(message: (request: number) => ToWriter): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const request = this.nextRequest++;
    return new Promise((resolve, reject) => {
      const sent = message(request);
      this.pending.set(request, { resolve, reject, sent });
      this.post(sent);
    });
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
      case 'committed': {
        const appends = message.requests.map((request, i) => {
          const pending = this.take(request);
          pending.resolve(message.outcomes[i]);
          return pending.sent as AppendMessage;
        });
        this.onCommitted(appends, message.outcomes);
        break;
      }
      case 'failed': {
        const error = storageErrorOf(errorOf(message.error), this.file);
        for (const request of message.requests) this.take(request).reject(error);
        break;
      }
      case 'answer': {
        const pending = this.take(message.request);
        if (message.error) pending.reject(storageErrorOf(errorOf(message.error), this.file));
        else pending.resolve(message.value);
        break;
      }
    }
    this.settled();
  }

  private take(request: number): Queued<unknown> & { readonly sent: ToWriter } {
    const pending = this.pending.get(request)!;
    this.pending.delete(request);
    return pending;
  }

  /** Once nothing is waiting for the thread: it no longer keeps the process alive (but while close() ends it), and close() may end it. */
  private settled(): void {
    if (this.pending.size > 0) return;
    if (!this.closing) this.thread.unref();
    this.idle?.();
    this.idle = undefined;
  }

  private exited(thread: Worker, code: number): void {
    if (thread !== this.thread) return;
    if (this.closing && this.pending.size === 0) return;
    const why = `the SQLite writer thread for ${this.file} ended (exit code ${code}${this.death === undefined ? '' : `: ${String(this.death)}`})`;
    if (!this.ready) {
      this.fail(this.storeFailure(why, this.death));
      this.settled();
      return;
    }
    // it may have committed what it held before it ended, or not: a retry answers as the first append would have
    this.rejectPending(new StoreTimeout(why));
    if (this.closing) {
      this.settled();
      return;
    }
    [this.thread, this.ended] = this.start();
  }

  /** The store can no longer write: what is waiting, and what comes, is refused. */
  private fail(failure: unknown): void {
    this.failure ??= failure;
    this.rejectPending(this.failure);
  }

  private rejectPending(error: unknown): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private storeFailure(why: string, error: unknown): unknown {
    const meant = error === undefined ? undefined : storageErrorOf(error, this.file);
    if (isStorageError(meant)) return meant;
    return new StoreUnavailable(meant instanceof Error ? `${why}: ${meant.message}` : why);
  }
}
