import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogDb, projectIntoCatalog } from '@matchlog/catalog';
import { SIGNATURE_TYPE_ED25519, formatVerifierKey, leafHash, openCheckpoint, parseMatchEntry, rawPublicKey, rootOf, verifierFromKey } from '@matchlog/ledger';
import { LogReader, LogSequencer } from '@matchlog/matches';
import { InMemoryEventStore } from '@matchlog/store';
import { CatalogPlace, catalogPlaces } from '../../catalog/test/support/catalog-places';

const ORIGIN = 'log.test/matchlog';
const { privateKey } = generateKeyPairSync('ed25519');
const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const meta = (hash: string, salted = true) => ({ recordedBy: 'test', recordedAt: new Date(T0).toISOString(), hash, ...(salted && { chainSalt: 'salt' }) });
const created = (hash: string, delay?: object, salted = true) => ({
  id: hash,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [], ...(delay && { broadcastDelay: delay }) },
  meta: meta(hash, salted),
});
const ended = (hash: string) => ({ id: hash, type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' }, meta: meta(hash) });
const voided = (hash: string) => ({ id: hash, type: 'MatchVoided', data: { reason: 'twice' }, meta: meta(hash) });

describe.each(catalogPlaces)('the log sequencer on %s', (dialect, placeIn) => {
  let dir: string;
  let place: CatalogPlace;
  let store: InMemoryEventStore;
  let db: CatalogDb;
  const time = { at: T0, now: () => time.at };
  const sequencerOn = (catalog: CatalogDb, origin = ORIGIN) => new LogSequencer({ catalog, store, time, signingKey: privateKey, origin, intervalMs: 1000 });
  const project = async () => {
    const events = await store.readAll(0, 1000);
    await db.transaction().execute((trx) => projectIntoCatalog(trx, events));
  };
  const reader = () => new LogReader(db, privateKey, ORIGIN);
  const entries = async () =>
    (
      await db
        .selectFrom('log_entries' as never)
        .select(['entry' as never])
        .orderBy('idx' as never)
        .execute()
    ).map((row) => parseMatchEntry((row as { entry: string }).entry));

  beforeEach(async () => {
    time.at = T0;
    dir = mkdtempSync(join(tmpdir(), 'matchlog-log-'));
    place = await placeIn(dir);
    db = await place.open();
    store = new InMemoryEventStore();
    await store.append('m1', 0, [created('h1-1'), ended('h1-2')]);
    await store.append('m2', 0, [created('h2-1', { events: 5, seconds: 30 }), ended('h2-2')]);
    await store.append('m3', 0, [created('h3-1', undefined, false), ended('h3-2')]);
    await store.append('m4', 0, [created('h4-1')]);
    await project();
  });
  afterEach(async () => {
    await db.destroy();
    await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs each shown end once, with its head and kid; a held-back end once shown; an unsalted match never; a checkpoint only when something came', async () => {
    const sequencer = sequencerOn(db);
    expect(await sequencer.integrate()).toBe(1);
    const [entry] = await entries();
    expect(entry).toEqual({ kind: 'match-ended', matchId: 'm1', revision: 2, head: 'h1-2', kid: expect.any(String) });
    const first = await reader().checkpoint();
    expect(await sequencer.integrate()).toBe(1);
    expect(await reader().checkpoint()).toBe(first);

    time.at += 31_000;
    await store.append('m4', 1, [ended('h4-2'), voided('h4-3')]);
    await project();
    expect(await sequencer.integrate()).toBe(4);
    expect((await entries()).map((e) => [e.matchId, e.kind, e.head])).toEqual([
      ['m1', 'match-ended', 'h1-2'],
      ['m4', 'match-ended', 'h4-2'],
      ['m4', 'match-voided', 'h4-3'],
      ['m2', 'match-ended', 'h2-2'],
    ]);
    const vkey = formatVerifierKey(ORIGIN, SIGNATURE_TYPE_ED25519, rawPublicKey(privateKey));
    const { checkpoint } = openCheckpoint((await reader().checkpoint())!, [verifierFromKey(vkey)], ORIGIN);
    const texts = (
      await db
        .selectFrom('log_entries' as never)
        .select(['entry' as never])
        .orderBy('idx' as never)
        .execute()
    ).map((row) => (row as { entry: string }).entry);
    expect(checkpoint.size).toBe(4);
    expect(Buffer.from(checkpoint.root).equals(Buffer.from(rootOf(texts.map((text) => leafHash(Buffer.from(text))))))).toBe(true);
  });

  it('integrates nothing twice when two sequencers (two instances) run at once, and nothing of a batch that failed before its commit', async () => {
    await expect(sequencerOn(db, 'bad origin with spaces').integrate()).rejects.toThrow();
    expect(await entries()).toEqual([]);
    time.at += 31_000;
    // a second instance has its own connection to a shared PostgreSQL catalog; a SQLite catalog is one instance's
    const other = dialect === 'PostgreSQL' ? await place.open() : db;
    try {
      await Promise.all([sequencerOn(db).integrate(), sequencerOn(other).integrate(), sequencerOn(db).integrate()]);
    } finally {
      if (other !== db) await other.destroy();
    }
    expect((await entries()).map((e) => e.matchId)).toEqual(['m1', 'm2']);
    expect(openCheckpoint((await reader().checkpoint())!, [verifierFromKey(reader().verifierKey)]).checkpoint.size).toBe(2);
  });
});
