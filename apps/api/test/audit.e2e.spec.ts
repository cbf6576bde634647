import { TestApp, startTestApp } from './support/test-app';
import { detailMessages, draw, lorcanaMatch, zone } from './support/fixtures';

describe('audit endpoints: knowledge, findings, deliveries', () => {
  let t: TestApp;
  let tokens: { players: Record<string, string>; judge: string };
  const id = 'audit-1';

  beforeAll(async () => {
    t = await startTestApp();
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({
        expectedRevision: 1,
        events: [
          { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
          { type: 'CardMoved', data: { cardId: 'c02', from: zone('deck', 'p1'), to: zone('hand', 'p1') } }, // not the top card: 7.2.2
          { type: 'CardsLookedAt', data: { player: 'p2', cardIds: ['c03'] } }, // p1's hand, no effect named: 7.1.3
        ],
      })
      .expect(201);
  });
  afterAll(() => t.close());

  const judge = () => ({ Authorization: `Bearer ${tokens.judge}` });

  it('GET /audit names each planted violation with its code, rule, revision and players', async () => {
    const { body } = await t.http().get(`/matches/${id}/audit`).set(judge()).expect(200);
    expect(body.revision).toBe(4);
    expect(body.findings.map((f: { code: string; rule: string; revision: number; severity: string }) => [f.code, f.rule, f.revision, f.severity])).toEqual([
      ['DECK_ORDER_CHANGED', 'lorcana 7.2.2', 3, 'violation'],
      ['LOOK_WITHOUT_EFFECT', 'lorcana 7.1.3', 4, 'violation'],
    ]);
    expect(body.findings[1].players).toContain('p2');
  });

  it('answers in Spanish when asked (Accept-Language: es)', async () => {
    const en = (await t.http().get(`/matches/${id}/audit`).set(judge())).body.findings[1].message;
    const es = (await t.http().get(`/matches/${id}/audit`).set(judge()).set('Accept-Language', 'es-ES,es;q=0.9')).body.findings[1].message;
    expect(es).not.toEqual(en);
    expect(es).toMatch(/zona privada/);
  });

  it('GET /knowledge tells who knew which card and which deck positions are still random', async () => {
    const { body } = await t.http().get(`/matches/${id}/knowledge`).set(t.organizer).expect(200);
    expect(JSON.stringify(body)).toContain('c02');
    const early = (await t.http().get(`/matches/${id}/knowledge?at=1`).set(judge()).expect(200)).body;
    expect(JSON.stringify(early)).not.toEqual(JSON.stringify(body));
    const res = await t.http().get(`/matches/${id}/knowledge?at=99`).set(judge()).expect(400);
    expect(res.body.code).toBe('REVISION_OUT_OF_RANGE');
  });

  it('POST /audit/deliveries reports a leak in an overlay feed with its path, and nothing for a clean feed', async () => {
    const leaky = { deliveries: [{ audience: 'public', revision: 3, payload: { overlay: { p1: { hand: ['Be Prepared'] } } } }] };
    const { body } = await t.http().post(`/matches/${id}/audit/deliveries`).set(judge()).send(leaky).expect(200);
    expect(body.leaks).toEqual([
      expect.objectContaining({ delivery: 0, audience: 'public', revision: 3, kind: 'definition', value: 'Be Prepared', cardId: 'c03', path: '$.overlay.p1.hand[0]' }),
    ]);
    const clean = { deliveries: [{ audience: 'public', revision: 3, payload: { overlay: { p1: { handCount: 3 }, turn: 1 } } }] };
    expect((await t.http().post(`/matches/${id}/audit/deliveries`).set(judge()).send(clean).expect(200)).body.leaks).toEqual([]);
    const ids = { deliveries: [{ audience: 'p2', revision: 2, payload: ['c01'] }] };
    expect((await t.http().post(`/matches/${id}/audit/deliveries`).set(judge()).send(ids).expect(200)).body.leaks[0]).toMatchObject({ kind: 'cardId', value: 'c01' });
  });

  it('bad deliveries are a 400 naming the field', async () => {
    const res = await t
      .http()
      .post(`/matches/${id}/audit/deliveries`)
      .set(judge())
      .send({ deliveries: [{ audience: 'p9', revision: 1, payload: {} }] })
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, details: [{ path: 'deliveries[0].audience' }] });
    const missing = await t
      .http()
      .post(`/matches/${id}/audit/deliveries`)
      .set(judge())
      .send({ deliveries: [{ audience: 'public', revision: -1 }] })
      .expect(400);
    expect(detailMessages(missing.body)).toEqual(expect.arrayContaining(['deliveries.0.revision must not be less than 0', 'deliveries.0.payload should not be null or undefined']));
  });

  it('only the judge of this match or the organizer: players 403, nobody 401, unknown match 404', async () => {
    for (const path of ['audit', 'knowledge']) {
      await t.http().get(`/matches/${id}/${path}`).set(t.bearer(tokens.players.p1)).expect(403);
      await t.http().get(`/matches/${id}/${path}`).expect(401);
    }
    await t
      .http()
      .post(`/matches/${id}/audit/deliveries`)
      .set(t.bearer(tokens.players.p2))
      .send({ deliveries: [{ audience: 'public', revision: 1, payload: 1 }] })
      .expect(403);
    await t.http().get('/matches/nope/audit').set(t.organizer).expect(404);
  });

  it('a draw from the top and an own-hand look are no findings', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('audit-clean')).expect(201);
    await t
      .http()
      .post('/matches/audit-clean/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01'), { type: 'CardsLookedAt', data: { player: 'p1', cardIds: ['c03'] } }] })
      .expect(201);
    expect((await t.http().get('/matches/audit-clean/audit').set(t.organizer)).body.findings).toEqual([]);
  });
});
