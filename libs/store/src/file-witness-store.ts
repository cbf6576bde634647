import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
/** The latest checkpoint a witness cosigned for an origin: its size, root (standard base64) and signed note. */
export interface WitnessRecord {
  readonly size: number;
  readonly root: string;
  readonly checkpoint: string;
}

interface StoredState extends WitnessRecord {
  readonly origin: string;
}

const LOCK_FILE = 'witness.lock';

const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A witness store in a directory: one JSON file per origin (named by the origin's SHA-256), replaced by an fsynced
 * write and a rename. One process holds the directory (witness.lock, with its pid; a dead holder's lock is taken
 * over), and within it every check-and-store runs one at a time, so a compare-and-set is atomic.
 */
export class FileWitnessStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly dir: string) {}

  static open(dir: string): FileWitnessStore {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = join(dir, LOCK_FILE);
    if (existsSync(lock)) {
      const holder = Number(readFileSync(lock, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && pidAlive(holder))
        throw new Error(`the witness state in ${dir} is held by process ${holder}: stop that witness first (or give this one another directory)`);
      rmSync(lock, { force: true });
    }
    const fd = openSync(lock, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return new FileWitnessStore(dir);
  }

  /** Lets another witness open the directory. */
  close(): void {
    rmSync(join(this.dir, LOCK_FILE), { force: true });
  }

  private fileOf(origin: string): string {
    return join(this.dir, `${createHash('sha256').update(origin, 'utf8').digest('hex')}.json`);
  }

  private read(origin: string): WitnessRecord | undefined {
    const file = this.fileOf(origin);
    if (!existsSync(file)) return undefined;
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredState;
    if (stored.origin !== origin || typeof stored.root !== 'string' || !Number.isSafeInteger(stored.size) || typeof stored.checkpoint !== 'string')
      throw new Error(`${file} is not the witness state of ${origin}: restore it from a backup`);
    return { size: stored.size, root: stored.root, checkpoint: stored.checkpoint };
  }

  private serially<T>(work: () => T): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  held(origin: string): Promise<WitnessRecord | undefined> {
    return this.serially(() => this.read(origin));
  }

  compareAndSet(origin: string, expected: WitnessRecord | undefined, next: WitnessRecord): Promise<boolean> {
    return this.serially(() => {
      const current = this.read(origin);
      const same = current === undefined || expected === undefined ? current === expected : current.size === expected.size && current.root === expected.root;
      if (!same) return false;
      const file = this.fileOf(origin);
      const stored: StoredState = { origin, size: next.size, root: next.root, checkpoint: next.checkpoint };
      const fd = openSync(`${file}.tmp`, 'w', 0o600);
      writeFileSync(fd, JSON.stringify(stored));
      fsyncSync(fd);
      closeSync(fd);
      renameSync(`${file}.tmp`, file);
      return true;
    });
  }
}
