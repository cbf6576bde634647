import { checkpointOf, findMatch, openCatalog } from '@matchlog/catalog';
import { EventStore, openSqliteEventStore } from '@matchlog/store';
import { tokenStreamOf } from '@matchlog/tokens';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { projectorOn } from './support/projector-on';

const created = (matchId: string, data: unknown = { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] }) => ({
  id: `${matchId}-created`,
  type: 'MatchCreated',
  data,
  meta: { recordedBy: 'test', recordedAt: '2026-11-26T10:00:00.000Z' },
});

describe('the catalog and an event it cannot apply', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-poison-'));
    store = openSqliteEventStore(dir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips it, records it for readiness, and applies every event after it, in the same batch and later', async () => {
    await store.append('before', 0, [created('before')]);
    // written past the domain's validation (an old import, a bug): the projection breaks on its data
    await store.append('broken', 0, [created('broken', null)]);
    await store.append('after', 0, [created('after')]);
    const db = await openCatalog(dir);
    const logged: string[] = [];
    const projector = projectorOn(
      db,
      store,
      () => undefined,
      { firstMs: 10, maxMs: 50 },
      (line) => logged.push(line),
    );
    await projector.start();
    await projector.caughtUpTo(3, 10_000);
    await store.append('later', 0, [created('later')]);
    await projector.caughtUpTo(4, 10_000);

    expect(await checkpointOf(db)).toBe(4);
    for (const id of ['before', 'after', 'later']) expect(await findMatch(db, id)).toMatchObject({ game: 'lorcana' });
    expect(await findMatch(db, 'broken')).toBeNull();
    expect(projector.consumer.skipped).toEqual([{ processor: 'catalog', position: 2, streamId: 'broken', revision: 1, type: 'MatchCreated', error: 'TypeError' }]);
    expect(projector.lag()).toEqual({ position: 4, behind: 0 });
    expect(logged).toEqual([expect.stringContaining('catalog could not apply event 2 (MatchCreated of broken), skipped')]);
    await projector.stop();
    await db.destroy();
  });

  it("never skips an event of a match's token stream, which a revocation may be: it is retried, and the catalog reports itself behind", async () => {
    await store.append('m', 0, [created('m')]);
    const db = await openCatalog(dir);
    const failures: unknown[] = [];
    const projector = projectorOn(
      db,
      store,
      (error) => failures.push(error),
      { firstMs: 10, maxMs: 20 },
      () => undefined,
    );
    await projector.start();
    // the match in the catalog first, so the batch that fails holds the token event alone
    expect(await projector.reached(1, 2000)).toBe(true);
    await store.append(tokenStreamOf('m'), 0, [{ id: 'revoked-badly', type: 'TokensRevoked', data: null }]);
    await projector.caughtUpTo(2, 300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(failures.length).toBeGreaterThan(1);
    expect(projector.consumer.skipped).toEqual([]);
    expect(await checkpointOf(db)).toBe(1);
    expect(projector.lag()).toMatchObject({ position: 1, behind: 1, failure: expect.any(String) });
    await projector.stop();
    await db.destroy();
  });
});
