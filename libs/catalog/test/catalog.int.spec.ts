import { CatalogFeeder, checkpointOf, findMatch, grantOf, issueMatchTokens, listMatches, migrate, openCatalog, revokeTokens } from '@matchlog/catalog';
import { EventStore, openSqliteEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const created = (players = ['p1', 'p2']) => ({
  id: `e-${Math.random()}`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: players.map((id) => ({ id })), cards: [], tournament: { event: 'Cup', round: 1, table: 2 } },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' },
});
const turn = (n: number) => ({ id: `e-${Math.random()}`, type: 'TurnStarted', data: { player: 'p1', turn: n }, meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:05:00.000Z' } });
const ended = { type: 'MatchEnded', data: { winner: 'p2', reason: 'lore' }, meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:30:00.000Z' } };

describe('match catalog on real SQLite files', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-'));
    store = await openSqliteEventStore(dir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const record = async () => {
    await store.append('m1', 0, [created()]);
    await store.append('m1', 1, [turn(1), turn(2), { id: 'end-m1', ...ended }]);
    await store.append('m2', 0, [created(['p1', 'p3'])]);
  };
  const rows = async (db: Awaited<ReturnType<typeof openCatalog>>) => (await listMatches(db, {}, 100)).matches;

  it('migrates once; running the migrations again changes nothing', async () => {
    const db = await openCatalog(dir);
    expect(await migrate(db)).toEqual([]);
    await db.destroy();
  });

  it('projects the log, catalog row and checkpoint together, and resumes after a restart without counting twice', async () => {
    await record();
    let db = await openCatalog(dir);
    let feeder = new CatalogFeeder(db, store);
    await feeder.start();
    await feeder.caughtUpTo(5);
    expect(await checkpointOf(db)).toBe(5);
    expect(await findMatch(db, 'm1')).toMatchObject({ status: 'ended', winner: 'p2', eventCount: 4, endedAt: '2026-11-21T10:30:00.000Z', startedAt: '2026-11-21T10:00:00.000Z' });
    await feeder.stop();
    await db.destroy();

    await store.append('m2', 1, [turn(1)]);
    db = await openCatalog(dir);
    feeder = new CatalogFeeder(db, store);
    await feeder.start();
    await feeder.caughtUpTo(6);
    expect((await findMatch(db, 'm2'))!.eventCount).toBe(2);
    expect((await findMatch(db, 'm1'))!.eventCount).toBe(4);
    expect((await listMatches(db, { player: 'p3' }, 10)).matches.map((m) => m.matchId)).toEqual(['m2']);
    await feeder.stop();
    await db.destroy();
  });

  it('a rebuild from the log gives the same catalog and keeps the tokens', async () => {
    await record();
    const db = await openCatalog(dir);
    const feeder = new CatalogFeeder(db, store);
    await feeder.start();
    await feeder.caughtUpTo(5);
    const live = await rows(db);
    const { judge } = await issueMatchTokens(db, 'm1', ['p1', 'p2']);
    await db.updateTable('matches').set({ event_count: 999 }).execute(); // a damaged read model
    expect(await feeder.rebuild()).toBe(5);
    expect(await rows(db)).toEqual(live);
    expect(await checkpointOf(db)).toBe(5);
    expect(await grantOf(db, judge)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    await db.destroy();
  });

  it('keeps only hashes of tokens', async () => {
    const db = await openCatalog(dir);
    const issued = await issueMatchTokens(db, 'm1', ['p1']);
    const stored = await db.selectFrom('match_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(issued.judge);
    expect(JSON.stringify(stored)).not.toContain(issued.players.p1);
    expect(await grantOf(db, issued.players.p1)).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
    expect(await grantOf(db, 'mlt_not-a-token')).toBeNull();
    await db.destroy();
  });
});

describe('tokens of a creation that failed', () => {
  it('are revoked alone: tokens issued for the same match id by a creation that succeeded stay valid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-tokens-'));
    const db = await openCatalog(dir);
    const winner = await issueMatchTokens(db, 'm1', ['p1']);
    const loser = await issueMatchTokens(db, 'm1', ['p1']);
    await revokeTokens(db, loser);
    expect(await grantOf(db, loser.judge)).toBeNull();
    expect(await grantOf(db, winner.judge)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
});
