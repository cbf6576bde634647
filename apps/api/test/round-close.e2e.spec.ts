import { createHash } from 'node:crypto';
import { canonicalJson } from '@matchlog/audit';
import { ENTRIES_LEVEL, decodeEntryBundle, leafHash, openCheckpoint, parseRoundEntry, parseTlogProof, tilePath, verifierFromKey, verifyInclusion } from '@matchlog/ledger';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, partsWithTime, startTestApp } from './support/test-app';

const EVENT = 'Lyon Regional · Día 1';

/** Closing a round (POST /rounds/close), its entries (GET /rounds/log) and their proofs, over HTTP as a spectator checks them. */
describe.each(['sqlite', 'postgres'] as const)('closing a round: POST /rounds/close, GET /rounds/log (catalog in %s)', (engine) => {
  let t: TestApp;
  let database: TestDatabase | undefined;
  const time = {
    at: Date.parse('2026-11-28T10:00:00.000Z'),
    now() {
      return this.at;
    },
  };
  const tokens: Record<string, { judge: string; recorder: string; players: Record<string, string> }> = {};
  let firstAnswer: unknown;
  let firstEntry: string;
  // a long interval: what is logged here is logged by the close itself, or by the sequencer's first run
  beforeAll(async () => {
    database = engine === 'postgres' ? await createTestDatabase() : undefined;
    t = await startTestApp({ logIntervalMs: 3_600_000, ...(database && { catalog: { kind: 'postgres' as const, url: database.url } }) }, partsWithTime(time));
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  const create = async (matchId: string, round: number, table: number, game: number, extra: object = {}) => {
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), tournament: { event: EVENT, round, table, game, bestOf: 3 }, ...extra })
      .expect(201);
    tokens[matchId] = res.body.tokens;
  };
  const end = (matchId: string, winner: string) =>
    t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner, reason: 'lore' } }] })
      .expect(201);
  const close = (round: number, as: Record<string, string> = t.organizer) => t.http().post('/rounds/close').set(as).send({ event: EVENT, round });
  const spectatorSlipHash = async (round: number) =>
    createHash('sha256')
      .update(canonicalJson((await t.http().get('/rounds/results').query({ event: EVENT, round }).expect(200)).body), 'utf8')
      .digest('hex');
  const verifier = async () => verifierFromKey((await t.http().get('/log/key').expect(200)).text.trim());
  const entryAt = async (index: number) => {
    const answer = await t
      .http()
      .get(`/log/${tilePath({ level: ENTRIES_LEVEL, n: 0, width: index + 1 })}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return decodeEntryBundle(answer.body as Buffer, index + 1)[index].toString('utf8');
  };

  beforeAll(async () => {
    // round 2, table 1: Ada wins 2–1; table 2: Grace wins 2–0
    for (const [id, table, game, winner] of [
      ['r2-t1-g1', 1, 1, 'p1'],
      ['r2-t1-g2', 1, 2, 'p2'],
      ['r2-t1-g3', 1, 3, 'p1'],
      ['r2-t2-g1', 2, 1, 'p2'],
      ['r2-t2-g2', 2, 2, 'p2'],
    ] as const) {
      await create(id, 2, table, game);
      await end(id, winner);
    }
  });

  it('is the organizer key only: 401 without a token, 403 with a judge, recorder or player token of a game in the round', async () => {
    expect((await close(2, {}).expect(401)).body.code).toBe('UNAUTHENTICATED');
    const own = tokens['r2-t1-g1'];
    for (const token of [own.judge, own.recorder, own.players.p1]) expect((await close(2, t.bearer(token)).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await t.http().get('/rounds/log').query({ event: EVENT, round: 2 }).expect(200)).body.entries).toEqual([]);
  });

  it('enters the slip a spectator reads, by its hash, counting each game at its end; the entry is in the tiles and proved against the checkpoint', async () => {
    const answer = await close(2).expect(201);
    firstAnswer = answer.body;
    firstEntry = answer.body.entry;
    const slip = await spectatorSlipHash(2);
    expect(answer.body).toMatchObject({ event: EVENT, round: 2, slip, index: expect.any(Number), closedAt: '2026-11-28T10:00:00.000Z' });
    const entry = parseRoundEntry(answer.body.entry);
    const receipts = await Promise.all(entry.counts.map(async (count) => (await t.http().get(`/matches/${count.matchId}/receipt`).expect(200)).body.head));
    expect(entry).toMatchObject({ kind: 'round-closed', event: EVENT, round: 2, slip, kid: receipts[0].kid });
    expect(entry.counts).toEqual(['r2-t1-g1', 'r2-t1-g2', 'r2-t1-g3', 'r2-t2-g1', 'r2-t2-g2'].map((matchId, i) => ({ matchId, revision: 2, head: receipts[i].hash })));
    // the ends it counts were logged before it
    expect(answer.body.index).toBe(5);
    expect(await entryAt(answer.body.index)).toBe(answer.body.entry);

    const log = (await t.http().get('/rounds/log').query({ event: EVENT, round: 2 }).expect(200)).body;
    expect(log.entries).toEqual([{ index: 5, slip, counts: entry.counts, closedAt: answer.body.closedAt, current: true, proof: expect.any(String) }]);
    const file = await t.http().get(log.entries[0].proof).expect(200);
    expect(file.headers['content-disposition']).toContain('.tlog-proof');
    const proof = parseTlogProof(file.text);
    const checkpoint = openCheckpoint(proof.checkpoint, [await verifier()]).checkpoint;
    expect(proof.index).toBe(5);
    expect(verifyInclusion(proof.index, checkpoint.size, leafHash(Buffer.from(answer.body.entry, 'utf8')), proof.inclusion, checkpoint.root)).toBe(true);
  });

  it('closed again with the same slip answers 200 with the same entry and enters nothing', async () => {
    const size = openCheckpoint((await t.http().get('/log/checkpoint').expect(200)).text, [await verifier()]).checkpoint.size;
    expect((await close(2).expect(200)).body).toEqual(firstAnswer);
    expect(openCheckpoint((await t.http().get('/log/checkpoint').expect(200)).text, [await verifier()]).checkpoint.size).toBe(size);
  });

  it('closed again after a result changed, enters a new entry: the first stays as it was', async () => {
    const before = (await t.http().get('/rounds/log').query({ event: EVENT, round: 2 }).expect(200)).body.entries;
    await t.http().post('/matches/r2-t1-g2/void').set(t.organizer).send({ reason: 'recorded at the wrong table' }).expect(201);
    const answer = await close(2).expect(201);
    expect(answer.body.slip).toBe(await spectatorSlipHash(2));
    expect(answer.body.slip).not.toBe(before[0].slip);
    // the void's entry first, then the round's
    expect(answer.body.index).toBe(before[0].index + 2);
    expect(parseRoundEntry(answer.body.entry).counts.map((count) => count.matchId)).toEqual(['r2-t1-g1', 'r2-t1-g3', 'r2-t2-g1', 'r2-t2-g2']);
    const log = (await t.http().get('/rounds/log').query({ event: EVENT, round: 2 }).expect(200)).body.entries;
    expect(log.map((entry: { index: number; current: boolean }) => [entry.index, entry.current])).toEqual([
      [before[0].index, false],
      [answer.body.index, true],
    ]);
    expect(await entryAt(before[0].index)).toBe(firstEntry);
  });

  it('refuses a round with no game, or a game in progress: 409 ROUND_NOT_CLOSABLE naming each reason', async () => {
    const empty = await close(9).expect(409);
    expect(empty.body).toMatchObject({ code: 'ROUND_NOT_CLOSABLE', reasons: ['no game is recorded in it'] });
    await create('r3-t1-g1', 3, 1, 1);
    const live = await close(3).expect(409);
    expect(live.body.reasons).toEqual([expect.stringContaining('r3-t1-g1 at table 1 is in progress')]);
    await end('r3-t1-g1', 'p1');
    const undecided = await close(3).expect(409);
    expect(undecided.body.reasons).toEqual([expect.stringContaining('at table 1 is not decided')]);
    expect((await t.http().get('/rounds/log').query({ event: EVENT, round: 3 }).expect(200)).body.entries).toEqual([]);
  });

  it("refuses a round while a broadcast delay holds a game's end back from spectators, and closes it once the end is shown", async () => {
    await create('r4-t1-g1', 4, 1, 1, { broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' });
    time.at += 31_000;
    await end('r4-t1-g1', 'p1');
    await create('r4-t1-g2', 4, 1, 2);
    await end('r4-t1-g2', 'p1');
    const held = await close(4).expect(409);
    expect(held.body.reasons).toEqual([expect.stringContaining('broadcast delay still holds back from spectators the start, end or void of game r4-t1-g1')]);
    expect(JSON.stringify(held.body)).not.toContain('winner');
    time.at += 31_000;
    const answer = await close(4).expect(201);
    expect(answer.body.slip).toBe(await spectatorSlipHash(4));
    expect(parseRoundEntry(answer.body.entry).counts.map((count) => count.matchId)).toEqual(['r4-t1-g1', 'r4-t1-g2']);
  });
});
