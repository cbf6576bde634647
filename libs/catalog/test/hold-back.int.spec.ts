import { CatalogDb, HoldBack, findMatch, listMatches, roundResults } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';
import { projectorOn } from './support/projector-on';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const HOUR = 3600_000;
const at = (ms: number) => ({ recordedBy: 'test', recordedAt: new Date(ms).toISOString() });
const iso = (ms: number) => new Date(ms).toISOString();
let ids = 0;
const withIds = <T extends object>(events: T[]) => events.map((event) => ({ id: `hb${++ids}`, ...event }));
const created = (game: number, when: number, delay: object = { seconds: 3600 }) => ({
  type: 'MatchCreated',
  data: {
    game: 'lorcana',
    players: [{ id: 'p1' }, { id: 'p2' }],
    cards: [],
    tournament: { event: 'Cup', round: 1, table: game > 9 ? 2 : 1, game: game % 10 },
    broadcastDelay: delay,
  },
  meta: at(when),
});
const won = (when: number) => ({ type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' }, meta: at(when) });

describe.each(catalogPlaces)('the catalog as of each match delay on %s', (_, placeIn) => {
  let dir: string;
  let store: EventStore;
  let place: CatalogPlace;
  let db: CatalogDb;
  let projector: ReturnType<typeof projectorOn>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-hold-back-'));
    store = new InMemoryEventStore();
    place = await placeIn(dir);
    // game 1 an hour behind, ended two hours in; game 2 begun then; an opted-out game, ended at once; one held back by 2 events
    await store.append('g1', 0, withIds([created(1, T0), won(T0 + 2 * HOUR)]));
    await store.append('g2', 0, withIds([created(2, T0 + 2 * HOUR)]));
    await store.append('out', 0, withIds([created(11, T0, { seconds: 3600, holdBackPublic: false }), won(T0 + 1000)]));
    await store.append(
      'ev',
      0,
      withIds([{ ...created(12, T0, { events: 2 }), data: { ...created(12, T0).data, tournament: { event: 'Cup', round: 2 }, broadcastDelay: { events: 2 } } }, won(T0)]),
    );
    db = await place.open();
    projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo((await store.readAll(0, 100)).length, 30_000);
  });
  afterAll(async () => {
    await projector.stop();
    await db.destroy();
    await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (holdBack: HoldBack | undefined, status?: 'live' | 'ended') =>
    (await listMatches(db, { event: 'Cup', ...(status && { status }) }, 10, undefined, holdBack)).matches.map((m) => [m.matchId, m.status, m.winner, m.revision]);

  it('two hours in, a reader held back sees game 1 live at its first revision, no game 2, the opted-out game at its head; the organizer sees every head', async () => {
    const now = { now: iso(T0 + 2 * HOUR + 60_000) };
    expect(await list(now)).toEqual([
      ['out', 'ended', 'p1', 2],
      ['g1', 'live', null, 1],
    ]);
    expect(await list(now, 'ended')).toEqual([['out', 'ended', 'p1', 2]]);
    expect(await list(now, 'live')).toEqual([['g1', 'live', null, 1]]);
    expect(await findMatch(db, 'g2', now)).toBeNull();
    expect(await findMatch(db, 'ev', now)).toBeNull();
    expect((await roundResults(db, 'Cup', 1, now)).flatMap((t) => t.games.map((g) => [g.matchId, g.ended, g.winner]))).toEqual([
      ['g1', false, null],
      ['out', true, 'p1'],
    ]);
    // the match's own token sees its head
    expect(await list({ ...now, except: 'g1' }, 'ended')).toEqual([
      ['out', 'ended', 'p1', 2],
      ['g1', 'ended', 'p1', 2],
    ]);
    expect(await list(undefined)).toEqual([
      ['g2', 'live', null, 1],
      ['out', 'ended', 'p1', 2],
      ['g1', 'ended', 'p1', 2],
      ['ev', 'ended', 'p1', 2],
    ]);
  });

  it('a rebuild from the log holds back the same', async () => {
    const before = await list({ now: iso(T0 + 2 * HOUR + 60_000) });
    await projector.rebuild();
    expect(await list({ now: iso(T0 + 2 * HOUR + 60_000) })).toEqual(before);
  });

  it('once the window passes, the held-back reader sees the end and game 2', async () => {
    const now = { now: iso(T0 + 3 * HOUR + 1000) };
    expect(await list(now)).toEqual([
      ['g2', 'live', null, 1],
      ['out', 'ended', 'p1', 2],
      ['g1', 'ended', 'p1', 2],
    ]);
    expect((await roundResults(db, 'Cup', 1, now)).flatMap((t) => t.games.map((g) => [g.matchId, g.ended, g.winner]))).toEqual([
      ['g1', true, 'p1'],
      ['g2', false, null],
      ['out', true, 'p1'],
    ]);
  });
});
