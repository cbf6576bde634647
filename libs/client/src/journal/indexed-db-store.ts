/// <reference lib="dom" />
import { Journal, JournalStore } from './journal';
import { AppendLimits } from './journal-lines';

const STORE = 'lines';

const request = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

const opened = (name: string, factory: IDBFactory): Promise<IDBDatabase> => {
  const r = factory.open(name, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(STORE, { autoIncrement: true });
  return request(r);
};

/** A journal in the browser's IndexedDB: one record per line, in the order written; a line counts once its transaction completed. */
export const indexedDbStore = (name: string, factory: IDBFactory = globalThis.indexedDB): JournalStore => {
  const db = opened(name, factory);
  return {
    read: async () => {
      const lines = await request((await db).transaction(STORE, 'readonly').objectStore(STORE).getAll());
      return (lines as string[]).map((line) => `${line}\n`).join('');
    },
    appendLine: async (line) => {
      const tx = (await db).transaction(STORE, 'readwrite', { durability: 'strict' });
      tx.objectStore(STORE).add(line);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    },
  };
};

/** `journal()` for a browser: the same Journal over IndexedDB. A line is one record, written whole or not at all: nothing is ever cut. */
export const browserJournal = (name: string, factory?: IDBFactory, limits?: AppendLimits): Journal => new Journal(indexedDbStore(name, factory), undefined, limits);
