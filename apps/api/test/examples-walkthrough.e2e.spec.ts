import { auditMatch, checkCommitments, parseJsonLines, verifyChain } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { join } from 'path';
import { TestApp, startTestApp } from './support/test-app';

/**
 * The README walk-through for every example: each game's match recorded over HTTP exactly as the
 * README records it (POST /matches with match.json, POST /matches/:id/events with events.json), so
 * its shuffles get server-drawn salts and commitments. An honest match: no violation on /audit,
 * `ok: true` on /verify, and the same verdicts offline from its export.
 */
const games = ['lorcana', 'four-souls', 'grand-archive'] as const;
const example = (game: string, file: string) => readFileSync(join(__dirname, '..', '..', '..', 'examples', game, file), 'utf8');

describe.each(games)('the %s example, recorded as the README does', (game) => {
  let t: TestApp;
  let id: string;
  let judge: { Authorization: string };
  beforeAll(async () => {
    t = await startTestApp();
    const created = await t.http().post('/matches').set(t.organizer).set('Content-Type', 'application/json').send(example(game, 'match.json')).expect(201);
    id = created.body.matchId;
    judge = t.bearer(created.body.tokens.judge);
    const body = JSON.parse(example(game, 'events.json'));
    const recorded = await t.http().post(`/matches/${id}/events`).set(t.organizer).set('Content-Type', 'application/json').send(example(game, 'events.json')).expect(201);
    expect(recorded.body).toEqual({ matchId: id, revision: body.events.length + 1, position: expect.any(Number) });
  });
  afterAll(() => t.close());

  const exported = async () => {
    const res = await t
      .http()
      .get(`/matches/${id}/export`)
      .set(judge)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    const parsed = parseJsonLines(res.body as string);
    if ('error' in parsed) throw new Error(parsed.error.message);
    return parsed;
  };

  it('has committed shuffles to check: the server salted and committed every one', async () => {
    const { events } = await exported();
    const shuffles = events.filter((event) => event.type === 'ZoneShuffled');
    expect(shuffles.length).toBeGreaterThan(0);
    for (const shuffle of shuffles) expect(shuffle.data).toMatchObject({ salt: expect.stringMatching(/^[0-9a-f]+$/), commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('audits with no violation, in English and in Spanish, as the offline audit of its export does', async () => {
    const { events } = await exported();
    for (const language of ['en', 'es'] as const) {
      const { body } = await t.http().get(`/matches/${id}/audit`).set(judge).set('Accept-Language', language).expect(200);
      expect(body.findings.filter((finding: { severity: string }) => finding.severity === 'violation')).toEqual([]);
      expect(body.findings).toEqual(auditMatch(events, { language }));
    }
  });

  it('verifies ok, as the offline verify of its export does', async () => {
    const { body } = await t.http().get(`/matches/${id}/verify`).set(judge).expect(200);
    expect(body).toMatchObject({ matchId: id, ok: true, chain: { ok: true }, findings: [] });
    const { events, head } = await exported();
    expect(verifyChain(events, head)).toEqual(body.chain);
    expect(checkCommitments(events)).toEqual([]);
  });
});

describe("the best of three in examples/lorcana-bo3, recorded as the README's scorekeeper part does", () => {
  let t: TestApp;
  const ids: string[] = [];
  let judge3: { Authorization: string };
  beforeAll(async () => {
    t = await startTestApp();
    for (const game of [1, 2, 3]) {
      const created = await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .set('Content-Type', 'application/json')
        .send(example('lorcana-bo3', `game-${game}.match.json`))
        .expect(201);
      ids.push(created.body.matchId);
      judge3 = t.bearer(created.body.tokens.judge);
      await t
        .http()
        .post(`/matches/${created.body.matchId}/events`)
        .set(t.organizer)
        .set('Content-Type', 'application/json')
        .send(example('lorcana-bo3', `game-${game}.events.json`))
        .expect(201);
    }
  });
  afterAll(() => t.close());

  it('the result slip: one table, p1 and p2 a game each and game 3 drawn, so a drawn match; the CSV says the same', async () => {
    const { body } = await t.http().get('/rounds/results').query({ event: 'Example Cup', round: 3 }).expect(200);
    expect(body.tables).toHaveLength(1);
    expect(body.tables[0].games.map((g: { matchId: string; winner: string | null; draw: boolean }) => [g.matchId, g.winner, g.draw])).toEqual([
      [ids[0], 'p1', false],
      [ids[1], 'p2', false],
      [ids[2], null, true],
    ]);
    expect(body.tables[0].result).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true });
    const csv = (await t.http().get('/rounds/results').query({ event: 'Example Cup', round: 3, format: 'csv' }).expect(200)).text;
    expect(csv.split('\r\n')[1]).toBe('12,p1,Ana Ortiz,p2,Ben Kowalski,1,1,1,draw,true,p1;p2;draw,,');
  });

  it('GET /matches/:id and the list say which game of how many each is (tournament.game and bestOf)', async () => {
    for (const [i, id] of ids.entries())
      expect((await t.http().get(`/matches/${id}`).expect(200)).body.tournament).toEqual({ event: 'Example Cup', round: 3, table: 12, game: i + 1, bestOf: 3 });
    const listed = (await t.http().get('/matches').query({ event: 'Example Cup' }).expect(200)).body.matches;
    expect(listed.map((m: { tournament: { game: number } }) => m.tournament.game).sort()).toEqual([1, 2, 3]);
  });

  it("game 3's clock: time called in turn 5, the 5 turns after time the procedure allows, the judge's extension; its audit finds no violation", async () => {
    const clock = (await t.http().get(`/matches/${ids[2]}/clock`).set(judge3).expect(200)).body;
    expect(clock.afterTime).toMatchObject({ turnsPlayed: 5, turnsAllowed: 5, minutesAllowed: null });
    expect(clock.timeCalled).toMatchObject({ turn: 5 });
    expect(clock.extensions).toEqual([expect.objectContaining({ seconds: 180 })]);
    const { findings } = (await t.http().get(`/matches/${ids[2]}/audit`).set(judge3).expect(200)).body;
    expect(findings.filter((f: { severity: string }) => f.severity === 'violation')).toEqual([]);
  });
});

describe("the README's walk-through run twice: the second run's copies are duplicates, and voiding them as the README does restores the slip", () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  const record = async (game: string, files: [string, string]): Promise<string> => {
    const created = await t.http().post('/matches').set(t.organizer).set('Content-Type', 'application/json').send(example(game, files[0])).expect(201);
    await t.http().post(`/matches/${created.body.matchId}/events`).set(t.organizer).set('Content-Type', 'application/json').send(example(game, files[1])).expect(201);
    return created.body.matchId;
  };
  const recordBo3 = async () => {
    const ids: string[] = [];
    for (const game of [1, 2, 3]) ids.push(await record('lorcana-bo3', [`game-${game}.match.json`, `game-${game}.events.json`]));
    return ids;
  };
  const slip = async (event: string, format?: 'csv') =>
    t
      .http()
      .get('/rounds/results')
      .query({ event, round: 3, ...(format && { format }) })
      .expect(200);
  /** The README's loop: every game of the slip not void and not of this run, voided with the organizer key. */
  const voidEarlierRuns = async (thisRun: string[]) => {
    const games: { matchId: string; voided: boolean }[] = (await slip('Example Cup')).body.tables.flatMap((table: { games: unknown[] }) => table.games);
    const earlier = games.filter((game) => !game.voided && !thisRun.includes(game.matchId)).map((game) => game.matchId);
    for (const id of earlier) await t.http().post(`/matches/${id}/void`).set(t.organizer).send({ reason: 'recorded again by a later run of the walk-through' }).expect(201);
    return earlier;
  };
  const DRAW = { wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true };

  it('best of three: a drawn match after each run, never "decided" on doubled games', async () => {
    const first = await recordBo3();
    expect(await voidEarlierRuns(first)).toEqual([]);
    expect((await slip('Example Cup')).body.tables[0].result).toEqual(DRAW);

    const second = await recordBo3();
    const doubled = (await slip('Example Cup')).body.tables[0];
    // a slip never counts a game twice: no duplicate is a win or a draw (it was "2–2, 2 drawn")
    expect(doubled.result).toEqual({ wins: { p1: 0, p2: 0 }, draws: 0, decided: false, winner: null, draw: false, duplicateGames: [1, 2, 3] });
    expect(doubled.games.every((game: { duplicate: boolean }) => game.duplicate)).toBe(true);

    expect((await voidEarlierRuns(second)).sort()).toEqual([...first].sort());
    const restored = (await slip('Example Cup')).body.tables;
    expect(restored).toHaveLength(1);
    expect(restored[0].result).toEqual(DRAW);
    expect(restored[0].games.filter((game: { voided: boolean }) => !game.voided).map((game: { matchId: string }) => game.matchId)).toEqual(second);
    const row = (await slip('Example Cup', 'csv')).text.split('\r\n')[1].split(',');
    expect(row.slice(0, 11)).toEqual(['12', 'p1', 'Ana Ortiz', 'p2', 'Ben Kowalski', '1', '1', '1', 'draw', 'true', 'void;p1;void;p2;void;draw']);
    expect(row[11]).toBe('');
    expect(row[12].split(';').sort()).toEqual([...first].sort());
  });

  it('the Lorcana example recorded twice at its table without a game number: the first counts, the second is a duplicate, nothing is decided', async () => {
    const event = 'Disney Lorcana Store Championship - Riverside Games';
    const first = await record('lorcana', ['match.json', 'events.json']);
    const second = await record('lorcana', ['match.json', 'events.json']);
    const table = (await slip(event)).body.tables[0];
    expect(table.games.map((game: { matchId: string; duplicate: boolean }) => [game.matchId, game.duplicate])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect(table.result).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, unnumberedDuplicates: 1 });
    expect((await slip(event, 'csv')).text.split('\r\n')[1]).toBe(`12,p1,Ana Ortiz,p2,Ben Kowalski,1,0,0,,false,p1;p1,${second},`);
  });
});
