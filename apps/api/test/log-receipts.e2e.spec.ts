import { ENTRIES_LEVEL, decodeEntryBundle, openCheckpoint, parseMatchEntry, parseTlogProof, tilePath, verifierFromKey } from '@matchlog/ledger';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, partsWithTime, startTestApp } from './support/test-app';

const time = {
  at: Date.parse('2026-12-02T10:00:00.000Z'),
  now() {
    return this.at;
  },
};
const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

/** POST /matches/:id/log: any receipt, on request, as the public may see it (issue 39 §1). */
describe('receipts entered in the log on request', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ logIntervalMs: 60_000 }, partsWithTime(time))));
  afterAll(() => t.close());

  const record = async (matchId: string, turns: number, extra: object = {}) => {
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), ...extra })
      .expect(201);
    for (let n = 1; n <= turns; n++)
      await t
        .http()
        .post(`/matches/${matchId}/events`)
        .set(t.organizer)
        .send({ expectedRevision: n, events: [turn(n)] })
        .expect(201);
  };
  const entries = async () => {
    const key = (await t.http().get('/log/key').expect(200)).text.trim();
    const { checkpoint } = openCheckpoint((await t.http().get('/log/checkpoint').expect(200)).text, [verifierFromKey(key)]);
    const bundle = await t
      .http()
      .get(`/log/${tilePath({ level: ENTRIES_LEVEL, n: 0, width: checkpoint.size })}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return decodeEntryBundle(bundle.body as Buffer, checkpoint.size).map((entry) => parseMatchEntry(entry.toString('utf8')));
  };

  it('enters the public receipt once per revision, at once (not at the next interval), for anyone who may see the match', async () => {
    await record('rcpt-a', 2);
    const receipt = (await t.http().get('/matches/rcpt-a/receipt').expect(200)).body;
    const first = await t.http().post('/matches/rcpt-a/log').expect(201);
    expect(first.body).toEqual({ entry: expect.any(String), revision: 3, index: 0 });
    expect(parseMatchEntry(first.body.entry)).toEqual({ kind: 'receipt', matchId: 'rcpt-a', revision: 3, head: receipt.head.hash, kid: receipt.head.kid });
    // asked again, by a player this time: the same entry, nothing new
    const players = (
      await t
        .http()
        .post('/matches/rcpt-a/tokens')
        .set(t.organizer)
        .send({ roles: ['p1'] })
        .expect(201)
    ).body.tokens;
    expect((await t.http().post('/matches/rcpt-a/log').set(t.bearer(players.players.p1)).expect(200)).body).toEqual(first.body);
    expect(await entries()).toEqual([parseMatchEntry(first.body.entry)]);
    // a later revision is a new entry; the proof is of the latest
    await t
      .http()
      .post('/matches/rcpt-a/events')
      .set(t.organizer)
      .send({ expectedRevision: 3, events: [turn(3)] })
      .expect(201);
    expect((await t.http().post('/matches/rcpt-a/log').expect(201)).body).toMatchObject({ revision: 4, index: 1 });
    expect((await t.http().get('/matches/rcpt-a/log').expect(200)).body.entries).toEqual([
      { index: 0, kind: 'receipt', revision: 3 },
      { index: 1, kind: 'receipt', revision: 4 },
    ]);
    const proved = (await t.http().get('/matches/rcpt-a/receipt?proof=1').expect(200)).body.log;
    expect(parseMatchEntry(proved.entry).revision).toBe(4);
    expect(parseTlogProof(proved.proof).index).toBe(1);
  });

  it('enters only what the public may see: the delayed head even for the organizer of a held-back match, nothing for a stranger before its creation is shown', async () => {
    await record('rcpt-delayed', 3, { broadcastDelay: { events: 2, seconds: 30 }, broadcastAccess: 'token' });
    expect((await t.http().post('/matches/rcpt-delayed/log').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    const before = (await entries()).length;
    time.at += 31_000;
    // the public is 2 events behind: revision 2, never the live 4 the organizer sees
    const logged = await t.http().post('/matches/rcpt-delayed/log').set(t.organizer).expect(201);
    expect(logged.body).toMatchObject({ revision: 2, index: before });
    const publicReceipt = (await t.http().get('/matches/rcpt-delayed/receipt').expect(200)).body;
    expect(parseMatchEntry(logged.body.entry).head).toBe(publicReceipt.head.hash);
    const live = (await t.http().get('/matches/rcpt-delayed/receipt').set(t.organizer).expect(200)).body;
    expect(live.head.revision).toBe(4);
    expect((await entries()).map((entry) => entry.head)).not.toContain(live.head.hash);
    expect((await t.http().post('/matches/no-such-match/log').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
  });
});
