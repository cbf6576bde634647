import { CatalogDb, listMatches, matchListQuery, migrate } from '@matchlog/catalog';
import { InMemoryEventStore } from '@matchlog/store';
import { CompiledQuery, Migrator, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { migrations } from '../../../migrations';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';
import { projectorOn } from './support/projector-on';

interface Recorded {
  readonly players: readonly { readonly id: string; readonly name?: string }[];
  readonly event?: string;
  readonly round?: number;
}

/** Each match started a minute after the one before it: listed newest first, m5 before m4. */
const matches: Record<string, Recorded> = {
  m1: {
    players: [
      { id: 'p1', name: 'Ana Ortiz' },
      { id: 'p2', name: 'Ben Kim' },
    ],
    event: 'Example Cup',
    round: 1,
  },
  m2: {
    players: [
      { id: 'p1', name: 'José Núñez' },
      { id: 'p2', name: 'ANABEL Ruiz' },
    ],
    event: 'Example Cup',
    round: 2,
  },
  m3: {
    players: [
      { id: 'p10', name: '100% Ana' },
      { id: 'p2', name: 'Ana_B' },
    ],
    event: 'Copa Medellín',
    round: 1,
  },
  m4: { players: [{ id: 'p10' }, { id: 'p11', name: 'Ana' }], event: 'R\\D 50% Open', round: 2 },
  m5: {
    players: [
      { id: 'p3', name: 'Zoe' },
      { id: 'p4', name: 'Yuri? [Team*]' },
    ],
  },
};

describe.each(catalogPlaces)('match search on %s: part of a name, any case, wildcards as typed', (engine, placeIn) => {
  let dir: string;
  let place: CatalogPlace;
  let db: CatalogDb;
  let store: InMemoryEventStore;
  let position = 0;
  const projectAll = async () => {
    const projector = projectorOn(db, store, undefined, undefined, () => {});
    await projector.start();
    await projector.caughtUpTo(position, 30_000);
    await projector.stop();
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-search-'));
    place = await placeIn(dir);
    db = await place.open();
    store = new InMemoryEventStore();
    for (const [matchId, match] of Object.entries(matches)) {
      const minute = String(Object.keys(matches).indexOf(matchId)).padStart(2, '0');
      const tournament = match.event === undefined ? undefined : { event: match.event, round: match.round, table: 1 };
      ({ position } = await store.append(matchId, 0, [
        {
          id: `created-${matchId}`,
          type: 'MatchCreated',
          data: { game: 'lorcana', players: match.players, cards: [], ...(tournament && { tournament }) },
          meta: { recordedBy: 'test', recordedAt: `2026-11-21T10:${minute}:00.000Z` },
        },
      ]));
    }
    await projectAll();
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const found = async (filter: { player?: string; event?: string; round?: number }) => (await listMatches(db, filter, 100)).matches.map((m) => m.matchId);

  it('finds a player from part of their name, in any case', async () => {
    expect(await found({ player: 'ana' })).toEqual(['m4', 'm3', 'm2', 'm1']);
    expect(await found({ player: 'ORTIZ' })).toEqual(['m1']);
    expect(await found({ player: 'a o' })).toEqual(['m1']);
    expect(await found({ player: 'Ana Ortiz' })).toEqual(['m1']);
    expect(await found({ player: 'ana ortiz ' })).toEqual([]);
  });

  it('finds an event from part of its name, in any case', async () => {
    expect(await found({ event: 'example cup' })).toEqual(['m2', 'm1']);
    expect(await found({ event: 'CUP' })).toEqual(['m2', 'm1']);
    expect(await found({ event: 'open' })).toEqual(['m4']);
    expect(await found({ event: 'cups' })).toEqual([]);
  });

  it('ignores accents on either side', async () => {
    expect(await found({ player: 'jose nunez' })).toEqual(['m2']);
    expect(await found({ player: 'NÚÑ' })).toEqual(['m2']);
    expect(await found({ event: 'medellin' })).toEqual(['m3']);
    expect(await found({ event: 'MEDELLÍN' })).toEqual(['m3']);
  });

  it('matches a seat id whole, as typed: p1 is not p10', async () => {
    expect(await found({ player: 'p1' })).toEqual(['m2', 'm1']);
    expect(await found({ player: 'p10' })).toEqual(['m4', 'm3']);
    expect(await found({ player: 'P1' })).toEqual([]);
  });

  it('takes %, _, \\, *, ? and [ in the text as those characters, not as wildcards', async () => {
    expect(await found({ player: '%' })).toEqual(['m3']);
    expect(await found({ player: '_' })).toEqual(['m3']);
    expect(await found({ player: 'a_b' })).toEqual(['m3']);
    expect(await found({ player: 'a%' })).toEqual([]);
    expect(await found({ event: '50%' })).toEqual(['m4']);
    expect(await found({ event: 'r\\d' })).toEqual(['m4']);
    expect(await found({ event: '\\' })).toEqual(['m4']);
    expect(await found({ event: 'e_ample' })).toEqual([]);
    expect(await found({ player: '?' })).toEqual(['m5']);
    expect(await found({ player: '*' })).toEqual(['m5']);
    expect(await found({ player: '[team*]' })).toEqual(['m5']);
    expect(await found({ player: '[' })).toEqual(['m5']);
    expect(await found({ player: 'y*i' })).toEqual([]);
    expect(await found({ player: 'yur[i]' })).toEqual([]);
  });

  it('combines with a round, and a player with an event', async () => {
    expect(await found({ event: 'cup', round: 2 })).toEqual(['m2']);
    expect(await found({ event: 'cup', round: 3 })).toEqual([]);
    expect(await found({ player: 'ana', event: 'medell' })).toEqual(['m3']);
    expect(await found({ player: 'ana', round: 2 })).toEqual(['m4', 'm2']);
  });

  /** The plan each engine chooses for a search, as text: on PostgreSQL with sequential scans off, as a big catalog's statistics would have it. */
  const planOf = async (filter: { player?: string; event?: string }): Promise<string> => {
    const query = matchListQuery(db, filter, 21).compile();
    if (engine === 'SQLite') {
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      return rows.map((row) => row.detail).join('\n');
    }
    return db.connection().execute(async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      }
    });
  };

  it('is served by the indexes docs/explanation/architecture.md names', async () => {
    if (engine === 'SQLite') {
      expect(await planOf({ player: 'ana' })).toMatch(/SCAN match_players_search VIRTUAL TABLE INDEX 0:G/);
      expect(await planOf({ event: 'cup' })).toMatch(/SCAN matches USING INDEX matches_by_start/);
    } else {
      expect(await planOf({ player: 'ana' })).toMatch(/Bitmap Index Scan on match_players_by_name_key/);
      expect(await planOf({ event: 'example' })).toMatch(/Bitmap Index Scan on matches_by_event_key/);
    }
  });

  it('a rebuild finds the same, and leaves SQLite one search entry per name', async () => {
    const projector = projectorOn(db, store, undefined, undefined, () => {});
    expect(await projector.rebuild()).toBe(position);
    expect(await found({ player: 'ana' })).toEqual(['m4', 'm3', 'm2', 'm1']);
    expect(await found({ event: 'cup' })).toEqual(['m2', 'm1']);
    const count = async (query: string) => Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(db)).rows[0].n);
    expect(await count('select (select count(*) from match_players where name_key is not null) + (select count(*) from matches where event_key is not null) as n')).toBe(13);
    // PostgreSQL's trigram indexes are the tables' own; SQLite's FTS5 table of names is emptied with the catalog
    if (engine === 'SQLite') expect(await count('select count(*) as n from match_players_search')).toBe(9);
  });

  it('a catalog from before migration 008 is fed again once, so the names it holds get their search keys', async () => {
    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('007_match_results')).error).toBeUndefined();
    expect(await migrate(db)).toEqual(['008_search_keys', '009_voided', '011_hold_back', '012_stats', '013_log', '014_shown_from']);
    await db.destroy();
    db = await place.open();
    await projectAll();
    expect(await found({ player: 'ana' })).toEqual(['m4', 'm3', 'm2', 'm1']);
    expect(await found({ event: 'medellin' })).toEqual(['m3']);
  });
});
