import { DeadlineExceededError, EventStoreDBClient, UnavailableError } from '@eventstore/db-client';
import { StorageCorrupt, StorageFull, StorageUnopenable, StoreUnavailable, storageErrorOf, unopenableOf } from '@matchlog/store';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb-event-store';

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

describe('EventStoreDbEventStore when the server cannot be reached', () => {
  /** A client whose every call fails as @eventstore/db-client fails with no server behind it. */
  const unreachable = (error: Error) => {
    const failing = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
    });
    const subscribeToAll = () => ({ ...failing(), unsubscribe: async () => undefined });
    return { appendToStream: () => Promise.reject(error), readStream: failing, readAll: failing, subscribeToAll, dispose: async () => undefined } as unknown as EventStoreDBClient;
  };

  it.each([
    ['unavailable', new UnavailableError(undefined, 'UNAVAILABLE: No connection established')],
    ['deadline exceeded', new DeadlineExceededError(undefined, 'DEADLINE_EXCEEDED')],
  ])('maps %s to StoreUnavailable on every call, the end of a subscription included', async (_, error) => {
    const store = new EventStoreDbEventStore(unreachable(error));
    const calls = [store.append('m1', 0, [{ id: 'e1', type: 'T', data: {} }]), store.readStream('m1'), store.revisionOf('m1'), store.readAll(0, 10)];
    for (const call of calls) await expect(call).rejects.toMatchObject({ constructor: StoreUnavailable, code: 'STORE_UNAVAILABLE', retryAfterSeconds: 5 });
    const subscriptionFailure = await new Promise((resolve) => store.subscribeAll(0, () => undefined, resolve));
    expect(subscriptionFailure).toBeInstanceOf(StoreUnavailable);
    await store.close();
  });

  it('leaves other errors alone', async () => {
    const store = new EventStoreDbEventStore(unreachable(new Error('something else')));
    await expect(store.revisionOf('m1')).rejects.toThrow('something else');
    await store.close();
  });
});
