import { CatalogDb, CatalogTables, applyTokenEvents, grantOf, migrate, openCatalog } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { randomBytes, randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { Kysely, PostgresDialect } from 'kysely';
import { tmpdir } from 'os';
import { join } from 'path';
import { Pool } from 'pg';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { GrantRecord, TokenRole, decideReissue, hashToken, tokenStreamOf, tokensAfter } from '@matchlog/tokens';
import { projectorOn } from './support/projector-on';

/** What the server draws tokens and ids from. */
const entropy = { uuid: () => randomUUID(), hex: (bytes: number) => randomBytes(bytes).toString('hex') };

/** The catalog on each dialect the migrations serve: SQLite (one instance) and PostgreSQL (shared by a cluster). */
const dialects: [string, (dir: string) => Promise<{ db: CatalogDb; drop: () => Promise<void> }>][] = [
  ['SQLite', async (dir) => ({ db: await openCatalog(dir), drop: async () => undefined })],
  [
    'PostgreSQL',
    async () => {
      const database: TestDatabase = await createTestDatabase();
      const db = new Kysely<CatalogTables>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: database.url, max: 2 }) }) });
      await migrate(db);
      return { db, drop: () => database.drop() };
    },
  ],
];

describe.each(dialects)('token revocations on %s: order-independent, kept as tombstones', (_name, open) => {
  let dir: string;
  let store: EventStore;
  let db: CatalogDb;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-revocations-'));
    store = new InMemoryEventStore();
    ({ db, drop } = await open(dir));
  });
  afterEach(async () => {
    await db.destroy();
    await drop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the write path records for `roles`: the events, appended to the match's token stream. */
  const recordTokens = async (roles: TokenRole[]) => {
    const stream = tokenStreamOf('m1');
    const history = await store.readStream(stream);
    const issued = decideReissue(tokensAfter(history), roles, entropy);
    await store.append(stream, history.length, issued.events);
    return issued;
  };
  const everyRole: TokenRole[] = [{ role: 'player', player: 'p1' }, { role: 'player', player: 'p2' }, { role: 'judge' }, { role: 'recorder' }];

  it('a revocation applied directly, then the older TokensIssued projected late: the token stays refused', async () => {
    const first = await recordTokens(everyRole);
    const second = await recordTokens([{ role: 'judge' }]);
    await applyTokenEvents(db, 'm1', second.events); // the write path, ahead of the projection
    await applyTokenEvents(db, 'm1', [...first.events, ...second.events]); // the projection, catching up
    expect(await grantOf(db, first.tokens.judge!)).toBeNull();
    expect(await grantOf(db, second.tokens.judge!)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    expect(await grantOf(db, first.tokens.recorder!)).toEqual({ matchId: 'm1', role: 'recorder', player: null });
    expect(await db.selectFrom('match_tokens').select('token_hash').where('token_hash', '=', hashToken(first.tokens.judge!)).execute()).toEqual([]);
  });

  it('the guard refuses a revoked hash even when a racing transaction wrote its row after the revocation', async () => {
    const { tokens, events } = await recordTokens(everyRole);
    await applyTokenEvents(db, 'm1', [{ type: 'TokensRevoked', data: { hashes: [hashToken(tokens.players.p1)] } }]);
    // what another instance's projection could commit, having checked the tombstones before this revocation
    const grants = (events.at(-1)!.data as { grants: GrantRecord[] }).grants;
    await db
      .insertInto('match_tokens')
      .values(grants.map((g) => ({ token_hash: g.hash, match_id: 'm1', role: g.role, player_id: g.player ?? null, from_log: 1 })))
      .execute();
    expect(await grantOf(db, tokens.players.p1)).toBeNull();
    expect(await grantOf(db, tokens.players.p2)).toEqual({ matchId: 'm1', role: 'player', player: 'p2' });
  });

  it('a rebuild restores exactly the grants in force: every revoked token refused, every other one granted', async () => {
    const first = await recordTokens(everyRole);
    const second = await recordTokens([{ role: 'player', player: 'p1' }, { role: 'recorder' }]);
    const third = await recordTokens([{ role: 'player', player: 'p1' }]);
    const projector = projectorOn(db, store);
    await projector.start();
    await applyTokenEvents(db, 'm1', third.events);
    await projector.rebuild();
    const inForce = [...tokensAfter(await store.readStream(tokenStreamOf('m1'))).grants.keys()].sort();
    const held = await db.selectFrom('match_tokens').select('token_hash').execute();
    expect(held.map((row) => row.token_hash).sort()).toEqual(inForce);
    expect(inForce).toHaveLength(4);
    for (const token of [first.tokens.players.p1, first.tokens.recorder!, second.tokens.players.p1]) expect(await grantOf(db, token)).toBeNull();
    for (const token of [first.tokens.players.p2, first.tokens.judge!, second.tokens.recorder!, third.tokens.players.p1]) expect(await grantOf(db, token)).not.toBeNull();
  });
});
