import { FileHandle, open, readFile } from 'node:fs/promises';
import { Journal, JournalStore } from './journal';

/** A journal kept in a JSON Lines file: each line appended and fsynced before the call returns. */
export const fileStore = (path: string): JournalStore => ({
  read: () => readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error))),
  appendLine: async (line) => {
    const file = await open(path, 'a+');
    try {
      await file.appendFile(`${await endOfLast(file)}${line}\n`, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
  },
});

/**
 * What must come before the next line: nothing after a whole line; a newline after a last line written by hand
 * without one; and a line cut short by a crash is cut off (it was never sent: a line is on disk before its batch is sent).
 */
const endOfLast = async (file: FileHandle): Promise<string> => {
  const text = await file.readFile('utf8');
  if (text === '' || text.endsWith('\n')) return '';
  const start = text.lastIndexOf('\n') + 1;
  try {
    JSON.parse(text.slice(start));
    return '\n';
  } catch {
    await file.truncate(Buffer.byteLength(text.slice(0, start)));
    return '';
  }
};

/** `journal(file)`: a Journal in a JSON Lines file a person can read when something goes wrong. */
export const journal = (path: string, newId?: () => string): Journal => new Journal(fileStore(path), newId);
