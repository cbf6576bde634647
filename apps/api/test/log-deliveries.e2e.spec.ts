import { Delivery, Leak, chainEvents, checkDeliveries } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { ENTRIES_LEVEL, TILE_WIDTH, decodeEntryBundle, parseCheckpoint, parseMatchEntry, parseNote, parseTilePath, tileOfTree, tilePath } from '@matchlog/ledger';
import { readMatchEvents } from '@matchlog/matches';
import { EventStore } from '@matchlog/store';
import { CATALOG_DB, EVENT_STORE } from '../src/injection-keys';
import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, partsWithTime, startTestApp } from './support/test-app';

const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
};
const DEFINITIONS = lorcanaMatch().cards.map((card) => card.definition);
const DELAY = { broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' };
const ended = { type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } };

/** One log output as a stranger (no token) receives it: its name and its bytes. */
interface Output {
  readonly name: string;
  readonly bytes: Buffer;
}

/**
 * The delivered-payload checks over the log's outputs (issue 39 §1): every entry bundle, hash tile, checkpoint,
 * consistency proof, key, and each match's receipt?proof=1 and its .tlog-proof, fetched with no token, checked with
 * libs/audit's checkDeliveries against each match's events at the revision the public is at, and byte by byte for
 * card names, chain salts and held-back heads.
 */
describe("the log's outputs as the public receives them", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ logIntervalMs: 50 }, partsWithTime(time))));
  afterAll(() => t.close());

  const stranger = (path: string) =>
    t
      .http()
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const size = async () => {
    const answer = await stranger('/log/checkpoint');
    return answer.status === 200 ? parseCheckpoint(parseNote((answer.body as Buffer).toString('utf8')).text).size : 0;
  };
  const sizeOf = async (wanted: number) => {
    for (let i = 0; i < 400; i++) {
      if ((await size()) >= wanted) return size();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the log never reached ${wanted} entries`);
  };
  /** Waits a few intervals, then the log's size: what it integrated of what is due. */
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return size();
  };
  const record = async (matchId: string, extra: object = {}, events: object[] = [draw('c01'), ended]) => {
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), ...extra })
      .expect(201);
    await t.http().post(`/matches/${matchId}/events`).set(t.organizer).send({ expectedRevision: 1, events }).expect(201);
  };
  /** A match as the version before chain salts wrote it (chained, unsalted), then ended through the API. */
  const recordLegacy = async (matchId: string) => {
    const [created] = chainEvents([
      {
        id: `${matchId}-created`,
        type: 'MatchCreated',
        data: lorcanaMatch(),
        meta: { recordedBy: 'organizer', recordedAt: new Date(time.at).toISOString() },
      } as unknown as MatchEvent,
    ]);
    await t.app.get<EventStore>(EVENT_STORE).append(matchId, 0, [created as never]);
    await t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01'), ended] })
      .expect(201);
  };

  /** Every output of the log as of its checkpoint, and each match's receipt with its proof, as a stranger gets them. */
  const outputs = async (matchIds: readonly string[]): Promise<Output[]> => {
    const n = await size();
    const got: Output[] = [];
    const fetch = async (path: string, expected = 200) => {
      const answer = await stranger(path);
      expect([path, answer.status]).toEqual([path, expected]);
      got.push({ name: path, bytes: answer.body as Buffer });
      return answer.body as Buffer;
    };
    await fetch('/log/checkpoint');
    await fetch('/log/key');
    for (let tile = 0; tile * TILE_WIDTH < n; tile++) {
      const { width } = tileOfTree(0, tile, n)!;
      for (let w = 1; w <= width; w++) {
        await fetch(`/log/${tilePath({ level: 0, n: tile, width: w })}`);
        await fetch(`/log/${tilePath({ level: ENTRIES_LEVEL, n: tile, width: w })}`);
      }
    }
    for (let from = 1; from <= n; from++) for (let to = from; to <= n; to++) await fetch(`/log/proof/consistency?from=${from}&to=${to}`);
    for (const id of matchIds) {
      const entries = await stranger(`/matches/${id}/log`);
      got.push({ name: `/matches/${id}/log (${entries.status})`, bytes: entries.body as Buffer });
      const answer = await stranger(`/matches/${id}/receipt?proof=1`);
      got.push({ name: `/matches/${id}/receipt?proof=1 (${answer.status})`, bytes: answer.body as Buffer });
      if (answer.status === 200) {
        const { log } = JSON.parse((answer.body as Buffer).toString('utf8'));
        if (log) got.push({ name: `${id}.tlog-proof`, bytes: Buffer.from(log.proof) });
      }
    }
    return got;
  };
  /** The entries the stranger's entry bundles hold. */
  const loggedIds = async (): Promise<string[]> => {
    const n = await size();
    const ids: string[] = [];
    for (let tile = 0; tile * TILE_WIDTH < n; tile++) {
      const { width } = tileOfTree(0, tile, n)!;
      const bundle = (await stranger(`/log/${tilePath({ level: ENTRIES_LEVEL, n: tile, width })}`)).body as Buffer;
      ids.push(...decodeEntryBundle(bundle, width).map((entry) => parseMatchEntry(entry.toString('utf8')).matchId));
    }
    return ids;
  };
  /** The revision the public is at: its view's (0 while a broadcast delay holds the match's creation back). */
  const publicRevision = async (id: string): Promise<number> => {
    const view = await t.http().get(`/matches/${id}/views/public`);
    return view.status === 200 ? view.body.revision : 0;
  };
  /**
   * Each output as the checker takes a payload: an entry bundle as its entries' texts, a receipt as its JSON, other
   * text as it is, and every byte also as Latin-1 (a hash tile as base64 too).
   */
  const payloadOf = (output: Output): unknown => {
    const text = output.bytes.toString('utf8');
    const latin1 = output.bytes.toString('latin1');
    const tile = /^\/log\/(tile\/.*)$/.exec(output.name);
    if (tile && parseTilePath(tile[1]).level === ENTRIES_LEVEL)
      return { [output.name]: [...decodeEntryBundle(output.bytes, parseTilePath(tile[1]).width).map((entry) => entry.toString('utf8')), latin1] };
    if (tile) return { [output.name]: [output.bytes.toString('base64'), latin1] };
    if (output.name.endsWith('(200)')) return { [output.name]: [JSON.parse(text), latin1] };
    return { [output.name]: [text, latin1] };
  };
  const leaksOf = async (matchIds: readonly string[], got: readonly Output[]): Promise<Leak[]> => {
    const leaks: Leak[] = [];
    for (const id of matchIds) {
      const events = await readMatchEvents(t.app.get<EventStore>(EVENT_STORE), id);
      const revision = await publicRevision(id);
      const deliveries: Delivery[] = got.map((output) => ({ audience: 'public', revision, payload: payloadOf(output) }));
      leaks.push(...checkDeliveries(events, deliveries));
    }
    return leaks;
  };
  const organizerOnly = async (id: string) => {
    const salt = JSON.parse((await t.http().get(`/matches/${id}/export`).set(t.organizer).expect(200)).text.split('\n')[0]).meta.chainSalt as string | undefined;
    const head = (await t.http().get(`/matches/${id}/receipt`).set(t.organizer).expect(200)).body.head.hash as string;
    return { salt, head };
  };
  const holding = (got: readonly Output[], secret: string) => got.filter((output) => output.bytes.includes(Buffer.from(secret))).map((output) => output.name);

  const MATCHES = ['ld-open', 'ld-voided', 'ld-legacy', 'ld-delayed'];

  it('holds no card the public could not know, no salt, no name, and nothing a broadcast delay still holds back; the held-back end once shown', async () => {
    await record('ld-open');
    await record('ld-voided');
    await t.http().post('/matches/ld-voided/void').set(t.organizer).send({ reason: 'recorded twice' }).expect(201);
    await recordLegacy('ld-legacy');
    await record('ld-delayed', DELAY);
    await sizeOf(3);
    expect(await settled()).toBe(3);
    expect(await loggedIds()).toEqual(expect.arrayContaining(['ld-open', 'ld-voided', 'ld-voided']));
    expect(await loggedIds()).not.toContain('ld-legacy');

    const delayed = await organizerOnly('ld-delayed');
    const held = await outputs(MATCHES);
    expect(await leaksOf(MATCHES, held)).toEqual([]);
    expect(holding(held, 'ld-delayed')).toEqual([`/matches/ld-delayed/log (404)`, `/matches/ld-delayed/receipt?proof=1 (404)`]);
    expect(holding(held, delayed.head)).toEqual([]);
    const secrets = await Promise.all(MATCHES.map(organizerOnly));
    expect(secrets.filter((s) => s.salt !== undefined)).toHaveLength(3);
    for (const secret of [...DEFINITIONS, ...secrets.flatMap((s) => (s.salt ? [s.salt] : []))]) expect([secret, holding(held, secret)]).toEqual([secret, []]);

    time.at += 31_000;
    await sizeOf(4);
    expect((await loggedIds()).at(-1)).toBe('ld-delayed');
    const shown = await outputs(MATCHES);
    expect(await leaksOf(MATCHES, shown)).toEqual([]);
    expect(holding(shown, delayed.head).length).toBeGreaterThan(0);
    for (const secret of [...DEFINITIONS, ...secrets.flatMap((s) => (s.salt ? [s.salt] : []))]) expect([secret, holding(shown, secret)]).toEqual([secret, []]);
  });

  it('reports a card name planted into an entry: the check can fail', async () => {
    const n = await sizeOf(4);
    await t.app
      .get(CATALOG_DB)
      .updateTable('log_entries' as never)
      .set({ entry: `matchlog/entry/v1\nkind match-ended\nmatch ld-open\nrevision 3\nhead Ariel - On Human Legs\nkid x\n` } as never)
      .where('idx' as never, '=', 0 as never)
      .execute();
    const planted = await outputs(['ld-open']);
    const leaks = await leaksOf(['ld-open'], planted);
    expect(leaks.map((leak) => [leak.value, leak.cardId])).toContainEqual(['Ariel - On Human Legs', 'c01']);
    expect(leaks.map((leak) => leak.path)).toContain(`$['/log/${tilePath({ level: ENTRIES_LEVEL, n: 0, width: n })}'][0]`);
    expect(holding(planted, 'Ariel - On Human Legs').length).toBeGreaterThan(0);
  });
});
