import { processOf } from '@matchlog/store';
import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { ReplayConversionFailed, ReplayEntriesAmbiguous, ReplayOverLimit, ReplayTooLarge, ReplayUnreadable } from '../../errors';
import type { ChildReady, ConvertAnswer, ConvertRequest, ThrownReport } from './conversion-protocol';
import { ReplayUpload, UploadConverted, convertUpload } from './convert-upload';
import type { Refused } from './refusal';

const CHILD = join(__dirname, 'conversion-child');

/** What converting one upload may take (docs/explanation/importing.md, "Limits"). */
export interface ConversionLimits {
  /** MATCHLOG_IMPORT_TIME_LIMIT_MS: the most one conversion may run, in milliseconds */
  readonly timeMs: number;
  /** MATCHLOG_IMPORT_MEMORY_LIMIT: the most a conversion process's heap may hold, in bytes */
  readonly memoryBytes: number;
  /** MATCHLOG_IMPORT_CONCURRENCY: how many conversions run at once; the others wait their turn */
  readonly concurrency: number;
}

/** The 168-step sample converts in about a second and 60 MB on a laptop (cold): ten times that and more. */
export const DEFAULT_CONVERSION_LIMITS: ConversionLimits = { timeMs: 10_000, memoryBytes: 256 * 1024 * 1024, concurrency: 1 };

/** How the import converts an upload: in conversion processes (ReplayConversions), or in-process (convertInProcess). */
export interface ReplayConverter {
  convert(upload: ReplayUpload): Promise<UploadConverted | Refused>;
}

/** On the caller's thread, as before the conversion processes: a file decides how long the event loop waits. Tests and the benchmark's baseline only. */
export const convertInProcess: ReplayConverter = { convert: async (upload) => convertUpload(upload) };

const MIB = 1024 * 1024;
/** what a new process may take to load its code, besides the time limit (about 2 s from the TypeScript sources) */
const STARTUP_MS = 30_000;
/** the conversion processes' niceness (0 normal, 19 the least): a file converting never takes the server's turn on a busy core */
const NICENESS = 19;
/** V8's last words when a heap reaches --max-old-space-size */
const OUT_OF_HEAP = /heap out of memory|Reached heap limit|Allocation failed/;

const thrownOf = ({ code, message, maxBytes, entries }: ThrownReport): Error => {
  if (code === 'REPLAY_UNREADABLE') return new ReplayUnreadable(message);
  if (code === 'REPLAY_TOO_LARGE' && maxBytes !== undefined) return new ReplayTooLarge(maxBytes);
  if (code === 'REPLAY_ENTRIES_AMBIGUOUS' && entries !== undefined) return new ReplayEntriesAmbiguous(entries);
  return new ReplayConversionFailed(message);
};

interface Job {
  readonly upload: ReplayUpload;
  readonly resolve: (result: UploadConverted | Refused) => void;
  readonly reject: (error: Error) => void;
}

interface Child {
  readonly process: ChildProcess;
  ready: boolean;
  /** the end of its stderr, to tell a heap exhausted from another death */
  stderr: string;
}

/** Whether the child keeps the event loop alive: while it converts, not while it waits for work. */
const held = ({ process: child }: Child, hold: boolean): void => {
  for (const handle of [child, child.channel, child.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[]) (hold ? handle?.ref : handle?.unref)?.call(handle);
};

/**
 * Conversions out of the event loop and out of the heap: each upload converted in a child process whose heap is
 * limited (--max-old-space-size), killed past the time limit. At most `concurrency` run at once, the others queued in
 * order. A process that runs out of heap, crashes or is killed refuses its upload (ReplayOverLimit,
 * ReplayConversionFailed) and is replaced when next needed; one that answered is kept for the next upload. Idle
 * processes do not keep the caller's process alive. (A worker thread shares the process: V8 aborts the whole
 * process when a thread's heap fills faster than Node can stop it, which a crafted list does; docs/explanation/importing.md.)
 */
export class ReplayConversions implements ReplayConverter {
  private readonly idle: Child[] = [];
  private readonly running = new Set<Child>();
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(readonly limits: ConversionLimits = DEFAULT_CONVERSION_LIMITS) {}

  convert(upload: ReplayUpload): Promise<UploadConverted | Refused> {
    if (this.closed) return Promise.reject(new ReplayConversionFailed('the server is shutting down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ upload, resolve, reject });
      this.next();
    });
  }

  /** Ends every process; queued uploads are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ReplayConversionFailed('the server is shutting down'));
    const children = [...this.idle.splice(0), ...this.running];
    await Promise.all(
      children.map((child) => {
        const { process: proc } = child;
        if (proc.exitCode !== null || proc.signalCode !== null) return undefined;
        // held while it ends: an unreferenced process's exit would not keep the caller waiting for it
        held(child, true);
        return new Promise((done) => proc.once('exit', done).kill('SIGKILL'));
      }),
    );
  }

  private next(): void {
    while (this.queue.length > 0 && this.running.size < this.limits.concurrency) {
      const job = this.queue.shift()!;
      const child = this.idle.pop() ?? this.start();
      this.running.add(child);
      held(child, true);
      this.run(child, job);
    }
  }

  private start(): Child {
    const child: Child = { process: processOf(CHILD, [`--max-old-space-size=${Math.max(16, Math.floor(this.limits.memoryBytes / MIB))}`]), ready: false, stderr: '' };
    const { process: proc } = child;
    // background work: the kernel serves the server's own threads first when the cores are busy
    if (proc.pid !== undefined) {
      try {
        setPriority(proc.pid, NICENESS);
      } catch {
        // not allowed here: it runs at the server's priority
      }
    }
    proc.stderr?.setEncoding('utf8').on('data', (text: string) => (child.stderr = (child.stderr + text).slice(-4096)));
    // a death is answered by the job it ran (run); an idle process is only dropped
    proc.on('error', () => undefined);
    proc.on('message', (message: ChildReady | ConvertAnswer) => {
      if (message.kind === 'ready') child.ready = true;
    });
    proc.on('exit', () => {
      const at = this.idle.indexOf(child);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return child;
  }

  private run(child: Child, job: Job): void {
    const { process: proc } = child;
    let settled = false;
    const settle = (answer: () => void, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      proc.off('message', onMessage);
      proc.off('error', onError);
      proc.off('exit', onExit);
      this.running.delete(child);
      held(child, false);
      if (keep && !this.closed && proc.connected) this.idle.push(child);
      else proc.kill('SIGKILL');
      answer();
      this.next();
    };
    const onMessage = (message: ChildReady | ConvertAnswer) => {
      if (message.kind !== 'ready') return answered(message);
      clearTimeout(timer);
      timer = setTimeout(overTime, this.limits.timeMs);
    };
    const answered = (message: ConvertAnswer) => settle(() => (message.kind === 'done' ? job.resolve(message.result) : job.reject(thrownOf(message))), true);
    const onError = (error: Error) => settle(() => job.reject(new ReplayConversionFailed(error.message || String(error))), false);
    const onExit = (code: number | null, signal: string | null) =>
      // stderr may still be flushing: give it a turn of the loop
      setImmediate(() =>
        settle(
          () =>
            job.reject(
              this.closed
                ? new ReplayConversionFailed('the server is shutting down')
                : OUT_OF_HEAP.test(child.stderr)
                  ? new ReplayOverLimit('memory', this.limits.memoryBytes)
                  : new ReplayConversionFailed(`its process exited (${signal ?? `code ${code}`})`),
            ),
          false,
        ),
      );
    const overTime = () => settle(() => job.reject(new ReplayOverLimit('time', this.limits.timeMs)), false);
    // the limit counts from when the process has loaded its code (a new one first loads it, within STARTUP_MS)
    let timer = setTimeout(overTime, this.limits.timeMs + (child.ready ? 0 : STARTUP_MS));
    proc.on('message', onMessage);
    proc.on('error', onError);
    proc.on('exit', onExit);
    proc.send({ upload: job.upload } satisfies ConvertRequest, (error) => {
      if (error) settle(() => job.reject(new ReplayConversionFailed(error.message)), false);
    });
  }
}
