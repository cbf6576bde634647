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
    // game 1 an hour behind, ended two hours in; game 2 begun then; an opted-out game, ended at once; one held back by 2 events,
    // ended at once; the README's stream (5 events and 30 seconds behind), its 7 events 10 s apart from two hours in
    await store.append('g1', 0, withIds([created(1, T0), won(T0 + 2 * HOUR)]));
    await store.append('g2', 0, withIds([created(2, T0 + 2 * HOUR)]));
    await store.append('out', 0, withIds([created(11, T0, { seconds: 3600, holdBackPublic: false }), won(T0 + 1000)]));
    await store.append(
      'ev',
      0,
      withIds([{ ...created(12, T0, { events: 2 }), data: { ...created(12, T0).data, tournament: { event: 'Cup', round: 2 }, broadcastDelay: { events: 2 } } }, won(T0)]),
    );
    const stream = {
      ...created(13, T0 + 2 * HOUR, { events: 5, seconds: 30 }),
      data: { ...created(13, T0).data, tournament: { event: 'Cup', round: 3 }, broadcastDelay: { events: 5, seconds: 30 } },
    };
    const turns = [1, 2, 3, 4, 5].map((turn) => ({ type: 'TurnStarted', data: { player: turn % 2 ? 'p1' : 'p2', turn }, meta: at(T0 + 2 * HOUR + turn * 10_000) }));
    await store.append('stream', 0, withIds([stream, ...turns, won(T0 + 2 * HOUR + 60_000)]));
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
    // the stream's MatchEnded (at 2 hours and a minute) is not 30 s old: it is live, 5 events behind
    expect(await list(now)).toEqual([
      ['stream', 'live', null, 1],
      ['out', 'ended', 'p1', 2],
      ['g1', 'live', null, 1],
      ['ev', 'ended', 'p1', 2],
    ]);
    expect(await list(now, 'ended')).toEqual([
      ['out', 'ended', 'p1', 2],
      ['ev', 'ended', 'p1', 2],
    ]);
    expect(await list(now, 'live')).toEqual([
      ['stream', 'live', null, 1],
      ['g1', 'live', null, 1],
    ]);
    expect(await findMatch(db, 'g2', now)).toBeNull();
    expect((await roundResults(db, 'Cup', 1, now)).flatMap((t) => t.games.map((g) => [g.matchId, g.ended, g.winner]))).toEqual([
      ['g1', false, null],
      ['out', true, 'p1'],
    ]);
    // the events-only delay ('ev') lets its end out at once: its end is shown as soon as it is recorded
    expect(await findMatch(db, 'ev', now)).toMatchObject({ status: 'ended', winner: 'p1', revision: 2 });
    // the match's own token sees its head
    expect(await list({ ...now, except: 'g1' }, 'ended')).toEqual([
      ['out', 'ended', 'p1', 2],
      ['g1', 'ended', 'p1', 2],
      ['ev', 'ended', 'p1', 2],
    ]);
    expect(await list(undefined)).toEqual([
      ['stream', 'ended', 'p1', 7],
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

  it("a delay in events after the end: held back by its events until the delay's seconds have passed since MatchEnded, then the end", async () => {
    const ended = T0 + 2 * HOUR + 60_000;
    const round3 = async (now: number) => (await roundResults(db, 'Cup', 3, { now: iso(now) })).flatMap((t) => t.games.map((g) => [g.matchId, g.ended, g.winner]));
    // 2 revisions shown (7 less 5), the end not among them
    expect(await findMatch(db, 'stream', { now: iso(ended + 29_999) })).toMatchObject({ status: 'live', winner: null, revision: 1 });
    expect(await list({ now: iso(ended + 29_999) }, 'ended')).not.toContainEqual(expect.arrayContaining(['stream']));
    expect(await round3(ended + 29_999)).toEqual([['stream', false, null]]);
    expect(await findMatch(db, 'stream', { now: iso(ended + 30_000) })).toMatchObject({ status: 'ended', winner: 'p1', revision: 7 });
    expect(await list({ now: iso(ended + 30_000) }, 'ended')).toContainEqual(['stream', 'ended', 'p1', 7]);
    expect(await round3(ended + 30_000)).toEqual([['stream', true, 'p1']]);
  });

  it('the TypeScript rule (asSeenBy: findMatch, each row of a page) and the SQL one (visibleRow, endedRow: which rows, ?status=) agree at every moment', async () => {
    const ids = ['g1', 'g2', 'out', 'ev', 'stream'];
    for (const ms of [T0, T0 + HOUR, T0 + 2 * HOUR + 29_999, T0 + 2 * HOUR + 59_999, T0 + 2 * HOUR + 89_999, T0 + 2 * HOUR + 90_000, T0 + 3 * HOUR + 1000]) {
      const now = { now: iso(ms) };
      const seen = (await Promise.all(ids.map((id) => findMatch(db, id, now)))).filter((m) => m !== null);
      const listed = await list(now);
      expect(listed.map(([id]) => id).sort()).toEqual(seen.map((m) => m.matchId).sort());
      expect((await list(now, 'ended')).map(([id]) => id).sort()).toEqual(
        seen
          .filter((m) => m.status === 'ended')
          .map((m) => m.matchId)
          .sort(),
      );
      expect((await list(now, 'live')).map(([id]) => id).sort()).toEqual(
        seen
          .filter((m) => m.status === 'live')
          .map((m) => m.matchId)
          .sort(),
      );
    }
  });

  it('once the window passes, the held-back reader sees the end and game 2', async () => {
    const now = { now: iso(T0 + 3 * HOUR + 1000) };
    expect(await list(now)).toEqual([
      ['stream', 'ended', 'p1', 7],
      ['g2', 'live', null, 1],
      ['out', 'ended', 'p1', 2],
      ['g1', 'ended', 'p1', 2],
      ['ev', 'ended', 'p1', 2],
    ]);
    expect((await roundResults(db, 'Cup', 1, now)).flatMap((t) => t.games.map((g) => [g.matchId, g.ended, g.winner]))).toEqual([
      ['g1', true, 'p1'],
      ['g2', false, null],
      ['out', true, 'p1'],
    ]);
  });
});
