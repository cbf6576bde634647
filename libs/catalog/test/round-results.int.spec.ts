import { gamesOfSameTable, migrate, roundResults } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { Migrator } from 'kysely';
import { tmpdir } from 'os';
import { join } from 'path';
import { migrations } from '../../../migrations';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';
import { projectorOn } from './support/projector-on';

const meta = { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' };
let ids = 0;
const withIds = <T extends object>(events: T[]) => events.map((event) => ({ id: `e${++ids}`, ...event }));
const created = (table: number | undefined, game: number | undefined, players = ['p1', 'p2'], extra: object = {}) => ({
  type: 'MatchCreated',
  data: { game: 'lorcana', players: players.map((id) => ({ id, name: id.toUpperCase() })), cards: [], tournament: { event: 'Cup', round: 2, table, game, ...extra } },
  meta,
});
const ended = (data: object) => ({ type: 'MatchEnded', data: { reason: 'lore', ...data }, meta });
const timeCalled = { type: 'TimeCalled', data: {}, meta };

describe.each(catalogPlaces)('round results in the catalog on %s', (_, placeIn) => {
  let dir: string;
  let store: EventStore;
  let place: CatalogPlace;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-rounds-'));
    store = new InMemoryEventStore();
    place = await placeIn(dir);
  });
  afterEach(async () => {
    await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const record = async () => {
    await store.append('a2', 0, withIds([created(4, 2, ['p1', 'p2'], { bestOf: 3, format: 'constructed' }), timeCalled, ended({ draw: true })]));
    await store.append('a1', 0, withIds([created(4, 1, ['p1', 'p2'], { bestOf: 3, format: 'constructed' }), ended({ winner: 'p2' })]));
    await store.append('b1', 0, withIds([created(1, 1, ['p3', 'p4'], { bestOf: 1, singleElimination: true })]));
    // the same table number with other players: kept apart
    await store.append('c1', 0, withIds([created(4, 1, ['p5', 'p6']), { type: 'MatchVoided', data: { reason: 'recorded at the wrong table' }, meta }]));
    await store.append('other-round', 0, withIds([{ ...created(4, 1), data: { ...created(4, 1).data, tournament: { event: 'Cup', round: 3, table: 4 } } }]));
    return (await store.readAll(0, 100)).length;
  };

  it('groups the games of a round by table and players, with each game number, bestOf, format, winner, draw, time called and whether it is void', async () => {
    const last = await record();
    const db = await place.open();
    const projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(last, 30_000);
    const tables = await roundResults(db, 'Cup', 2);
    expect(tables.map((t) => [t.table, t.players.map((p) => p.id), t.games.map((g) => g.matchId)])).toEqual([
      [1, ['p3', 'p4'], ['b1']],
      [4, ['p1', 'p2'], ['a1', 'a2']],
      [4, ['p5', 'p6'], ['c1']],
    ]);
    expect(tables[1].players[0]).toEqual({ id: 'p1', name: 'P1' });
    expect(tables[1].games).toEqual([
      {
        matchId: 'a1',
        ruleset: 'lorcana',
        game: 1,
        bestOf: 3,
        format: 'constructed',
        ended: true,
        winner: 'p2',
        draw: false,
        timeCalled: false,
        singleElimination: false,
        voided: false,
      },
      {
        matchId: 'a2',
        ruleset: 'lorcana',
        game: 2,
        bestOf: 3,
        format: 'constructed',
        ended: true,
        winner: null,
        draw: true,
        timeCalled: true,
        singleElimination: false,
        voided: false,
      },
    ]);
    expect(tables[0].games[0]).toMatchObject({ bestOf: 1, format: null, ended: false, singleElimination: true });
    expect((await gamesOfSameTable(db, 'a2'))?.games.map((g) => g.matchId)).toEqual(['a1', 'a2']);
    expect((await gamesOfSameTable(db, 'c1'))?.games.map((g) => [g.matchId, g.voided])).toEqual([['c1', true]]);
    expect(await gamesOfSameTable(db, 'other-round')).toMatchObject({ table: 4 });
    expect(await gamesOfSameTable(db, 'nope')).toBeNull();
    expect(await roundResults(db, 'Cup', 9)).toEqual([]);
    await projector.stop();
    await db.destroy();
  });

  it('a catalog from before migration 007 is fed again once, so its matches get their game numbers', async () => {
    const last = await record();
    let db = await place.open();
    let projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(last, 30_000);
    await projector.stop();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('006_checkpoints')).error).toBeUndefined();
    expect(await migrate(db)).toContain('007_match_results');
    await db.destroy();
    db = await place.open();
    projector = projectorOn(db, store, undefined, undefined, () => {});
    await projector.start();
    await projector.caughtUpTo(last, 30_000);
    expect((await roundResults(db, 'Cup', 2))[1].games.map((g) => [g.game, g.draw, g.timeCalled])).toEqual([
      [1, false, false],
      [2, true, true],
    ]);
    await projector.stop();
    await db.destroy();
  });
});
