import { CatalogProjector, StatsProjector, cardTallyStats, deckSideStats, eventMatches, ownReadings } from '@matchlog/catalog';
import { EventOf, MatchEvent, PUBLIC } from '@matchlog/domain';
import { convertTcgOnlineReplay, importedEvents } from '@matchlog/matches';
import { cardTable, cardTableOf, deckTable, deckTableOf, factsOf, readingOf } from '@matchlog/stats';
import { EventStore, InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';

let ids = 0;
/** The four tcg.online samples as matches of one event, the first two with public deck lists. */
const samples = tcgOnlineSamples().map((sample, i) => {
  const converted = convertTcgOnlineReplay(sample.json);
  if (!converted.ok) throw new Error(sample.name);
  const stamp = (type: string, data: unknown) =>
    ({ id: `s${++ids}`, type, data, meta: { recordedBy: 'organizer', recordedAt: '2026-11-2' + (i + 1) + 'T10:00:00.000Z' } }) as MatchEvent;
  const created = { ...converted.created, tournament: { event: 'Stats Cup', round: 1, table: i + 1, format: 'core' }, ...(i < 2 && { publicDeckLists: true }) };
  return { matchId: `m${i + 1}`, events: [stamp('MatchCreated', created), ...importedEvents(converted).map((e) => stamp(e.type, e.data))] };
});

const stripped = (figures: object) => JSON.parse(JSON.stringify(figures));
/** The card table as the statistics reader makes it: the catalog's tallies, made figures by libs/stats. */
const cardStats = async (...query: Parameters<typeof cardTallyStats>) => cardTableOf(await cardTallyStats(...query));

describe.each(catalogPlaces)('the statistics projection on %s', (_, placeIn) => {
  let dir: string;
  let store: EventStore;
  let place: CatalogPlace;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-stats-'));
    store = new InMemoryEventStore();
    place = await placeIn(dir);
  });
  afterEach(async () => {
    await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async () => {
    const db = await place.open();
    const catalog = new CatalogProjector(db, store);
    const stats = new StatsProjector(db, store);
    new LogConsumer(store, { processors: [catalog, stats] });
    await catalog.start();
    await stats.start();
    return { db, catalog, stats };
  };

  it('kept by the log consumer: card, deck and own figures equal the pure folds of the same readings; a void takes a match out; a restart and a rebuild count nothing twice', async () => {
    for (const m of samples) await store.append(m.matchId, 0, m.events);
    let { db, catalog, stats } = await run();
    const head = await store.headPosition();
    expect(await stats.reached(head, 30_000)).toBe(true);
    expect(await catalog.reached(head, 30_000)).toBe(true);
    const publicReadings = samples.map((m) => readingOf(m.events, PUBLIC, factsOf('lorcana')));
    const expected = stripped(cardTable(publicReadings));
    // every row with its turn-first-played histogram, as the pure fold has it (averageFirstTurn never beside an empty one)
    expect(stripped(await cardStats(db, { game: 'lorcana' }))).toEqual(expected);
    const card = expected[0];
    expect(stripped(await cardStats(db, { game: 'lorcana' }, card.card))).toEqual([card]);
    expect(stripped(deckTableOf(await deckSideStats(db, { game: 'lorcana' })))).toEqual(stripped(deckTable(publicReadings)));
    expect(await cardStats(db, { game: 'lorcana', event: 'Another Cup' })).toEqual([]);
    expect(await cardStats(db, { game: 'lorcana', since: '2026-11-30' })).toEqual([]);
    expect((await cardStats(db, { game: 'lorcana', since: '2026-11-24' })).reduce((sum, c) => sum + c.games, 0)).toBeGreaterThan(0);
    expect(await ownReadings(db, 'm1', 'p1')).toEqual([stripped(readingOf(samples[0].events, 'p1', factsOf('lorcana')))]);
    // the partial sample has not ended: its event's figures are held back
    expect((await eventMatches(db, 'Stats Cup')).map((m) => m.ended)).toEqual([true, true, false, true]);

    await stats.stop();
    await catalog.stop();
    await db.destroy();
    ({ db, catalog, stats } = await run());
    const voided = await store.append('m1', samples[0].events.length, [{ id: 'void-1', type: 'MatchVoided', data: { reason: 'wrong table' }, meta: samples[0].events[0].meta }]);
    expect(await stats.reached(voided.position, 30_000)).toBe(true);
    const withoutM1 = stripped(cardTable(publicReadings.slice(1)));
    expect(stripped(await cardStats(db, { game: 'lorcana' }, withoutM1[0].card))).toEqual([withoutM1[0]]);
    expect((await cardStats(db, { game: 'lorcana' })).map((c) => c.card)).toEqual(withoutM1.map((c: { card: string }) => c.card));
    // the void keeps the match's public reading and sides (marked), so that a reader the delay still hides the void from gets them back
    const voidHeld = async () => {
      expect(stripped(deckTableOf(await deckSideStats(db, { game: 'lorcana' })))).toEqual(stripped(deckTable(publicReadings.slice(1))));
      expect(await ownReadings(db, 'm1', 'p1')).toEqual([]);
      const held = { ends: new Set<string>(), voids: new Set(['m1']) };
      const noTurns = stripped;
      expect(noTurns(await cardStats(db, { game: 'lorcana' }, undefined, held))).toEqual(noTurns(expected));
      expect(stripped(await cardStats(db, { game: 'lorcana' }, card.card, held))).toEqual([card]);
      expect(stripped(deckTableOf(await deckSideStats(db, { game: 'lorcana' }, held)))).toEqual(stripped(deckTable(publicReadings)));
      // a match whose end is held back as well counts in neither way
      const both = { ends: new Set(['m1']), voids: new Set<string>() };
      expect(noTurns(await cardStats(db, { game: 'lorcana' }, undefined, both))).toEqual(noTurns(withoutM1));
    };
    await voidHeld();

    expect(await stats.rebuild()).toBe(voided.position);
    expect((await cardStats(db, { game: 'lorcana' })).map((c) => [c.card, c.games, c.playedWinRate.wins])).toEqual(
      withoutM1.map((c: { card: string; games: number; playedWinRate: { wins: number } }) => [c.card, c.games, c.playedWinRate.wins]),
    );
    await voidHeld();
    await catalog.stop();
    await db.destroy();
  });

  it('holds at most its bound of delivered events while behind: past it, reads the log again, and counts every match once', async () => {
    const db = await place.open();
    const catalog = new CatalogProjector(db, store);
    const reads: number[] = [];
    const counted: EventStore = Object.assign(Object.create(store), {
      readAll: (after: number, limit: number) => (reads.push(after), store.readAll(after, limit)),
    });
    const stats = new StatsProjector(db, counted, undefined, 3);
    new LogConsumer(store, { processors: [catalog, stats] });
    await catalog.start();
    await stats.start();
    const startReads = reads.length;
    for (const m of samples) await store.append(m.matchId, 0, m.events);
    expect(stats.lag().behind).toBeGreaterThan(0);
    expect(await stats.reached(await store.headPosition(), 30_000)).toBe(true);
    // the matches' events went past the bound of 3: they were read again from the log, not held
    expect(reads.length).toBeGreaterThan(startReads);
    expect(stats.lag()).toEqual({ position: await store.headPosition(), behind: 0 });
    const publicReadings = samples.map((m) => readingOf(m.events, PUBLIC, factsOf('lorcana')));
    expect((await cardStats(db, { game: 'lorcana' })).map((c) => [c.card, c.games, c.copiesPlayed])).toEqual(
      stripped(cardTable(publicReadings)).map((c: { card: string; games: number; copiesPlayed: number }) => [c.card, c.games, c.copiesPlayed]),
    );
    await stats.stop();
    await catalog.stop();
    await db.destroy();
  });

  it('reads no statistic from a match that has not ended', async () => {
    const partial = samples[2];
    const created = partial.events[0] as EventOf<'MatchCreated'>;
    await store.append('live', 0, [created, ...partial.events.slice(1, 40)]);
    const { db, catalog, stats } = await run();
    expect(await stats.reached(await store.headPosition(), 30_000)).toBe(true);
    expect(await cardStats(db, { game: 'lorcana' })).toEqual([]);
    await catalog.stop();
    await stats.stop();
    await db.destroy();
  });
});

describe('the statistics projection when the store fails a read', () => {
  it('retries with backoff and catches up; the catalog is not held back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-stats-fail-'));
    const store = new InMemoryEventStore();
    await store.append(samples[0].matchId, 0, samples[0].events);
    let failures = 1;
    const flaky = new Proxy(store, {
      get: (target, name, receiver) =>
        name === 'readStream'
          ? (...args: Parameters<EventStore['readStream']>) => (failures-- > 0 ? Promise.reject(new Error('the store is away')) : target.readStream(...args))
          : Reflect.get(target, name, receiver),
    });
    const db = await (await catalogPlaces[0][1](dir)).open();
    const errors: unknown[] = [];
    const catalog = new CatalogProjector(db, store);
    const stats = new StatsProjector(db, flaky, (error) => errors.push(error));
    new LogConsumer(store, { processors: [catalog, stats] });
    await catalog.start();
    await stats.start();
    expect(await catalog.reached(await store.headPosition(), 30_000)).toBe(true);
    expect(await stats.reached(await store.headPosition(), 30_000)).toBe(true);
    expect(errors).toHaveLength(1);
    expect((await cardStats(db, { game: 'lorcana' })).length).toBeGreaterThan(0);
    await stats.stop();
    await catalog.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
});
