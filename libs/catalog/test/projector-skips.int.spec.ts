import { CatalogProjector, StatsProjector, checkpointOf, findMatch } from '@matchlog/catalog';
import { LogConsumer } from '@matchlog/store';
import { catalogPlaces } from './support/catalog-places';
import { inAPlace } from './support/in-a-place';

const meta = { recordedBy: 'test', recordedAt: '2026-11-26T10:00:00.000Z' };
const created = (matchId: string, data: unknown = { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] }) => ({
  id: `${matchId}-created`,
  type: 'MatchCreated',
  data,
  meta,
});
const ended = (matchId: string) => ({ id: `${matchId}-ended`, type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' }, meta });

describe.each(catalogPlaces)('the projector and an event a projection cannot apply, on %s', (_, placeIn) => {
  const at = inAPlace(placeIn);

  it('the statistics skip a match whose log does not fold and report it, with their name, as the catalog does', async () => {
    const { store, place } = at;
    // written past the domain's validation: no players to read
    await store.append('broken', 0, [created('broken', { game: 'lorcana', players: null, cards: [] }), ended('broken')]);
    const db = await place.open();
    const logged: string[] = [];
    const catalog = new CatalogProjector(db, store, () => undefined);
    const stats = new StatsProjector(db, store, () => undefined);
    const consumer = new LogConsumer(store, { processors: [catalog, stats], log: (line) => logged.push(line) });
    await catalog.start();
    await stats.start();
    expect(await stats.reached(2, 10_000)).toBe(true);
    expect(consumer.skipped.filter((skipped) => skipped.processor === 'stats')).toEqual([
      { processor: 'stats', position: 2, streamId: 'broken', revision: 2, type: 'MatchEnded', error: 'TypeError' },
    ]);
    expect(logged).toContainEqual(expect.stringContaining('stats could not apply event 2 (MatchEnded of broken), skipped'));
    expect(stats.lag()).toEqual({ position: 2, behind: 0 });
    await stats.stop();
    await catalog.stop();
    await db.destroy();
  });

  it('a rebuild skips such an event too, in its one transaction, and keeps every event around it', async () => {
    const { store, place } = at;
    await store.append('before', 0, [created('before')]);
    await store.append('broken', 0, [created('broken', null)]);
    await store.append('after', 0, [created('after')]);
    const db = await place.open();
    const logged: string[] = [];
    expect(
      await new CatalogProjector(
        db,
        store,
        () => undefined,
        undefined,
        (line) => logged.push(line),
      ).rebuild(),
    ).toBe(3);
    expect(await checkpointOf(db)).toBe(3);
    for (const id of ['before', 'after']) expect(await findMatch(db, id)).toMatchObject({ game: 'lorcana', eventCount: 1 });
    expect(await findMatch(db, 'broken')).toBeNull();
    expect(logged).toEqual([expect.stringContaining('catalog could not apply event 2 (MatchCreated of broken), skipped')]);
    await db.destroy();
  });
});
