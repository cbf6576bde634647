import { CatalogDb, checkpointOf, findMatch, grantOf, listMatches, migrate } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { TokenRole, decideReissue, tokenStreamOf, tokensAfter } from '@matchlog/tokens';
import { randomBytes, randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';
import { projectorOn } from './support/projector-on';

/** What the server draws tokens and ids from. */
const entropy = { uuid: () => randomUUID(), hex: (bytes: number) => randomBytes(bytes).toString('hex') };

const created = (players = ['p1', 'p2']) => ({
  id: `e-${Math.random()}`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: players.map((id) => ({ id })), cards: [], tournament: { event: 'Cup', round: 1, table: 2 } },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' },
});
const turn = (n: number) => ({
  id: `e-${Math.random()}`,
  type: 'TurnStarted',
  data: { player: 'p1', turn: n },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:05:00.000Z' },
});
const ended = { type: 'MatchEnded', data: { winner: 'p2', reason: 'lore' }, meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:30:00.000Z' } };

describe.each(catalogPlaces)('match catalog on %s, fed from an in-memory event log', (_, placeIn) => {
  let dir: string;
  let store: EventStore;
  let place: CatalogPlace;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-'));
    store = new InMemoryEventStore();
    place = await placeIn(dir);
  });
  afterEach(async () => {
    await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  const openCatalog = () => place.open();

  const record = async () => {
    await store.append('m1', 0, [created()]);
    await store.append('m1', 1, [turn(1), turn(2), { id: 'end-m1', ...ended }]);
    await store.append('m2', 0, [created(['p1', 'p3'])]);
  };
  const rows = async (db: CatalogDb) => (await listMatches(db, {}, 100)).matches;

  it('migrates once; running the migrations again changes nothing', async () => {
    const db = await openCatalog();
    expect(await migrate(db)).toEqual([]);
    await db.destroy();
  });

  it('projects the log, catalog row and checkpoint together, and resumes after a restart without counting twice', async () => {
    await record();
    let db = await openCatalog();
    let projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(5, 30_000);
    expect(await checkpointOf(db)).toBe(5);
    expect(await findMatch(db, 'm1')).toMatchObject({ status: 'ended', winner: 'p2', eventCount: 4, endedAt: '2026-11-21T10:30:00.000Z', startedAt: '2026-11-21T10:00:00.000Z' });
    await projector.stop();
    await db.destroy();

    await store.append('m2', 1, [turn(1)]);
    db = await openCatalog();
    projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(6, 30_000);
    expect((await findMatch(db, 'm2'))!.eventCount).toBe(2);
    expect((await findMatch(db, 'm1'))!.eventCount).toBe(4);
    expect((await listMatches(db, { player: 'p3' }, 10)).matches.map((m) => m.matchId)).toEqual(['m2']);
    await projector.stop();
    await db.destroy();
  });

  const recordTokens = async (matchId: string, roles: TokenRole[]) => {
    const stream = tokenStreamOf(matchId);
    const history = await store.readStream(stream);
    const { tokens, events } = decideReissue(tokensAfter(history), roles, entropy);
    const { position } = await store.append(stream, history.length, events);
    return { tokens, position };
  };
  const everyRole: TokenRole[] = [{ role: 'player', player: 'p1' }, { role: 'player', player: 'p2' }, { role: 'judge' }];

  it('a rebuild from the log gives the same catalog and restores the tokens from their stream, revocations included', async () => {
    await record();
    const first = await recordTokens('m1', everyRole);
    const second = await recordTokens('m1', [{ role: 'judge' }]);
    const db = await openCatalog();
    await db.insertInto('match_tokens').values({ token_hash: 'legacy-hash', match_id: 'm2', role: 'judge', player_id: null, from_log: 0 }).execute();
    const projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(second.position, 30_000);
    const live = await rows(db);
    expect(live.map((m) => m.matchId).sort()).toEqual(['m1', 'm2']); // the token stream is no match
    await db.updateTable('matches').set({ event_count: 999 }).execute(); // a damaged read model
    await db.deleteFrom('match_tokens').where('token_hash', '!=', 'legacy-hash').execute();
    expect(await projector.rebuild()).toBe(second.position);
    expect(await rows(db)).toEqual(live);
    expect(await grantOf(db, second.tokens.judge!)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    expect(await grantOf(db, first.tokens.players.p1)).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
    expect(await grantOf(db, first.tokens.judge!)).toBeNull(); // revoked by the second issue
    expect(await db.selectFrom('match_tokens').select('token_hash').where('token_hash', '=', 'legacy-hash').execute()).toHaveLength(1);
    await db.destroy();
  });

  it('a lost catalog comes back from the log with every token', async () => {
    await record();
    const { tokens, position } = await recordTokens('m1', everyRole);
    let db = await openCatalog();
    let projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(position, 30_000);
    await projector.stop();
    await db.destroy();
    await place.lose();
    db = await openCatalog();
    projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(position, 30_000);
    for (const player of ['p1', 'p2']) expect(await grantOf(db, tokens.players[player])).toEqual({ matchId: 'm1', role: 'player', player });
    expect(await grantOf(db, tokens.judge!)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    await projector.stop();
    await db.destroy();
  });

  it('keeps only hashes of tokens, in the log and in the table', async () => {
    const { tokens, position } = await recordTokens('m1', everyRole);
    const db = await openCatalog();
    const projector = projectorOn(db, store);
    await projector.start();
    await projector.caughtUpTo(position, 30_000);
    const kept = JSON.stringify([await db.selectFrom('match_tokens').selectAll().execute(), await store.readAll(0, 100)]);
    for (const token of [tokens.judge!, ...Object.values(tokens.players)]) expect(kept).not.toContain(token);
    expect(await grantOf(db, tokens.players.p1)).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
    expect(await grantOf(db, 'mlt_not-a-token')).toBeNull();
    await projector.stop();
    await db.destroy();
  });
});
