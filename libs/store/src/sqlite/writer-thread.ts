import Database from 'better-sqlite3';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { StreamAppends } from './append-to-stream';
import { PAGE_CACHE_KIB } from './tables';
import type { AppendMessage, ErrorReport, FromWriter, ToWriter, WriterSetup } from './writer-protocol';

/*
 * The SQLite store's writer thread (a worker_threads Worker, started by writer.ts): it owns the write
 * connection, so the fsync of each commit holds this thread, never the event loop. Every append
 * waiting for it when it is free goes into one transaction (group commit); it answers once the
 * transaction is committed.
 */

const port = parentPort!;
const post = (message: FromWriter): void => port.postMessage(message);

const reportOf = (error: unknown): ErrorReport => {
  const { name, message, code } = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : String(error), code: typeof code === 'string' ? code : undefined };
};

/** The file the main thread has opened (and locked for this process, made WAL, given its tables), opened again for writing. */
const open = ({ file }: WriterSetup): { db: Database.Database; appends: StreamAppends } | undefined => {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 5000 });
    const mode = db.pragma('journal_mode', { simple: true });
    if (mode !== 'wal') throw new Error(`the database is not in WAL mode (journal_mode is ${String(mode)})`);
    db.pragma('synchronous = FULL');
    // checkpoint every ~40 MB of WAL rather than every 4 MB: a page rewritten by many commits is copied back once
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    return { db, appends: new StreamAppends(db) };
  } catch (error) {
    db?.close();
    post({ kind: 'unopenable', error: reportOf(error) });
    port.close();
    return undefined;
  }
};

/** Writes the appends in one transaction, and tells the main thread how each went once it is on disk. */
const write = (appends: StreamAppends, group: AppendMessage[]): void => {
  if (group.length === 0) return;
  const requests = group.map((append) => append.request);
  try {
    post({ kind: 'committed', requests, outcomes: appends.write(group) });
  } catch (error) {
    // the commit failed: nothing of the group was written
    post({ kind: 'failed', requests, error: reportOf(error) });
  }
};

const answer = (request: number, run: () => unknown): void => {
  try {
    post({ kind: 'answer', request, value: run() });
  } catch (error) {
    post({ kind: 'answer', request, error: reportOf(error) });
  }
};

const SAVE_SNAPSHOT = 'INSERT INTO stream_snapshots (key, data) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET data = excluded.data';

const opened = open(workerData as WriterSetup);
if (opened) {
  const { db, appends } = opened;
  const saveSnapshot = db.prepare<[string, string]>(SAVE_SNAPSHOT);
  post({ kind: 'ready' });
  port.on('message', (first: ToWriter) => {
    // every append already waiting goes into this transaction, up to a message of another kind
    const group: AppendMessage[] = [];
    for (let message: ToWriter | undefined = first; message !== undefined; message = receiveMessageOnPort(port)?.message as ToWriter | undefined) {
      if (message.kind === 'append') {
        group.push(message);
        continue;
      }
      write(appends, group.splice(0));
      if (message.kind === 'pragma') answer(message.request, () => db.pragma(message.pragma, { simple: true }));
      else if (message.kind === 'snapshot') answer(message.request, () => void saveSnapshot.run(message.key, message.data));
      else {
        db.close();
        port.close();
        return;
      }
    }
    write(appends, group);
  });
}
