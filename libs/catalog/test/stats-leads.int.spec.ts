import { CatalogProjector, StatsProjector, leadSideStats } from '@matchlog/catalog';
import { MatchEvent, PUBLIC, StartingCard } from '@matchlog/domain';
import { leadSides, readingOf } from '@matchlog/stats';
import { InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { at, event } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { catalogPlaces } from './support/catalog-places';

/** A Four Souls table: each character in play with a secret loot card in hand; `winner` wins. */
const table = (characters: readonly string[], winner: number): MatchEvent[] => {
  const players = characters.map((_, i) => `p${i + 1}`);
  const cards: StartingCard[] = players.flatMap((p, i) => [
    { cardId: `${p}-c`, owner: p, zone: at('play', p), definition: characters[i], printed: { type: 'Character' } },
    { cardId: `${p}-l`, owner: p, zone: at('hand', p), definition: `Loot ${p}` },
  ]);
  return [
    event('MatchCreated', { game: 'four-souls', players: players.map((id) => ({ id })), cards }),
    event('TurnStarted', { player: 'p1', turn: 1 }),
    event('MatchEnded', { winner: players[winner], reason: 'four souls' }),
  ];
};

describe.each(catalogPlaces)('the lead sides the projection keeps, on %s', (_, placeIn) => {
  it('equal the pure fold of the public readings; a void takes a match out, and one held back puts it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-leads-'));
    const store = new InMemoryEventStore();
    const place = await placeIn(dir);
    try {
      const matches = { m1: table(['Isaac', 'Cain', 'Judas'], 2), m2: table(['Isaac', 'Maggy', 'Cain', 'Eve'], 0) };
      for (const [id, events] of Object.entries(matches)) await store.append(id, 0, events);
      const db = await place.open();
      const catalog = new CatalogProjector(db, store);
      const stats = new StatsProjector(db, store);
      new LogConsumer(store, { processors: [catalog, stats] });
      await catalog.start();
      await stats.start();
      expect(await stats.reached(await store.headPosition(), 30_000)).toBe(true);
      const pure = (events: MatchEvent[][]) => leadSides(events.map((e) => readingOf(e, PUBLIC)));
      expect(await leadSideStats(db, { game: 'four-souls' })).toEqual(pure([matches.m1, matches.m2]));
      expect(await leadSideStats(db, { game: 'grand-archive' })).toEqual([]);
      const voided = await store.append('m1', matches.m1.length, [event('MatchVoided', { reason: 'wrong table' })]);
      expect(await stats.reached(voided.position, 30_000)).toBe(true);
      expect(await leadSideStats(db, { game: 'four-souls' })).toEqual(pure([matches.m2]));
      expect(await leadSideStats(db, { game: 'four-souls' }, { ends: new Set(), voids: new Set(['m1']) })).toEqual(pure([matches.m1, matches.m2]));
      expect(await leadSideStats(db, { game: 'four-souls' }, { ends: new Set(['m2']), voids: new Set() })).toEqual([]);
      await stats.stop();
      await catalog.stop();
      await db.destroy();
    } finally {
      await store.close();
      await place.remove();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
