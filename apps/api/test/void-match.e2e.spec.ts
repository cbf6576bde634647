import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** A game of "Void Cup" round `round` at table 4, numbered `game` or not at all. */
const gameAt = (matchId: string, round: number, game?: number) => ({
  ...lorcanaMatch(matchId),
  tournament: { event: 'Void Cup', round, table: 4, ...(game !== undefined && { game }), bestOf: 3 },
});

describe('POST /matches/:id/void: the organizer voids a match', () => {
  let t: TestApp;
  const tokens: Record<string, { judge: string; recorder: string; players: Record<string, string> }> = {};

  const create = async (body: { matchId?: string }) => {
    tokens[body.matchId!] = (await t.http().post('/matches').set(t.organizer).send(body).expect(201)).body.tokens;
  };
  const won = (matchId: string, winner: string) =>
    t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner, reason: 'lore' } }] })
      .expect(201);
  const voidIt = (matchId: string, body: object = { reason: 'recorded twice' }) => t.http().post(`/matches/${matchId}/void`).set(t.organizer).send(body);
  const slip = async (round: number) => (await t.http().get('/rounds/results').query({ event: 'Void Cup', round }).expect(200)).body.tables[0];
  const csvRow = async (round: number) => (await t.http().get('/rounds/results').query({ event: 'Void Cup', round, format: 'csv' }).expect(200)).text.split('\r\n')[1];

  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('six games recorded at one table without game numbers: the first counts, five are duplicates, nothing is decided (not "p1 6–0")', async () => {
    for (let i = 1; i <= 6; i++) {
      await create(gameAt(`six-${i}`, 1));
      await won(`six-${i}`, 'p1');
    }
    const table = await slip(1);
    expect(table.result).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, unnumberedDuplicates: 5 });
    expect(table.games.map((game: { duplicate: boolean }) => game.duplicate)).toEqual([false, true, true, true, true, true]);
    expect(await csvRow(1)).toBe('4,p1,Ada,p2,Grace,1,0,0,,false,p1;p1;p1;p1;p1;p1,six-2;six-3;six-4;six-5;six-6,');
  });

  it('voids an ended match: the log keeps every event and adds MatchVoided, every audience sees it void, and the slip counts nothing of it', async () => {
    await create(gameAt('v-g1', 2, 1));
    await create(gameAt('v-g2', 2, 2));
    await create(gameAt('v-g2-again', 2, 2));
    await won('v-g1', 'p1');
    await won('v-g2', 'p1');
    await won('v-g2-again', 'p2');
    expect(await slip(2)).toMatchObject({ result: { decided: false, duplicateGames: [2] } });

    const res = await voidIt('v-g2-again', { reason: 'game 2 recorded twice' }).expect(201);
    expect(res.body).toEqual({ matchId: 'v-g2-again', revision: 3, position: expect.any(Number) });

    const table = await slip(2);
    expect(table.games.map((game: { matchId: string; voided: boolean; duplicate: boolean }) => [game.matchId, game.voided, game.duplicate])).toEqual([
      ['v-g1', false, false],
      ['v-g2', false, false],
      ['v-g2-again', true, false],
    ]);
    expect(table.result).toEqual({ wins: { p1: 2, p2: 0 }, draws: 0, winner: 'p1', draw: false, decided: true });
    expect(await csvRow(2)).toBe('4,p1,Ada,p2,Grace,2,0,0,p1,true,p1;p1;void,,v-g2-again');

    const judge = (await t.http().get('/matches/v-g2-again/events?audience=judge&from=0').set(t.organizer).expect(200)).body;
    expect(judge.observations.map((entry: { observation: { type: string } }) => entry.observation.type)).toEqual(['MatchCreated', 'MatchEnded', 'MatchVoided']);
    expect(judge.observations[2].observation).toMatchObject({ data: { reason: 'game 2 recorded twice' }, meta: { recordedBy: 'organizer' } });
    const { observations } = (await t.http().get('/matches/v-g2-again/events?audience=public&from=2').expect(200)).body;
    expect(observations).toEqual([{ revision: 3, observation: { type: 'MatchVoided', reason: 'game 2 recorded twice' } }]);
    for (const [audience, as] of [
      ['public', {}],
      ['p1', t.bearer(tokens['v-g2-again'].players.p1)],
      ['judge', t.bearer(tokens['v-g2-again'].judge)],
    ] as const) {
      const view = (await t.http().get(`/matches/v-g2-again/views/${audience}`).set(as).expect(200)).body;
      expect(view).toMatchObject({ revision: 3, ended: { winner: 'p2' }, voided: { reason: 'game 2 recorded twice' } });
    }
    const verified = (await t.http().get('/matches/v-g2-again/verify').set(t.organizer).expect(200)).body;
    expect(verified).toMatchObject({ ok: true, chain: { ok: true } });
    // the catalog says so too: the match's summary and the list a viewer searches
    expect((await t.http().get('/matches/v-g2-again').expect(200)).body).toMatchObject({ voided: true, winner: 'p2' });
    const listed = (await t.http().get('/matches').query({ event: 'Void Cup', round: 2 }).expect(200)).body.matches;
    expect(listed.map((m: { matchId: string; voided: boolean }) => [m.matchId, m.voided]).sort()).toEqual([
      ['v-g1', false],
      ['v-g2', false],
      ['v-g2-again', true],
    ]);
  });

  it('voids a match in play; a void match takes no more events (MATCH_VOIDED) and is not voided twice (MATCH_ALREADY_VOIDED)', async () => {
    await create(gameAt('v-live', 3, 1));
    await voidIt('v-live').expect(201);
    const again = await voidIt('v-live', { reason: 'once more' }).expect(422);
    expect(again.body).toMatchObject({ code: 'MATCH_ALREADY_VOIDED', message: expect.stringContaining('already void') });
    const more = await t
      .http()
      .post('/matches/v-live/events')
      .set(t.organizer)
      .send({ expectedRevision: 2, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] })
      .expect(422);
    expect(more.body.code).toBe('MATCH_VOIDED');
    expect((await slip(3)).games).toEqual([
      { game: 1, matchId: 'v-live', ended: false, winner: null, draw: false, voided: true, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
    ]);
  });

  it('only the organizer key: a judge, a player or the recorder cannot void, by the route or by appending a MatchVoided', async () => {
    await create(gameAt('v-guard', 4, 1));
    const { judge, recorder, players } = tokens['v-guard'];
    for (const token of [judge, recorder, players.p1]) expect((await t.http().post('/matches/v-guard/void').set(t.bearer(token)).send({ reason: 'mine' })).status).toBe(403);
    expect((await t.http().post('/matches/v-guard/void').send({ reason: 'mine' })).status).toBe(401);
    const appended = await t
      .http()
      .post('/matches/v-guard/events')
      .set(t.bearer(recorder))
      .send({ expectedRevision: 1, events: [{ type: 'MatchVoided', data: { reason: 'mine' } }] })
      .expect(403);
    expect(appended.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('POST /matches/:id/void') });
    expect((await t.http().get('/matches/v-guard/views/public').expect(200)).body.voided).toBeNull();
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a reason that is no string', { reason: 7 }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
  ])('400 VALIDATION_FAILED for %s, saying what to send', async (_, body) => {
    await create(gameAt(`v-bad-${Object.keys(body).length}-${JSON.stringify(body).length}`, 5, 1));
    const res = await voidIt(`v-bad-${Object.keys(body).length}-${JSON.stringify(body).length}`, body).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('reason') });
  });

  it('404 MATCH_NOT_FOUND for a match that does not exist', async () => {
    expect((await voidIt('no-such-match').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
  });
});
