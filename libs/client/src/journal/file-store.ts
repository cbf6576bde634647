import { open, readFile } from 'node:fs/promises';
import { Journal, JournalStore } from './journal';

/** A journal kept in a JSON Lines file: each line appended and fsynced before the call returns. */
export const fileStore = (path: string): JournalStore => ({
  read: () => readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error))),
  appendLine: async (line) => {
    const file = await open(path, 'a');
    try {
      await file.appendFile(`${line}\n`, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
  },
});

/** `journal(file)`: a Journal in a JSON Lines file a person can read when something goes wrong. */
export const journal = (path: string, newId?: () => string): Journal => new Journal(fileStore(path), newId);
