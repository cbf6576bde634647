import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** The judge's desk over HTTP (docs/guides/judging.md): a whole call, a ruling with time, notes, the event's desk and history. */
describe("the judge's desk", () => {
  let t: TestApp;
  let tokens: { judge: string; recorder: string; players: Record<string, string> };

  beforeAll(async () => {
    t = await startTestApp();
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('desk-1')).expect(201)).body.tokens;
    await t
      .http()
      .post('/matches/desk-1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw()] })
      .expect(201);
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('desk-2')).expect(201);
  });
  afterAll(() => t.close());

  it('a player calls, the judge claims, rules with a time extension and resolves; each audience reads what it may', async () => {
    const p1 = t.bearer(tokens.players.p1);
    const judge = t.bearer(tokens.judge);
    const called = await t.http().post('/matches/desk-1/calls').set(p1).send({ at: 2, reason: 'I drew Ariel off the top, was that right?' }).expect(201);
    expect(called.body).toEqual({ callId: expect.any(String), revision: 3 });
    const { callId } = called.body;

    const open = await t.http().get('/desk/calls?event=Lyon Regional').set(t.organizer).expect(200);
    expect(open.body.calls).toEqual([
      expect.objectContaining({ matchId: 'desk-1', callId, by: 'p1', byName: 'Ada', at: 2, status: 'open', table: 12, round: 3, calledAt: expect.any(String), revision: 3 }),
    ]);

    await t.http().post(`/matches/desk-1/calls/${callId}/claim`).set(judge).send({ judge: 'Hugo' }).expect(200, { revision: 4 });
    const ruled = await t
      .http()
      .post('/matches/desk-1/rulings')
      .set(judge)
      .send({
        callId,
        player: 'p1',
        infraction: 'Drew from the wrong place',
        penalty: 'Warning',
        remedy: 'none needed',
        text: 'p1 drew Ariel correctly',
        seconds: 120,
        judge: 'Hugo',
      })
      .expect(201);
    // the ruling and its TimeExtended in one batch
    expect(ruled.body).toEqual({ rulingId: expect.any(String), revision: 6 });
    await t.http().post(`/matches/desk-1/calls/${callId}/resolve`).set(judge).send({ judge: 'Hugo' }).expect(200, { revision: 7 });

    const clock = await t.http().get('/matches/desk-1/clock').set(judge).expect(200);
    expect(clock.body.extensions).toEqual([expect.objectContaining({ seconds: 120, reason: "a judge's ruling" })]);

    const p1View = (await t.http().get('/matches/desk-1/views/p1').set(p1).expect(200)).body;
    expect(p1View.desk.calls).toEqual([{ callId, by: 'p1', at: 2, status: 'resolved' }]);
    expect(p1View.desk.rulings).toEqual([{ rulingId: ruled.body.rulingId, callId, player: 'p1', penalty: 'Warning', seconds: 120 }]);
    // the texts reach the players in the observations of their revision
    const p1Feed = (await t.http().get('/matches/desk-1/events?audience=p1&from=2').set(p1).expect(200)).body.observations.map(
      (entry: { observation: unknown }) => entry.observation,
    );
    expect(p1Feed).toEqual(
      expect.arrayContaining([
        { type: 'JudgeCalled', callId, by: 'p1', at: 2, reason: 'I drew Ariel off the top, was that right?' },
        expect.objectContaining({ type: 'RulingGiven', infraction: 'Drew from the wrong place', remedy: 'none needed', seconds: 120 }),
      ]),
    );
    const p2View = (await t.http().get('/matches/desk-1/views/p2').set(t.bearer(tokens.players.p2)).expect(200)).body;
    expect(p2View.desk.calls).toEqual([{ callId, by: 'p1', at: 2, status: 'resolved' }]);
    for (const body of [p1View, p2View]) expect(JSON.stringify(body)).not.toMatch(/Hugo|correctly/);
    const publicView = (await t.http().get('/matches/desk-1/views/public').expect(200)).body;
    expect(publicView).not.toHaveProperty('desk');
    expect(publicView.time.extensions).toEqual([expect.objectContaining({ seconds: 120, reason: "a judge's ruling" })]);

    const polled = await t.http().get('/desk/calls?event=Lyon Regional').set(t.organizer).expect(200);
    expect(polled.body.calls).toEqual([]);
    // polling: an unchanged desk answers 304 to its ETag, a changed one 200 with a new ETag
    await t.http().get('/desk/calls?event=Lyon Regional').set(t.organizer).set('If-None-Match', polled.headers.etag).expect(304);
    expect(polled.headers.etag).not.toBe(open.headers.etag);
    const all = await t.http().get('/desk/calls?event=Lyon Regional&status=all').set(t.organizer).expect(200);
    expect(all.body.calls).toEqual([expect.objectContaining({ callId, status: 'resolved', judge: 'Hugo' })]);
    expect((await t.http().get('/matches/desk-1/calls').set(judge).expect(200)).body.calls).toHaveLength(1);

    // the round's slip counts the ruling's time
    const slip = (await t.http().get('/rounds/results').query({ event: 'Lyon Regional', round: 3 }).expect(200)).body;
    const games = slip.tables.flatMap((table: { games: { matchId: string }[] }) => table.games);
    expect(games.find((game: { matchId: string }) => game.matchId === 'desk-1').timeExtensions).toEqual({ count: 1, seconds: 120 });
    expect(games.find((game: { matchId: string }) => game.matchId === 'desk-2').timeExtensions).toEqual({ count: 0, seconds: 0 });

    const history = await t.http().get('/desk/history?event=Lyon Regional').set(t.organizer).expect(200);
    expect(history.body.players).toEqual([
      {
        player: 'Ada',
        calls: [expect.objectContaining({ matchId: 'desk-1', callId, status: 'resolved' })],
        rulings: [expect.objectContaining({ penalty: 'Warning', seconds: 120, revision: 5 })],
      },
      { player: 'Grace', calls: [], rulings: [] },
    ]);
  });

  it('refuses a claim of an unknown call (404) or of a resolved one (409), with stable codes', async () => {
    const judge = t.bearer(tokens.judge);
    expect((await t.http().post('/matches/desk-1/calls/nope/claim').set(judge).send({ judge: 'Hugo' }).expect(404)).body.code).toBe('UNKNOWN_CALL');
    const { callId } = (await t.http().post('/matches/desk-1/calls').set(t.bearer(tokens.recorder)).send({ at: 0, reason: 'the table asks' }).expect(201)).body;
    await t.http().post(`/matches/desk-1/calls/${callId}/resolve`).set(judge).send({ judge: 'Hugo' }).expect(200);
    for (const action of ['claim', 'escalate', 'resolve'])
      expect((await t.http().post(`/matches/desk-1/calls/${callId}/${action}`).set(judge).send({ judge: 'Hugo' }).expect(409)).body.code).toBe('CALL_RESOLVED');
    expect((await t.http().post('/matches/desk-1/calls').set(judge).send({ at: 99, reason: 'x' }).expect(403)).body.code).toBe('FORBIDDEN');
    // the generic append takes no desk event: the desk's routes check who writes it and its free text
    const revision = (await t.http().get('/matches/desk-1/views/judge').set(judge).expect(200)).body.revision;
    const appended = await t
      .http()
      .post('/matches/desk-1/events')
      .set(t.bearer(tokens.recorder))
      .send({ expectedRevision: revision, events: [{ type: 'JudgeNoted', data: { noteId: 'x', at: 1, text: 'p1 holds Be Prepared', published: true } }] })
      .expect(400);
    expect(appended.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'events.0.type' }] });
    expect((await t.http().post('/matches/desk-1/calls').set(t.bearer(tokens.players.p2)).send({ at: 99, reason: 'later' }).expect(422)).body.code).toBe('REVISION_NOT_REACHED');
  });

  it('refuses a free text that names a card hidden from an audience that would read it: 422 FREE_TEXT_NAMES_HIDDEN_CARD', async () => {
    const judge = t.bearer(tokens.judge);
    // Be Prepared lies in p1's hand: p1 may name it in a call (only p1 and the judge read it), p2 may not
    await t.http().post('/matches/desk-1/calls').set(t.bearer(tokens.players.p1)).send({ at: 1, reason: 'can I still play Be Prepared?' }).expect(201);
    const refused = await t.http().post('/matches/desk-1/calls').set(t.bearer(tokens.players.p2)).send({ at: 1, reason: 'p1 has Be Prepared, I saw it' }).expect(422);
    expect(refused.body).toMatchObject({ code: 'FREE_TEXT_NAMES_HIDDEN_CARD', audience: 'p2', details: [{ path: 'reason' }] });
    expect(refused.body.message).toMatch(/Be Prepared.*player p2.*reword/);
    // a ruling's remedy reaches both players; its text only the judge
    const ruling = { player: 'p1', infraction: 'Seeing Extra Cards', penalty: 'Warning', judge: 'Hugo' };
    const remedy = await t
      .http()
      .post('/matches/desk-1/rulings')
      .set(judge)
      .send({ ...ruling, remedy: 'show Be Prepared to p2' })
      .expect(422);
    expect(remedy.body).toMatchObject({ code: 'FREE_TEXT_NAMES_HIDDEN_CARD', audience: 'p2', details: [{ path: 'remedy' }] });
    await t
      .http()
      .post('/matches/desk-1/rulings')
      .set(judge)
      .send({ ...ruling, text: 'p1 held Be Prepared' })
      .expect(201);
    // a published note reaches everyone; an unpublished one only the judge
    await t.http().post('/matches/desk-1/notes').set(judge).send({ at: 2, text: 'Be Prepared in hand', published: true }).expect(422);
    await t.http().post('/matches/desk-1/notes').set(judge).send({ at: 2, text: 'Be Prepared in hand' }).expect(201);
    const publicView = (await t.http().get('/matches/desk-1/views/public').expect(200)).body;
    expect(JSON.stringify(publicView)).not.toContain('Be Prepared');
  });

  it('checks the penalty against the game (GET /desk/penalties), takes retries, and is open after the game', async () => {
    const judge = t.bearer(tokens.judge);
    const vocabulary = (await t.http().get('/desk/penalties').expect(200)).body;
    expect(vocabulary.games.find((g: { game: string }) => g.game === 'lorcana').penalties).toEqual(['Caution', 'Warning', 'Game Loss', 'Match Loss', 'Disqualification']);
    expect(vocabulary.games.find((g: { game: string }) => g.game === 'grand-archive').infractions).toEqual([
      expect.objectContaining({ infraction: 'Seeing Extra Cards', penalty: 'Warning', remedy: 'shuffle the seen cards back into the random part of the deck' }),
    ]);
    const bad = await t.http().post('/matches/desk-1/rulings').set(judge).send({ player: 'p1', infraction: 'x', penalty: 'Flogging', judge: 'Hugo' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'penalty' }] });

    const note = { noteId: 'n-retry', at: 1, text: 'restart here' };
    const first = (await t.http().post('/matches/desk-1/notes').set(judge).send(note).expect(201)).body;
    expect((await t.http().post('/matches/desk-1/notes').set(judge).send(note).expect(201)).body).toEqual(first);
    expect(
      (
        await t
          .http()
          .post('/matches/desk-1/notes')
          .set(judge)
          .send({ ...note, text: 'other' })
          .expect(422)
      ).body.code,
    ).toBe('DUPLICATE_NOTE');

    const revision = (await t.http().get('/matches/desk-1/views/judge').set(judge).expect(200)).body.revision;
    await t
      .http()
      .post('/matches/desk-1/events')
      .set(t.organizer)
      .send({ expectedRevision: revision, events: [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'p2 conceded' } }] })
      .expect(201);
    await t.http().post('/matches/desk-1/calls').set(t.bearer(tokens.players.p2)).send({ at: 3, reason: 'after the game' }).expect(201);
    const late = await t
      .http()
      .post('/matches/desk-1/rulings')
      .set(judge)
      .send({ player: 'p2', infraction: 'Slow play', penalty: 'Caution', seconds: 60, judge: 'Hugo' })
      .expect(400);
    expect(late.body.details).toEqual([expect.objectContaining({ path: 'seconds' })]);
  });

  it("the slip shows a delayed match's extensions only as far as its delay lets the caller see", async () => {
    const held = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch('desk-held'), tournament: { event: 'Held Open', round: 1, table: 1 }, broadcastAccess: 'token', broadcastDelay: { events: 3 } })
        .expect(201)
    ).body.tokens;
    const judge = t.bearer(held.judge);
    const rule = (seconds: number) =>
      t.http().post('/matches/desk-held/rulings').set(judge).send({ player: 'p1', infraction: 'Slow play', penalty: 'Caution', seconds, judge: 'Hugo' }).expect(201);
    const note = () => t.http().post('/matches/desk-held/notes').set(judge).send({ at: 1, text: 'later' }).expect(201);
    await rule(60); // revisions 2 and 3
    await note();
    await note();
    await note(); // head 6: the delay shows revision 3
    await rule(90); // revisions 7 and 8: head 8, the delay shows 5
    const extensionsFor = async (as: Record<string, string>) =>
      (await t.http().get('/rounds/results').query({ event: 'Held Open', round: 1 }).set(as).expect(200)).body.tables[0].games[0].timeExtensions;
    expect(await extensionsFor({})).toEqual({ count: 1, seconds: 60 });
    expect(await extensionsFor(t.organizer)).toEqual({ count: 2, seconds: 150 });
    expect(await extensionsFor(t.bearer(held.players.p2))).toEqual({ count: 2, seconds: 150 });
  });
});
