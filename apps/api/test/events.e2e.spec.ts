import { EventStore } from '@matchlog/store';
import { EVENT_STORE } from '../src/injection-keys';
import { TestApp, startTestApp } from './support/test-app';
import { detailMessages, draw, lorcanaMatch, zone } from './support/fixtures';

describe('POST /matches/:id/events', () => {
  let t: TestApp;
  let n = 0;
  const newMatch = async () => {
    const matchId = `ev-${++n}`;
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(matchId)).expect(201);
    return matchId;
  };
  const append = (matchId: string, body: unknown) =>
    t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send(body as object);
  const revisionOf = async (matchId: string) => (await t.http().get(`/matches/${matchId}/views/judge`).set(t.organizer)).body.revision;

  beforeAll(async () => (t = await startTestApp({ bodyLimit: '64kb' })));
  afterAll(() => t.close());

  it("appends a batch and answers with the new revision and its last event's log position", async () => {
    const id = await newMatch();
    const res = await append(id, { expectedRevision: 1, events: [draw('c01'), { type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] }).expect(201);
    const [last] = await t.app.get<EventStore>(EVENT_STORE).readStream(id, { direction: 'backwards', maxCount: 1 });
    expect(res.body).toEqual({ matchId: id, revision: 3, position: last.position });
    expect((await t.http().get(`/matches/${id}`)).body.eventCount).toBe(3);
  });

  it('409 on a revision conflict, saying the current revision, and writes nothing', async () => {
    const id = await newMatch();
    await append(id, { expectedRevision: 1, events: [draw('c01')] }).expect(201);
    const res = await append(id, { expectedRevision: 1, events: [draw('c02')] }).expect(409);
    expect(res.body).toMatchObject({ code: 'REVISION_CONFLICT', expectedRevision: 1, currentRevision: 2 });
    await append(id, { expectedRevision: 7, events: [draw('c02')] }).expect(409);
    expect(await revisionOf(id)).toBe(2);
  });

  it('422 when the domain refuses an event: code, the rule cited, the field and which event', async () => {
    const id = await newMatch();
    const res = await append(id, {
      expectedRevision: 1,
      events: [draw('c01'), { type: 'CardMoved', data: { cardId: 'c01', from: zone('deck', 'p1'), to: zone('play', 'p1') } }],
    }).expect(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'CARD_NOT_IN_ZONE', rule: 'lorcana 7.1.5', details: [{ path: 'data.from' }], eventIndex: 1 });
    expect(await revisionOf(id)).toBe(1); // all or nothing: the valid first event was not written either
    const bag = await append(id, {
      expectedRevision: 1,
      events: [{ type: 'TriggerAdded', data: { triggerId: 't', player: 'p1', sourceCardId: 'c04', ability: 'Exert', kind: 'activated' } }],
    }).expect(422);
    expect(bag.body).toMatchObject({ code: 'NOT_A_TRIGGERED_ABILITY', rule: 'lorcana 7.7.2', details: [{ path: 'data.kind' }] });
  });

  it('400 lists every offending field of the envelope, with its path, and writes nothing', async () => {
    const id = await newMatch();
    const res = await append(id, {
      expectedRevision: -1,
      events: [
        { type: 'CardMoved', data: { cardId: 5, from: { zone: 'Deck!' }, to: zone('hand', 'p1'), extra: true } },
        { type: 'Teleported', data: {} },
        { type: 'TurnStarted', data: 'p1' },
      ],
      sneaky: 1,
    }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/see details/) });
    expect(detailMessages(res.body)).toEqual(
      expect.arrayContaining([
        'property sneaky should not exist',
        'expectedRevision must not be less than 0',
        expect.stringMatching(/^events\.1\.type must be one of: MatchCreated, CardMoved, /),
        'events.2.data must be an object',
      ]),
    );
    await append(id, { expectedRevision: 1, events: [] }).expect(400);
    await append(id, { expectedRevision: 1 }).expect(400);
    expect(await revisionOf(id)).toBe(1);
  });

  it("422 MALFORMED_EVENT when an event's data does not fit its type: the domain names the field, what it must be, and which event", async () => {
    const id = await newMatch();
    const wrongType = await append(id, {
      expectedRevision: 1,
      events: [draw('c01'), { type: 'CardMoved', data: { cardId: 5, from: zone('hand', 'p1'), to: zone('play', 'p1') } }],
    }).expect(422);
    expect(wrongType.body).toEqual({
      statusCode: 422,
      code: 'MALFORMED_EVENT',
      rule: 'matchlog',
      message: 'data.cardId must be a string',
      details: [{ path: 'data.cardId', message: 'data.cardId must be a string' }],
      eventIndex: 1,
    });
    const nested = await append(id, { expectedRevision: 1, events: [{ type: 'CardMoved', data: { cardId: 'c01', from: { zone: 'Deck!' }, to: zone('hand', 'p1') } }] }).expect(422);
    expect(nested.body).toMatchObject({
      code: 'MALFORMED_EVENT',
      details: [{ path: 'data.from.zone', message: 'data.from.zone must be a zone name in kebab-case, e.g. hand' }],
      eventIndex: 0,
    });
    const extra = await append(id, { expectedRevision: 1, events: [{ ...draw('c01'), data: { ...draw('c01').data, extra: true } }] }).expect(422);
    expect(extra.body).toMatchObject({ code: 'MALFORMED_EVENT', details: [{ path: 'data.extra' }] });
    const shuffle = await append(id, { expectedRevision: 1, events: [{ type: 'ZoneShuffled', data: { zone: 'deck', order: [] } }] }).expect(422);
    expect(shuffle.body).toMatchObject({ code: 'MALFORMED_EVENT', details: [{ path: 'data.zone' }] });
    expect(await revisionOf(id)).toBe(1);
  });

  it('POST /matches: a bad matchId is a 400 (the envelope), bad MatchCreated data a 422 MALFORMED_EVENT naming the field', async () => {
    const badId = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch('x'), matchId: 'bad id!' })
      .expect(400);
    expect(badId.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'matchId' }] });
    const match = lorcanaMatch('ev-bad-seat');
    const badSeat = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...match, players: [{ id: 'p 1' }] })
      .expect(422);
    expect(badSeat.body).toMatchObject({
      code: 'MALFORMED_EVENT',
      details: [{ path: 'data.players[0].id', message: 'data.players[0].id must be 1-128 letters, digits, ".", "_", ":" or "-"' }],
      eventIndex: 0,
    });
    await t.http().post('/matches').set(t.organizer).send([match]).expect(400);
    await t.http().get('/matches/ev-bad-seat').expect(404);
  });

  it('400 for a body that is not JSON, 413 for one over the limit, 404 for an unknown match; never a 500', async () => {
    const id = await newMatch();
    const broken = await t.http().post(`/matches/${id}/events`).set(t.organizer).set('Content-Type', 'application/json').send('{"expectedRevision": 1,').expect(400);
    expect(broken.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON', message: expect.stringContaining('JSON') });
    const huge = { expectedRevision: 1, events: [{ type: 'MatchEnded', data: { reason: 'x'.repeat(100_000) } }] };
    expect((await append(id, huge).expect(413)).body).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE', message: expect.stringContaining('request body too large') });
    expect((await append('ghost', { expectedRevision: 1, events: [draw()] }).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    expect(await revisionOf(id)).toBe(1);
  });

  it('415 for a body in a type the API does not read, in the one error shape', async () => {
    const id = await newMatch();
    const res = await t.http().post(`/matches/${id}/events`).set(t.organizer).set('Content-Type', 'application/xml').send('<events/>').expect(415);
    expect(res.body).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('application/json') });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await revisionOf(id)).toBe(1);
  });

  // issue 25 §3: `curl -d` sends a form; read as one, it failed validation with a message about its fields
  it.each([
    ['a form, as plain curl -d sends it', 'application/x-www-form-urlencoded'],
    ['plain text', 'text/plain'],
    ['JSON under another type', 'application/merge-patch+json'],
  ])('415 for JSON sent as %s, telling to send Content-Type: application/json, on every route that takes a body', async (_, type) => {
    const id = await newMatch();
    const body = JSON.stringify({ expectedRevision: 1, events: [draw()] });
    for (const path of [`/matches/${id}/events`, '/matches', `/matches/${id}/tokens`]) {
      const res = await t.http().post(path).set(t.organizer).set('Content-Type', type).send(body).expect(415);
      expect([path, res.body]).toEqual([path, { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('Content-Type: application/json') }]);
    }
    expect(await revisionOf(id)).toBe(1);
  });

  it('retrying a batch with the same event ids returns its first result and writes nothing new', async () => {
    const id = await newMatch();
    const batch = {
      expectedRevision: 1,
      events: [
        { id: `${id}-e1`, ...draw('c01') },
        { id: `${id}-e2`, type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
      ],
    };
    const first = await append(id, batch).expect(201);
    const again = await append(id, batch).expect(201);
    expect(again.body).toEqual(first.body);
    expect(await revisionOf(id)).toBe(3);
    const reused = await append(id, { expectedRevision: 3, events: [{ id: `${id}-e1`, type: 'MatchEnded', data: { reason: 'x' } }] }).expect(409);
    expect(reused.body.code).toBe('DUPLICATE_EVENT_ID');
  });

  it("a recorder probing event ids learns nothing of another match: another match's id answers as an id nobody holds", async () => {
    const victim = await newMatch();
    await append(victim, { expectedRevision: 1, events: [{ id: `${victim}-secret`, type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] }).expect(201);
    const mine = 'ev-prober';
    const { recorder } = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(mine)).expect(201)).body.tokens;
    const probe = (expectedRevision: number, id: string) =>
      t
        .http()
        .post(`/matches/${mine}/events`)
        .set(t.bearer(recorder))
        .send({ expectedRevision, events: [{ id, type: 'TurnStarted', data: { player: 'p2', turn: 9 } }] });
    await t
      .http()
      .post(`/matches/${mine}/events`)
      .set(t.bearer(recorder))
      .send({ expectedRevision: 1, events: [{ id: `${mine}-own`, type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] })
      .expect(201);
    /** the body with the probed id taken out: what tells one answer from another */
    const answer = async (res: Promise<{ status: number; body: Record<string, unknown> }>, id: string) => {
      const { status, body } = await res;
      return { status, ...body, message: String(body.message).replaceAll(id, '<id>'), ...(body.eventId !== undefined && { eventId: body.eventId === id ? '<id>' : body.eventId }) };
    };
    // at the match's revision: an id of this match (another event) is refused, naming no match
    const own = await answer(probe(2, `${mine}-own`), `${mine}-own`);
    expect(own).toMatchObject({ status: 409, code: 'DUPLICATE_EVENT_ID', eventId: '<id>' });
    expect(own.message).toMatch(/give this event another id/);
    // behind the match: another match's id answers as an id nobody holds does, a conflict; an id of this match is its own
    const stale = await answer(probe(1, `${victim}-secret`), `${victim}-secret`);
    expect(stale).toEqual(await answer(probe(1, 'ev-nobody-holds-this'), 'ev-nobody-holds-this'));
    expect(stale).toMatchObject({ status: 409, code: 'REVISION_CONFLICT', expectedRevision: 1, currentRevision: 2 });
    expect(await answer(probe(1, `${mine}-own`), `${mine}-own`)).toMatchObject({ status: 409, code: 'DUPLICATE_EVENT_ID' });
    expect(await revisionOf(mine)).toBe(2);
    expect(await revisionOf(victim)).toBe(2);
    // and a retry of this match's own batch, behind it, still answers as the first time
    expect(
      (
        await t
          .http()
          .post(`/matches/${mine}/events`)
          .set(t.bearer(recorder))
          .send({ expectedRevision: 1, events: [{ id: `${mine}-own`, type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] })
          .expect(201)
      ).body,
    ).toEqual({ matchId: mine, revision: 2, position: expect.any(Number) });
    // and at the match's revision another match's id is a fresh one here (event-ids-per-match.e2e.spec.ts)
    expect((await probe(2, `${victim}-secret`).expect(201)).body).toEqual({ matchId: mine, revision: 3, position: expect.any(Number) });
    expect(await revisionOf(victim)).toBe(2);
  });

  it('stamps who recorded each event and when; the judge sees it in the observations', async () => {
    const id = await newMatch();
    await append(id, { expectedRevision: 1, events: [draw()] }).expect(201);
    const observed = await t.http().get(`/matches/${id}/events?audience=judge`).set(t.organizer).expect(200);
    expect(observed.body.observations[1].observation.meta).toEqual({
      recordedBy: 'organizer',
      recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // the hash chain (integrity.e2e.spec.ts)
      previous: observed.body.observations[0].observation.meta.hash,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('judge and player tokens may not append (403), nobody gets 401; the full matrix is access-matrix.e2e.spec.ts', async () => {
    const { body } = await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('ev-roles')).expect(201);
    const events = { expectedRevision: 1, events: [draw()] };
    await t.http().post('/matches/ev-roles/events').send(events).expect(401);
    await t.http().post('/matches/ev-roles/events').set(t.bearer(body.tokens.judge)).send(events).expect(403);
    await t.http().post('/matches/ev-roles/events').set(t.bearer(body.tokens.players.p1)).send(events).expect(403);
    expect(await revisionOf('ev-roles')).toBe(1);
  });

  it('concurrent appends at the same revision: exactly one wins', async () => {
    const id = await newMatch();
    const results = await Promise.all(['c01', 'c02', 'c01'].map((card) => append(id, { expectedRevision: 1, events: [draw(card)] })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await revisionOf(id)).toBe(2);
  });
});
