import { shuffleCommitment } from '@matchlog/audit';
import { canonicalJson } from '@matchlog/audit';
import { GENESIS, chainEvents, eventHash } from '@matchlog/audit';
import { parseJsonLines, toJsonLines } from '@matchlog/audit';
import { SignedHead, pinnedKeysOf, signHead, signatureHolds, thumbprintOf } from '@matchlog/audit';
import { verifyLog } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { createPrivateKey, generateKeyPairSync } from 'crypto';
import { readFileSync, statSync } from 'fs';
import { join } from 'path';
import { TestApp, startTestApp } from './support/test-app';
import { signedLog } from './support/signed-log';
import { draw, lorcanaMatch, zone } from './support/fixtures';

type Tokens = { players: Record<string, string>; judge: string };
const NDJSON = 'application/x-ndjson';
const HEX64 = /^[0-9a-f]{64}$/;

const parsedLog = (text: string) => {
  const parsed = parseJsonLines(text);
  if ('error' in parsed) throw new Error(parsed.error.message);
  return parsed;
};

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
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, shuffle] })
      .expect(201);
    // the same batch again (a retry): the shuffle gets the salt it got the first time, so it is recognised
    expect(
      (
        await t
          .http()
          .post(`/matches/${id}/events`)
          .set(t.organizer)
          .send({ expectedRevision: 2, events: [shuffle] })
          .expect(201)
      ).body,
    ).toEqual({ matchId: id, revision: 3, position: expect.any(Number) });
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 3, events: [draw('c02'), { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } }] })
      .expect(201);
  });
  afterAll(() => t.close());

  const judgeEvents = async (matchId = id) =>
    (await t.http().get(`/matches/${matchId}/events?audience=judge`).set(t.organizer).expect(200)).body.observations.map((o: { observation: unknown }) => o.observation);
  const exported = async (matchId = id) => {
    const res = await t
      .http()
      .get(`/matches/${matchId}/export`)
      .set(t.bearer(tokens.judge))
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    // the file names its match
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${matchId}.jsonl"`);
    return res.body as string;
  };

  it('stores every event with its hash, chained to the one before it', async () => {
    const events = await judgeEvents();
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

  it('a shuffle recorded through the API carries a commitment in non-judge observations, never the salt; the judge has the salt', async () => {
    const judged = (await judgeEvents())[2];
    const { salt, commitment } = judged.data;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(commitment).toBe(shuffleCommitment({ zone: 'deck', player: 'p1' }, ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt));
    const pages = [
      await t.http().get(`/matches/${id}/events?audience=p1&to=4`).set(t.bearer(tokens.players.p1)).expect(200),
      await t.http().get(`/matches/${id}/events?audience=p2&to=4`).set(t.bearer(tokens.players.p2)).expect(200),
      await t.http().get(`/matches/${id}/events?to=4`).expect(200),
    ];
    for (const page of pages) {
      expect(page.body.observations[2].observation).toMatchObject({ type: 'ZoneShuffled', commitment });
      expect(page.text).not.toContain(salt);
      expect(page.text).not.toContain('"salt"');
    }
  });

  it("MatchEnded discloses every shuffle's order and salt to each player, so each can recompute the commitment; spectators get no deck list", async () => {
    const { salt, commitment } = (await judgeEvents())[2].data;
    for (const player of ['p1', 'p2']) {
      const observed = (await t.http().get(`/matches/${id}/events?audience=${player}`).set(t.bearer(tokens.players[player])).expect(200)).body.observations;
      const end = observed[4].observation;
      expect(end).toEqual({
        type: 'MatchEnded',
        winner: 'p1',
        reason: '20 lore',
        shuffles: [{ revision: 3, zone: { zone: 'deck', player: 'p1' }, order: ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt }],
      });
      const [published] = end.shuffles;
      expect(shuffleCommitment(published.zone, published.order, published.salt)).toBe(commitment);
      expect(observed[2].observation.commitment).toBe(commitment);
    }
    const spectators = await t.http().get(`/matches/${id}/events`).expect(200);
    expect(spectators.body.observations[4].observation).toEqual({ type: 'MatchEnded', winner: 'p1', reason: '20 lore' });
    expect(spectators.text).not.toContain(salt);
    expect(spectators.text).not.toContain('Ariel - On Human Legs');
  });

  it('a match created with publicDeckLists: true discloses the orders and salts to spectators too; a non-boolean is refused', async () => {
    const open = 'int-public-decks';
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(open), publicDeckLists: true })
      .expect(201);
    await t
      .http()
      .post(`/matches/${open}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [shuffle, { type: 'MatchEnded', data: { reason: 'time' } }].map(({ type, data }) => ({ type, data })) })
      .expect(201);
    const { salt } = (await judgeEvents(open))[1].data;
    const end = (await t.http().get(`/matches/${open}/events`).expect(200)).body.observations[2].observation;
    expect(end).toEqual({
      type: 'MatchEnded',
      reason: 'time',
      shuffles: [{ revision: 2, zone: { zone: 'deck', player: 'p1' }, order: ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt }],
    });
    const refused = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch('int-public-decks-bad'), publicDeckLists: 'yes' })
      .expect(422);
    expect(refused.body).toMatchObject({ code: 'MALFORMED_EVENT', details: [{ path: 'data.publicDeckLists', message: 'data.publicDeckLists must be true or false' }] });
  });

  it('verify reports a commitment that does not match its order, in the language asked for (a forged shuffle can only come in by import)', async () => {
    const forged = 'int-forged';
    const at = { recordedBy: 'organizer', recordedAt: '2026-11-21T14:00:00.000Z' };
    const data = { ...shuffle.data, salt: 'ab'.repeat(16), commitment: 'cd'.repeat(32) };
    const log = signedLog(t, forged, [
      { id: 'int-forged-created', type: 'MatchCreated', data: lorcanaMatch(), meta: at },
      { id: 'int-forged-shuffle', type: 'ZoneShuffled', data, meta: at },
    ] as MatchEvent[]);
    await t.http().post(`/matches/import?matchId=${forged}`).set(t.organizer).set('Content-Type', NDJSON).send(log).expect(201);
    const res = await t.http().get(`/matches/${forged}/verify`).set(t.organizer).set('Accept-Language', 'es').expect(200);
    expect(res.body).toMatchObject({
      ok: false,
      chain: { ok: true },
      findings: [
        { revision: 2, code: 'SHUFFLE_COMMITMENT_MISMATCH', rule: 'matchlog fair shuffle', severity: 'violation', message: expect.stringMatching(/^El barajado de deck@p1/) },
      ],
    });
  });

  it("an append may not bring a shuffle's salt or commitment, weak or not, by organizer or recorder: 422 SALT_IN_BODY, nothing written; the server draws each salt", async () => {
    const match = 'int-salts';
    const { recorder } = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(match)).expect(201)).body.tokens;
    const sent = [
      { as: t.organizer, data: { ...shuffle.data, salt: '0'.repeat(32) }, field: 'salt' },
      { as: t.bearer(recorder), data: { ...shuffle.data, salt: 'ab'.repeat(16), commitment: 'cd'.repeat(32) }, field: 'salt' },
      { as: t.bearer(recorder), data: { ...shuffle.data, commitment: 'cd'.repeat(32) }, field: 'commitment' },
      { as: t.organizer, data: { ...shuffle.data, salt: 'not hex' }, field: 'salt' },
      { as: t.organizer, data: { ...shuffle.data, salt: null }, field: 'salt' },
    ];
    for (const { as, data, field } of sent) {
      const refused = await t
        .http()
        .post(`/matches/${match}/events`)
        .set(as)
        .send({
          expectedRevision: 1,
          events: [
            { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
            { type: 'ZoneShuffled', data },
          ],
        })
        .expect(422);
      expect(refused.body).toEqual({
        statusCode: 422,
        code: 'SALT_IN_BODY',
        eventIndex: 1,
        message: expect.stringMatching(
          /^events\.1\.data\.(salt|commitment): the server draws every shuffle's salt .* remove salt and commitment from the ZoneShuffled and send it again$/,
        ),
        details: [{ path: `events.1.data.${field}`, message: refused.body.message }],
      });
    }
    // the same retried as the first (stale revision): still refused, not answered as a retry
    await t
      .http()
      .post(`/matches/${match}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 0, events: [{ type: 'ZoneShuffled', data: sent[0].data }] })
      .expect(422);
    expect((await judgeEvents(match)).map((e: { type: string }) => e.type)).toEqual(['MatchCreated']);
    // without one, the server draws a fresh salt per shuffle
    const plain = { type: 'ZoneShuffled', data: shuffle.data };
    await t
      .http()
      .post(`/matches/${match}/events`)
      .set(t.bearer(recorder))
      .send({ expectedRevision: 1, events: [plain, plain] })
      .expect(201);
    const [first, second] = (await judgeEvents(match)).slice(1).map((e: { data: { salt: string } }) => e.data.salt);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('export gives JSON Lines ending with the signed head, and the export imported by a server sharing the key gives the same match', async () => {
    const text = await exported();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const { signedHead } = JSON.parse(lines[5]) as { signedHead: SignedHead };
    const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    expect(signedHead).toEqual({
      head: { purpose: 'export', matchId: id, revision: 5, hash: (await judgeEvents())[4].meta.hash, time: expect.any(String), kid: jwks.keys[0].kid },
      signature: expect.any(String),
      jwk: { kty: 'OKP', crv: 'Ed25519', x: jwks.keys[0].x },
    });
    expect(signatureHolds(signedHead)).toBe(true);
    const pinned = pinnedKeysOf(JSON.stringify(jwks));
    expect(verifyLog(parsedLog(text), { pinned: pinned as never })).toMatchObject({ ok: true, signature: { fingerprint: jwks.keys[0].kid, pinned: true } });
    const ownKey = await startTestApp();
    try {
      const refused = await ownKey.http().post(`/matches/import?matchId=${id}`).set(ownKey.organizer).set('Content-Type', NDJSON).send(text).expect(422);
      expect(refused.body).toMatchObject({ code: 'SIGNATURE_KEY_UNKNOWN', line: 6, message: expect.stringContaining('MATCHLOG_SIGNING_KEY_FILE') });
    } finally {
      await ownKey.close();
    }
    const elsewhere = await startTestApp({ signingKeyFile: join(t.dataDir, 'signing-key.pem') });
    try {
      expect((await elsewhere.http().get('/.well-known/jwks.json').expect(200)).body).toEqual(jwks);
      const res = await elsewhere.http().post(`/matches/import?matchId=${id}`).set(elsewhere.organizer).set('Content-Type', NDJSON).send(text).expect(201);
      expect(res.body).toEqual({
        matchId: id,
        revision: 5,
        tokens: { players: { p1: expect.any(String), p2: expect.any(String) }, judge: expect.any(String), recorder: expect.any(String) },
      });
      for (const audience of ['p1', 'p2', 'public', 'judge']) {
        const ours = (await t.http().get(`/matches/${id}/views/${audience}`).set(t.organizer).expect(200)).body;
        const theirs = (await elsewhere.http().get(`/matches/${id}/views/${audience}`).set(elsewhere.bearer(res.body.tokens.judge)).expect(200)).body;
        expect(theirs).toEqual(ours);
        const observed = (await elsewhere.http().get(`/matches/${id}/events?audience=${audience}`).set(elsewhere.organizer).expect(200)).body;
        expect(observed).toEqual((await t.http().get(`/matches/${id}/events?audience=${audience}`).set(t.organizer).expect(200)).body);
      }
      expect((await elsewhere.http().get(`/matches/${id}/verify`).set(elsewhere.organizer).expect(200)).body.ok).toBe(true);
      expect((await elsewhere.http().get(`/matches/${id}`).expect(200)).body.eventCount).toBe(5);
      await elsewhere.http().get(`/matches/${id}/views/p1`).set(elsewhere.bearer(res.body.tokens.players.p1)).expect(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('re-importing an export into the server that holds it, as a copy or under its own id, is refused naming the match that is that log; nothing is written', async () => {
    const text = await exported();
    for (const target of ['?matchId=int-copy', '', `?matchId=${id}`]) {
      const res = await t.http().post(`/matches/import${target}`).set(t.organizer).set('Content-Type', NDJSON).send(text).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, code: 'MATCH_LOG_ALREADY_IMPORTED', matchId: id });
      expect(res.body.message).toContain(`This log is already stored as match "${id}"`);
      expect(res.body.message).toContain(`Read or export match "${id}" instead`);
    }
    await t.http().get('/matches/int-copy').expect(404);
    expect((await t.http().get(`/matches/${id}`).expect(200)).body.eventCount).toBe(5);
  });

  it('import refuses a tampered export with 422 naming the first bad line, and writes nothing', async () => {
    const lines = (await exported()).trimEnd().split('\n');
    const refused = async (text: string) => (await t.http().post('/matches/import?matchId=int-tampered').set(t.organizer).set('Content-Type', NDJSON).send(text).expect(422)).body;
    const tampered = [...lines];
    tampered[3] = tampered[3].replace('"c02"', '"c01"'); // the draw: another card
    const changed = await t.http().post('/matches/import?matchId=int-tampered').set(t.organizer).set('Content-Type', NDJSON).send(tampered.join('\n')).expect(422);
    expect(changed.body).toMatchObject({
      statusCode: 422,
      code: 'CHAIN_BROKEN',
      line: 4,
      reason: 'changed',
      message: expect.stringMatching(/^line 4 \(event .*, CardMoved\) was changed/),
    });
    const removed = await t
      .http()
      .post('/matches/import?matchId=int-tampered')
      .set(t.organizer)
      .set('Content-Type', NDJSON)
      .send([...lines.slice(0, 2), ...lines.slice(3)].join('\n'))
      .expect(422);
    expect(removed.body).toMatchObject({ code: 'CHAIN_BROKEN', line: 3, reason: 'removed or reordered' });
    // the last event cut off, with the head line kept, and with it cut too
    expect(await refused([...lines.slice(0, 4), lines[5]].join('\n'))).toMatchObject({
      code: 'HEAD_MISMATCH',
      line: 5,
      message: expect.stringContaining('the last events were cut off'),
    });
    expect(await refused(lines.slice(0, 4).join('\n'))).toMatchObject({ code: 'HEAD_MISSING', line: 5, message: expect.stringContaining('export the match again') });
    // a forger with the export (salt included) re-chains an edit and signs with their own key
    const events = parsedLog(lines.join('\n')).events.map((e, i) => (i === 3 ? ({ ...e, data: { ...e.data, cardId: 'c01' } } as MatchEvent) : e));
    const rechained = chainEvents(events);
    const forger = generateKeyPairSync('ed25519').privateKey;
    const head = JSON.parse(lines[5]).signedHead.head;
    const forged = toJsonLines(rechained, signHead({ ...head, hash: rechained[4].meta!.hash! }, forger));
    expect(await refused(forged)).toMatchObject({ code: 'SIGNATURE_KEY_UNKNOWN', line: 6 });
    expect(await refused(lines.slice(0, 5).join('\n') + '\n' + lines[5].replace(/"time":"[^"]*"/, '"time":"2000-01-01T00:00:00.000Z"'))).toMatchObject({
      code: 'SIGNATURE_INVALID',
      line: 6,
    });
    // one reading per line: a duplicate key (the last wins) and a field no hash covers
    const twice = lines[4].replace('"type":"MatchEnded"', '"type":"MatchEnded","type":"MatchEnded"');
    expect(await refused([...lines.slice(0, 4), twice, lines[5]].join('\n'))).toMatchObject({ code: 'LINE_NOT_CANONICAL', line: 5 });
    const extra = canonicalJson({ ...JSON.parse(lines[4]), note: 'p2 conceded' });
    expect(await refused([...lines.slice(0, 4), extra, lines[5]].join('\n'))).toMatchObject({ code: 'LINE_NOT_CANONICAL', line: 5 });
    await t.http().get('/matches/int-tampered').expect(404);
  });

  it('import validates every event through the domain: a log signed by this server whose data has a field no event type has is a 422 MALFORMED_EVENT naming the event; nothing is written', async () => {
    const lines = (await exported()).trimEnd().split('\n');
    const events = parsedLog(lines.join('\n')).events.map(
      (e, i) => (i === 0 ? { ...e, id: 'int-fresh-0' } : i === 3 ? { ...e, data: { ...e.data, note: 'p2 conceded' } } : e) as MatchEvent,
    );
    const rechained = chainEvents(events);
    const serverKey = createPrivateKey(readFileSync(join(t.dataDir, 'signing-key.pem')));
    const head = JSON.parse(lines[5]).signedHead.head;
    const signed = toJsonLines(rechained, signHead({ ...head, matchId: 'int-malformed', hash: rechained[4].meta!.hash! }, serverKey));
    const res = await t.http().post('/matches/import?matchId=int-malformed').set(t.organizer).set('Content-Type', NDJSON).send(signed).expect(422);
    expect(res.body).toMatchObject({ code: 'MALFORMED_EVENT', eventIndex: 3, details: [{ path: 'data.note', message: 'data.note is not a field here: remove it' }] });
    await t.http().get('/matches/int-malformed').expect(404);
  });

  it("import refuses a log whose signed head names another match (a valid signature over match A's head on match B's log): 422 HEAD_MISMATCH, nothing written; with no matchId it becomes the match its head names", async () => {
    const serverKey = createPrivateKey(readFileSync(join(t.dataDir, 'signing-key.pem')));
    const at = { recordedBy: 'organizer', recordedAt: '2026-11-21T14:00:00.000Z' };
    const logOfB = chainEvents([
      { id: 'int-head-b-created', type: 'MatchCreated', data: lorcanaMatch(), meta: at },
      { id: 'int-head-b-turn', type: 'TurnStarted', data: { player: 'p1', turn: 1 }, meta: at },
    ] as MatchEvent[]);
    const headOfA = signHead({ purpose: 'export', matchId: 'int-head-a', revision: 2, hash: logOfB[1].meta!.hash!, time: '2026-11-21T16:00:00.000Z' }, serverKey);
    const forged = toJsonLines(logOfB, headOfA);
    expect(verifyLog(parsedLog(forged), { pinned: [headOfA.jwk] })).toMatchObject({ ok: true }); // the signature and chain hold
    for (const target of ['int-head-b', 'int-head-c']) {
      const refused = await t.http().post(`/matches/import?matchId=${target}`).set(t.organizer).set('Content-Type', NDJSON).send(forged).expect(422);
      expect(refused.body).toEqual({
        statusCode: 422,
        code: 'HEAD_MISMATCH',
        line: 3,
        message: `the signed head (line 3) is for match "int-head-a", not "${target}": a log is imported as the match it was exported from. Leave matchId out, or send matchId=int-head-a`,
      });
      await t.http().get(`/matches/${target}`).expect(404);
    }
    const res = await t.http().post('/matches/import').set(t.organizer).set('Content-Type', NDJSON).send(forged).expect(201);
    expect(res.body).toMatchObject({ matchId: 'int-head-a', revision: 2 });
  });

  it('import refuses an existing match id (409), an unreadable log (400, with the line) and a body that is not JSON Lines', async () => {
    const text = await exported();
    await t.http().post('/matches/import?matchId=int-other').set(t.organizer).set('Content-Type', NDJSON).send(text).expect(409);
    const unreadable = await t
      .http()
      .post('/matches/import')
      .set(t.organizer)
      .set('Content-Type', NDJSON)
      .send(`${text.split('\n')[0]}\n{"id":\n`)
      .expect(400);
    expect(unreadable.body).toMatchObject({ code: 'LOG_UNREADABLE', line: 2 });
    await t.http().post('/matches/import').set(t.organizer).send({ events: [] }).expect(400);
    await t.http().post('/matches/import').set(t.organizer).set('Content-Type', NDJSON).send('\n').expect(400);
    await t.http().post('/matches/import?matchId=bad id!').set(t.organizer).set('Content-Type', NDJSON).send(text).expect(400);
  });

  it('a receipt: any audience reads the signed head at the latest revision; it names no hidden fact and a later export must extend it', async () => {
    const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    const pinned = pinnedKeysOf(JSON.stringify(jwks)) as never;
    for (const auth of [{}, t.bearer(tokens.players.p2), t.bearer(tokens.judge)]) {
      const res = await t.http().get(`/matches/${id}/receipt`).set(auth).expect(200);
      const receipt = res.body as SignedHead;
      expect(receipt.head).toEqual({ purpose: 'receipt', matchId: id, revision: 5, hash: (await judgeEvents())[4].meta.hash, time: expect.any(String), kid: jwks.keys[0].kid });
      expect(verifyLog(parsedLog(await exported()), { pinned, receipt })).toMatchObject({ ok: true, receipt: { revision: 5 } });
      const salt = (await judgeEvents())[0].meta.chainSalt;
      expect(res.text).not.toContain(salt);
    }
    await t.http().get('/matches/nope/receipt').expect(404);
  });

  it("the chain salt: drawn per match, in the judge's MatchCreated meta, and in no observations, view or receipt of another audience", async () => {
    const salt = (await judgeEvents())[0].meta.chainSalt;
    expect(salt).toMatch(HEX64);
    expect(salt).not.toBe((await judgeEvents('int-other'))[0].meta.chainSalt);
    expect(await exported()).toContain(salt);
    const outputs = [
      await t.http().get(`/matches/${id}/events?audience=p1`).set(t.bearer(tokens.players.p1)),
      await t.http().get(`/matches/${id}/events`),
      await t.http().get(`/matches/${id}/views/p1`).set(t.bearer(tokens.players.p1)),
      await t.http().get(`/matches/${id}/views/public`),
      await t.http().get(`/matches/${id}`),
      await t.http().get(`/matches/${id}/receipt`),
      await t.http().get(`/matches/${id}/export`).set(t.bearer(tokens.players.p1)),
    ];
    for (const res of outputs) expect(res.text).not.toContain(salt);
  });

  it('a brute force over the 60 cards a hidden draw could be, given everything a player receives (and its exact meta), does not find the card', async () => {
    const bf = 'int-bruteforce';
    const deck = Array.from({ length: 60 }, (_, i) => ({ cardId: `d${i}`, owner: 'p1', definition: `Card ${i}`, zone: zone('deck', 'p1') }));
    const p2 = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch(bf), cards: [...deck, ...lorcanaMatch().cards.filter((c) => c.owner === 'p2')] })
        .expect(201)
    ).body.tokens.players.p2;
    const before = (await t.http().get(`/matches/${bf}/receipt`).set(t.bearer(p2)).expect(200)).body as SignedHead;
    await t
      .http()
      .post(`/matches/${bf}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ id: 'bf-draw-1', ...draw('d37') }] })
      .expect(201);
    const after = (await t.http().get(`/matches/${bf}/receipt`).set(t.bearer(p2)).expect(200)).body as SignedHead;
    const seen = (await t.http().get(`/matches/${bf}/events?audience=p2`).set(t.bearer(p2)).expect(200)).text;
    expect(seen).not.toContain('d37');
    const [created, drawn] = await judgeEvents(bf);
    const guess = (cardId: string, salt?: string) => eventHash(before.head.hash, { ...drawn, data: { ...drawn.data, cardId } } as MatchEvent, salt);
    expect(deck.filter((card) => guess(card.cardId) === after.head.hash)).toEqual([]);
    // control: with the salt only judges see, the same search finds it
    expect(deck.filter((card) => guess(card.cardId, created.meta.chainSalt) === after.head.hash).map((c) => c.cardId)).toEqual(['d37']);
  });

  it('the JWKS publishes the signing key as an OKP Ed25519 JWK with its thumbprint as kid; the key is generated into the data directory, readable by its owner only', async () => {
    const { keys } = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: thumbprintOf(keys[0]), use: 'sig', alg: 'EdDSA' }]);
    const pem = readFileSync(join(t.dataDir, 'signing-key.pem'), 'utf8');
    expect(createPrivateKey(pem).asymmetricKeyType).toBe('ed25519');
    expect(statSync(join(t.dataDir, 'signing-key.pem')).mode & 0o777).toBe(0o600);
  });

  it("401 without a token, 403 for a token that may not (a player, another match's judge, a judge importing)", async () => {
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
