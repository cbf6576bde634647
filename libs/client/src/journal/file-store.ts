import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { Journal, JournalStore } from './journal';
import { AppendLimits, JournalFormatError } from './journal-lines';

/**
 * A journal kept in a JSON Lines file: each line appended and fsynced before the call returns. While a line
 * is appended, `<file>.appending` holds it: a last line cut short by a crash is cut off only when it is the
 * start of that line (the journal's own, never sent: a line is on disk before its batch is sent). Any other
 * last line that is not JSON (one written by hand) stays as it is, and reading the journal names it.
 */
export const fileStore = (path: string): JournalStore => ({
  read: async () => {
    const text = await textOf(path);
    const unfinished = await unfinishedOf(path, text);
    return unfinished === undefined ? text : text.slice(0, text.length - unfinished.length);
  },
  appendLine: async (line) => {
    const file = await open(path, 'a+');
    try {
      const text = await file.readFile('utf8');
      let before = '';
      if (text !== '' && !text.endsWith('\n')) {
        const unfinished = await unfinishedOf(path, text);
        if (unfinished !== undefined) await file.truncate(Buffer.byteLength(text.slice(0, text.length - unfinished.length)));
        else if (isJson(lastLineOf(text))) before = '\n';
        else throw new JournalFormatError(text.split('\n').length, 'is not JSON, and the journal did not write it: fix or remove it by hand');
      }
      await writeFile(markerOf(path), line, 'utf8');
      await file.appendFile(`${before}${line}\n`, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rm(markerOf(path), { force: true });
  },
});

/**
 * Cuts off the unfinished last line the journal was appending when its process stopped, and returns it
 * (undefined when there is none): that batch was never sent, and is not on the server.
 */
export const dropUnfinishedLine = async (path: string): Promise<string | undefined> => {
  const text = await textOf(path);
  const unfinished = await unfinishedOf(path, text);
  if (unfinished === undefined) return undefined;
  const file = await open(path, 'r+');
  try {
    await file.truncate(Buffer.byteLength(text.slice(0, text.length - unfinished.length)));
    await file.sync();
  } finally {
    await file.close();
  }
  return unfinished;
};

const markerOf = (path: string): string => `${path}.appending`;

const textOf = (path: string): Promise<string> => readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));

const lastLineOf = (text: string): string => text.slice(text.lastIndexOf('\n') + 1);

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The last line, when it has no newline, is not JSON, and is the start of the line the journal was appending. */
const unfinishedOf = async (path: string, text: string): Promise<string | undefined> => {
  if (text === '' || text.endsWith('\n')) return undefined;
  const last = lastLineOf(text);
  if (isJson(last)) return undefined;
  const appending = await textOf(markerOf(path));
  return appending !== '' && appending.startsWith(last) ? last : undefined;
};

/** `journal(file)`: a Journal in a JSON Lines file a person can read when something goes wrong. */
export const journal = (path: string, newId?: () => string, limits?: AppendLimits): Journal => new Journal(fileStore(path), newId, limits);
