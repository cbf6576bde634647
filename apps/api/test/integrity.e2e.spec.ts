import { shuffleCommitment } from '@matchlog/audit/chain/commitment';
import { GENESIS } from '@matchlog/audit/chain/hash-chain';
import { TestApp, startTestApp } from './support/test-app';
import { draw, lorcanaMatch, zone } from './support/fixtures';

type Tokens = { players: Record<string, string>; judge: string };
const NDJSON = 'application/x-ndjson';
const HEX64 = /^[0-9a-f]{64}$/;

describe('tamper evidence and provably fair shuffles', () => {
  let t: TestApp;
  let tokens: Tokens;
  let otherJudge: string;
  const id = 'int-1';
  const shuffle = { id: 'int-1-shuffle', type: 'ZoneShuffled', data: { zone: zone('deck', 'p1'), order: ['c02', 'c01'] } };

  beforeAll(async () => {
    t = await startTestApp();
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    otherJudge = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('int-other')).expect(201)).body.tokens.judge;
    await t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, shuffle] }).expect(201);
    // the same batch again (a retry): the shuffle gets the salt it got the first time, so it is recognised
    expect((await t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision: 2, events: [shuffle] }).expect(201)).body).toEqual({ matchId: id, revision: 3 });
    await t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision: 3, events: [draw('c02'), { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } }] }).expect(201);
  });
  afterAll(() => t.close());

  const judgeFeed = async (matchId = id) => (await t.http().get(`/matches/${matchId}/events?audience=judge`).set(t.organizer).expect(200)).body.observations.map((o: { observation: unknown }) => o.observation);
  const exported = async (matchId = id) => {
    const res = await t.http().get(`/matches/${matchId}/export`).set(t.bearer(tokens.judge)).buffer(true).parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    }).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    return res.body as string;
  };

  it('stores every event with its hash, chained to the one before it', async () => {
    const events = await judgeFeed();
    expect(events).toHaveLength(5);
    expect(events[0].meta).toMatchObject({ recordedBy: 'organizer', previous: GENESIS, hash: expect.stringMatching(HEX64) });
    for (let i = 1; i < events.length; i++) expect(events[i].meta.previous).toBe(events[i - 1].meta.hash);
  });

  it('verify re-checks the chain and the commitments, for the judge and the organizer', async () => {
    for (const auth of [t.bearer(tokens.judge), t.organizer]) {
      const res = await t.http().get(`/matches/${id}/verify`).set(auth).expect(200);
      expect(res.body).toEqual({ matchId: id, ok: true, chain: { ok: true, count: 5, head: expect.stringMatching(HEX64) }, findings: [] });
    }
  });

  it('a shuffle recorded through the API carries a commitment in non-judge feeds, never the salt; the judge has the salt', async () => {
    const judged = (await judgeFeed())[2];
    const { salt, commitment } = judged.data;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(commitment).toBe(shuffleCommitment({ zone: 'deck', player: 'p1' }, ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt));
    const feeds = [
      (await t.http().get(`/matches/${id}/events?audience=p1&to=4`).set(t.bearer(tokens.players.p1)).expect(200)),
      (await t.http().get(`/matches/${id}/events?audience=p2&to=4`).set(t.bearer(tokens.players.p2)).expect(200)),
      (await t.http().get(`/matches/${id}/events?to=4`).expect(200)),
    ];
    for (const feed of feeds) {
      expect(feed.body.observations[2].observation).toMatchObject({ type: 'ZoneShuffled', commitment });
      expect(feed.text).not.toContain(salt);
      expect(feed.text).not.toContain('"salt"');
    }
  });

  it('MatchEnded publishes every shuffle\'s order and salt, so anyone can recompute the commitment', async () => {
    const feed = (await t.http().get(`/matches/${id}/events`).expect(200)).body.observations;
    const end = feed[4].observation;
    const { salt, commitment } = (await judgeFeed())[2].data;
    expect(end).toEqual({ type: 'MatchEnded', winner: 'p1', reason: '20 lore', shuffles: [{ revision: 3, zone: { zone: 'deck', player: 'p1' }, order: ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt }] });
    const [published] = end.shuffles;
    expect(shuffleCommitment(published.zone, published.order, published.salt)).toBe(commitment);
    expect(feed[2].observation.commitment).toBe(commitment);
  });

  it('verify reports a commitment that does not match its order, in the language asked for', async () => {
    const forged = 'int-forged';
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(forged)).expect(201);
    const data = { ...shuffle.data, salt: 'ab'.repeat(16), commitment: 'cd'.repeat(32) };
    await t.http().post(`/matches/${forged}/events`).set(t.organizer).send({ expectedRevision: 1, events: [{ type: 'ZoneShuffled', data }] }).expect(201);
    const res = await t.http().get(`/matches/${forged}/verify`).set(t.organizer).set('Accept-Language', 'es').expect(200);
    expect(res.body).toMatchObject({ ok: false, chain: { ok: true }, findings: [{ revision: 2, code: 'SHUFFLE_COMMITMENT_MISMATCH', rule: 'matchlog fair shuffle', severity: 'violation', message: expect.stringMatching(/^El barajado de deck@p1/) }] });
    const bad = await t.http().post(`/matches/${forged}/events`).set(t.organizer).send({ expectedRevision: 2, events: [{ type: 'ZoneShuffled', data: { ...shuffle.data, salt: 'not hex' } }] }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'events.0.data.salt must be 32 to 128 lowercase hex digits', details: [{ path: 'events.0.data.salt' }] });
  });

  it('export gives JSON Lines with the chain, and the export imported elsewhere gives the same match', async () => {
    const text = await exported();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(JSON.parse(lines[5])).toEqual({ chain: { count: 5, head: expect.stringMatching(HEX64) } });
    const elsewhere = await startTestApp();
    try {
      const res = await elsewhere.http().post(`/matches/import?matchId=${id}`).set(elsewhere.organizer).set('Content-Type', NDJSON).send(text).expect(201);
      expect(res.body).toEqual({ matchId: id, revision: 5, tokens: { players: { p1: expect.any(String), p2: expect.any(String) }, judge: expect.any(String) } });
      for (const audience of ['p1', 'p2', 'public', 'judge']) {
        const ours = (await t.http().get(`/matches/${id}/views/${audience}`).set(t.organizer).expect(200)).body;
        const theirs = (await elsewhere.http().get(`/matches/${id}/views/${audience}`).set(elsewhere.bearer(res.body.tokens.judge)).expect(200)).body;
        expect(theirs).toEqual(ours);
        const feed = (await elsewhere.http().get(`/matches/${id}/events?audience=${audience}`).set(elsewhere.organizer).expect(200)).body;
        expect(feed).toEqual((await t.http().get(`/matches/${id}/events?audience=${audience}`).set(t.organizer).expect(200)).body);
      }
      expect((await elsewhere.http().get(`/matches/${id}/verify`).set(elsewhere.organizer).expect(200)).body.ok).toBe(true);
      expect((await elsewhere.http().get(`/matches/${id}`).expect(200)).body.eventCount).toBe(5);
      await elsewhere.http().get(`/matches/${id}/views/p1`).set(elsewhere.bearer(res.body.tokens.players.p1)).expect(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('import refuses a tampered export with 422 naming the first bad line, and writes nothing', async () => {
    const lines = (await exported()).trimEnd().split('\n');
    const tampered = [...lines];
    tampered[3] = tampered[3].replace('"c02"', '"c01"'); // the draw: another card
    const changed = await t.http().post('/matches/import?matchId=int-tampered').set(t.organizer).set('Content-Type', NDJSON).send(tampered.join('\n')).expect(422);
    expect(changed.body).toMatchObject({ statusCode: 422, code: 'CHAIN_BROKEN', line: 4, reason: 'changed', message: expect.stringMatching(/^line 4 \(event .*, CardMoved\) was changed/) });
    const removed = await t.http().post('/matches/import?matchId=int-tampered').set(t.organizer).set('Content-Type', NDJSON).send([...lines.slice(0, 2), ...lines.slice(3)].join('\n')).expect(422);
    expect(removed.body).toMatchObject({ code: 'CHAIN_BROKEN', line: 3, reason: 'removed or reordered' });
    const truncated = await t.http().post('/matches/import?matchId=int-tampered').set(t.organizer).set('Content-Type', NDJSON).send([...lines.slice(0, 4), lines[5]].join('\n')).expect(422);
    expect(truncated.body).toMatchObject({ code: 'CHAIN_BROKEN', line: 5, reason: 'removed or reordered' });
    await t.http().get('/matches/int-tampered').expect(404);
  });

  it('import refuses an existing match id (409), an unreadable log (400, with the line) and a body that is not JSON Lines', async () => {
    const text = await exported();
    await t.http().post('/matches/import?matchId=int-other').set(t.organizer).set('Content-Type', NDJSON).send(text).expect(409);
    const unreadable = await t.http().post('/matches/import').set(t.organizer).set('Content-Type', NDJSON).send(`${text.split('\n')[0]}\n{"id":\n`).expect(400);
    expect(unreadable.body).toMatchObject({ code: 'LOG_UNREADABLE', line: 2 });
    await t.http().post('/matches/import').set(t.organizer).send({ events: [] }).expect(400);
    await t.http().post('/matches/import').set(t.organizer).set('Content-Type', NDJSON).send('\n').expect(400);
    await t.http().post('/matches/import?matchId=bad id!').set(t.organizer).set('Content-Type', NDJSON).send(text).expect(400);
  });

  it('401 without a token, 403 for a token that may not (a player, another match\'s judge, a judge importing)', async () => {
    for (const path of [`/matches/${id}/verify`, `/matches/${id}/export`]) {
      await t.http().get(path).expect(401);
      await t.http().get(path).set(t.bearer(tokens.players.p1)).expect(403);
      await t.http().get(path).set(t.bearer(otherJudge)).expect(403);
    }
    const text = await exported();
    await t.http().post('/matches/import').set('Content-Type', NDJSON).send(text).expect(401);
    await t.http().post('/matches/import').set(t.bearer(tokens.judge)).set('Content-Type', NDJSON).send(text).expect(403);
    await t.http().get('/matches/nope/verify').set(t.organizer).expect(404);
  });
});
