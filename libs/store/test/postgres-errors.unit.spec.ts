import { StorageCorrupt, StorageFull, StoreUnavailable } from '@matchlog/store';
import { describeDatabase, postgresErrorOf } from '@matchlog/store';

const pgError = (code: string | undefined, message = 'postgres says no') => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('PostgreSQL errors as storage errors', () => {
  it('a server away, stopping, starting or out of connections is StoreUnavailable (503 with Retry-After)', () => {
    const away = [
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      pgError('08006'),
      pgError('57P01'),
      pgError('57P03'),
      pgError('53300'),
      pgError(undefined, 'Connection terminated unexpectedly'),
      pgError(undefined, 'timeout exceeded when trying to connect'),
    ];
    for (const error of away) expect(postgresErrorOf(error, 'db:5432/matchlog')).toBeInstanceOf(StoreUnavailable);
    expect((postgresErrorOf(pgError('57P01', 'terminating connection'), 'db:5432/matchlog') as StoreUnavailable).report).toContain('db:5432/matchlog');
  });

  it('a full disk is StorageFull, damaged data StorageCorrupt; anything else stays as it is', () => {
    expect(postgresErrorOf(pgError('53100'), 'db/m')).toBeInstanceOf(StorageFull);
    expect(postgresErrorOf(pgError('XX001', 'invalid page in block 7'), 'db/m')).toMatchObject({ constructor: StorageCorrupt, detail: 'invalid page in block 7' });
    const unique = pgError('23505');
    expect(postgresErrorOf(unique, 'db/m')).toBe(unique);
    const plain = new Error('a bug');
    expect(postgresErrorOf(plain, 'db/m')).toBe(plain);
  });

  it('names a database by host, port and name, never by its password', () => {
    expect(describeDatabase('postgres://matchlog:hunter2@db.internal:5433/matchlog?sslmode=require')).toBe('db.internal:5433/matchlog');
  });
});
