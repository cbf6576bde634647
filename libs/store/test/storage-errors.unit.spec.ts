import { StorageCorrupt, StorageFull, StorageUnopenable, storageErrorOf, unopenableOf } from '@matchlog/store';

const sqliteError = (code: string, message = 'sqlite says no') => Object.assign(new Error(message), { code });

describe('storage errors', () => {
  it('SQLite errors become the storage errors they mean, naming the file; others stay as they are', () => {
    expect(storageErrorOf(sqliteError('SQLITE_FULL'), '/d/events.sqlite')).toEqual(new StorageFull('/d/events.sqlite'));
    expect(storageErrorOf(sqliteError('SQLITE_CORRUPT_INDEX', 'bad index'), '/d/e')).toMatchObject({ constructor: StorageCorrupt, file: '/d/e', detail: 'bad index' });
    expect(storageErrorOf(sqliteError('SQLITE_NOTADB'), '/d/e')).toBeInstanceOf(StorageCorrupt);
    const busy = sqliteError('SQLITE_BUSY');
    expect(storageErrorOf(busy, '/d/e')).toBe(busy);
    expect(new StorageFull('/d/e').message).not.toContain('/d/e'); // callers are told what to do, never where the files are
  });

  it('a read-only or forbidden path is explained with what to do', () => {
    for (const [code, why] of [
      ['SQLITE_READONLY_DIRECTORY', 'it is read-only for this user'],
      ['EROFS', 'the file system is read-only'],
      ['EACCES', 'permission denied'],
    ]) {
      const error = unopenableOf(sqliteError(code), '/srv/data/events.sqlite') as StorageUnopenable;
      expect(error).toBeInstanceOf(StorageUnopenable);
      expect(error.report).toBe(`cannot open /srv/data/events.sqlite: ${why}. ${error.whatToDo}`);
      expect(error.whatToDo).toContain('MATCHLOG_DATA_DIR');
    }
  });
});
