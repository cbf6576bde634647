import { TestApp, startTestApp } from './support/test-app';
import { lorcanaMatch } from './support/fixtures';

const EVENT = 'Lyon Regional, Day 1';

/** A Lorcana game of a table's match: the fixture's players and cards, at `table`, as game `game`. */
const game = (matchId: string, table: number, number: number, extra: Record<string, unknown> = {}) => ({
  ...lorcanaMatch(matchId),
  tournament: { event: EVENT, round: 2, table, game: number, bestOf: 3, ...extra },
});

/** A 60-card constructed deck of 15 full names × 4, or fewer cards. */
const deck = (owner: string, size = 60) =>
  Array.from({ length: size }, (_, i) => ({ cardId: `${owner}-c${i}`, owner, definition: `Card ${Math.floor(i / 4)} - Of ${owner}`, zone: { zone: 'deck', player: owner } }));

/** Minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
};

describe('GET /rounds/results: the round result slip', () => {
  let t: TestApp;
  const tokens: Record<string, { judge: string }> = {};

  const create = async (body: object) => {
    const res = await t.http().post('/matches').set(t.organizer).send(body).expect(201);
    tokens[res.body.matchId] = res.body.tokens;
  };
  const end = (matchId: string, data: object) =>
    t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data }] });

  beforeAll(async () => {
    t = await startTestApp();
    // table 12: 1–1 and a drawn third game, recorded out of order
    await create(game('t12-g3', 12, 3));
    await create(game('t12-g1', 12, 1));
    await create(game('t12-g2', 12, 2));
    await end('t12-g1', { winner: 'p1', reason: 'lore' }).expect(201);
    await end('t12-g2', { winner: 'p2', reason: 'lore' }).expect(201);
    await end('t12-g3', { draw: true, reason: 'time: no win condition met in the turns after time' }).expect(201);
    // table 5: 2–0 for p2
    await create(game('t5-g1', 5, 1));
    await create(game('t5-g2', 5, 2));
    await end('t5-g1', { winner: 'p2', reason: 'lore' }).expect(201);
    await end('t5-g2', { winner: 'p2', reason: 'concession' }).expect(201);
    // table 7: game 1 in progress
    await create(game('t7-g1', 7, 1));
    // another round of the event: not on this slip
    await create({ ...game('r3-g1', 1, 1), tournament: { event: EVENT, round: 3, table: 1, game: 1 } });
  });
  afterAll(() => t.close());

  it('answers every table by number, games by number, with the match result', async () => {
    const { body } = await t.http().get('/rounds/results').query({ event: EVENT, round: 2 }).expect(200);
    expect(body.event).toBe(EVENT);
    expect(body.round).toBe(2);
    expect(body.tables.map((table: { table: number }) => table.table)).toEqual([5, 7, 12]);
    const [five, seven, twelve] = body.tables;
    expect(twelve).toEqual({
      table: 12,
      players: [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'Grace' },
      ],
      bestOf: 3,
      games: [
        { game: 1, matchId: 't12-g1', ended: true, winner: 'p1', draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
        { game: 2, matchId: 't12-g2', ended: true, winner: 'p2', draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
        { game: 3, matchId: 't12-g3', ended: true, winner: null, draw: true, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
      ],
      result: { wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true },
    });
    expect(five.result).toEqual({ wins: { p1: 0, p2: 2 }, draws: 0, winner: 'p2', draw: false, decided: true });
    expect(seven.games).toEqual([
      { game: 1, matchId: 't7-g1', ended: false, winner: null, draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
    ]);
    expect(seven.result).toMatchObject({ winner: null, draw: false, decided: false });
  });

  it('single elimination: no drawn match, so 1–1 and a drawn game 3 plays on, and game 4 (past the best of) decides it', async () => {
    const round = { event: 'Top 8', round: 1 };
    for (const n of [1, 2, 3]) await create({ ...game(`se-g${n}`, 1, n), tournament: { ...round, table: 1, game: n, bestOf: 3, singleElimination: true } });
    await end('se-g1', { winner: 'p1', reason: 'lore' }).expect(201);
    await end('se-g2', { winner: 'p2', reason: 'lore' }).expect(201);
    await end('se-g3', { draw: true, reason: 'time' }).expect(201);
    const playOn = (await t.http().get('/rounds/results').query(round).expect(200)).body.tables[0].result;
    expect(playOn).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: false, decided: false });
    await create({ ...game('se-g4', 1, 4), tournament: { ...round, table: 1, game: 4, bestOf: 3, singleElimination: true } });
    await end('se-g4', { winner: 'p2', reason: 'lore' }).expect(201);
    expect((await t.http().get('/rounds/results').query(round).expect(200)).body.tables[0].result).toMatchObject({ winner: 'p2', decided: true });
  });

  it('a game number two matches record, or an abandoned game, decides nothing: the slip names the duplicate', async () => {
    const round = { event: 'Dup Cup', round: 3 };
    const at = (matchId: string, n: number) => ({ ...game(matchId, 12, n), tournament: { ...round, table: 12, game: n, bestOf: 3 } });
    await create(at('dup-g1', 1));
    await create(at('dup-g2a', 2));
    await create(at('dup-g2b', 2));
    await end('dup-g1', { winner: 'p1', reason: 'lore' }).expect(201);
    await end('dup-g2a', { reason: 'recorded at the wrong table, abandoned' }).expect(201);
    await end('dup-g2b', { winner: 'p2', reason: 'lore' }).expect(201);
    const { body } = await t.http().get('/rounds/results').query(round).expect(200);
    // neither copy of game 2 counts: p2's win in one of them is no game won until the other is voided
    expect(body.tables[0].result).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, duplicateGames: [2] });
    const csv = (
      await t
        .http()
        .get('/rounds/results')
        .query({ ...round, format: 'csv' })
        .expect(200)
    ).text;
    expect(csv.split('\r\n')[1]).toBe('12,p1,Ada,p2,Grace,1,0,0,,false,p1;;p2,dup-g2a;dup-g2b,');
  });

  it('tells nothing hidden: no card id, no definition', async () => {
    const { text } = await t.http().get('/rounds/results').query({ event: EVENT, round: 2 }).expect(200);
    for (const card of lorcanaMatch().cards) {
      expect(text).not.toContain(card.cardId);
      expect(text).not.toContain(card.definition);
    }
  });

  it('?format=csv: a header row and one row per table, quoted per RFC 4180, that parses back to the slip', async () => {
    const res = await t.http().get('/rounds/results').query({ event: EVENT, round: 2, format: 'csv' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv(res.text)).toEqual([
      ['table', 'player1', 'player1_name', 'player2', 'player2_name', 'player1_wins', 'player2_wins', 'draws', 'result', 'decided', 'games', 'duplicates', 'void'],
      ['5', 'p1', 'Ada', 'p2', 'Grace', '0', '2', '0', 'p2', 'true', 'p2;p2', '', ''],
      ['7', 'p1', 'Ada', 'p2', 'Grace', '0', '0', '0', '', 'false', '', '', ''],
      ['12', 'p1', 'Ada', 'p2', 'Grace', '1', '1', '1', 'draw', 'true', 'p1;p2;draw', '', ''],
    ]);
  });

  it('grand archive: after a game, the slip names who chooses who plays first in the next, its loser (Tournament Rules Guide); none once decided, none for lorcana', async () => {
    const round = { event: 'GA Open', round: 1 };
    const gaGame = (matchId: string, n: number) => ({
      matchId,
      game: 'grand-archive',
      players: [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'Grace' },
      ],
      cards: [{ cardId: `${matchId}-c1`, owner: 'p1', definition: 'Lorraine, Wandering Warrior', zone: { zone: 'main-deck', player: 'p1' } }],
      tournament: { ...round, table: 1, game: n },
    });
    await create(gaGame('ga-g1', 1));
    await end('ga-g1', { winner: 'p1', reason: "champion's death" }).expect(201);
    const slip = async () => (await t.http().get('/rounds/results').query(round).expect(200)).body.tables[0];
    expect((await slip()).nextFirstChoice).toEqual({
      player: 'p2',
      rule: 'Grand Archive Tournament Rules Guide, between games: the loser of a game chooses who plays first',
    });
    await create(gaGame('ga-g2', 2));
    await end('ga-g2', { winner: 'p1', reason: "champion's death" }).expect(201);
    expect((await slip()).result.decided).toBe(true);
    expect((await slip()).nextFirstChoice).toBeUndefined();
    const { body } = await t.http().get('/rounds/results').query({ event: EVENT, round: 2 }).expect(200);
    expect(body.tables.some((table: object) => 'nextFirstChoice' in table)).toBe(false);
  });

  it('a round with no match recorded: 200 and no tables', async () => {
    const { body } = await t.http().get('/rounds/results').query({ event: EVENT, round: 9 }).expect(200);
    expect(body).toEqual({ event: EVENT, round: 9, tables: [] });
  });

  it.each([
    ['no event', { round: 2 }],
    ['no round', { event: EVENT }],
    ['a round that is no integer', { event: EVENT, round: 'two' }],
    ['a negative round', { event: EVENT, round: -1 }],
    ['an empty event', { event: '', round: 2 }],
    ['an unknown format', { event: EVENT, round: 2, format: 'xlsx' }],
    // PostgreSQL's text cannot hold a NUL: refused here, never a 500 from the catalog
    ['a NUL in the event', { event: 'Lyon\u0000', round: 2 }],
  ])('400 VALIDATION_FAILED for %s', async (_, query) => {
    const res = await t.http().get('/rounds/results').query(query).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('422 for a game beyond the best of, and for a drawn game with a winner', async () => {
    const beyond = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(game('t30-g4', 30, 4))
      .expect(422);
    expect(beyond.body.code).toBe('GAME_BEYOND_BEST_OF');
    await create(game('t30-g1', 30, 1));
    const both = await end('t30-g1', { winner: 'p1', draw: true, reason: 'lore' }).expect(422);
    expect(both.body.code).toBe('MALFORMED_EVENT');
  });
});

describe('deck checks across games in GET /matches/:id/audit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('the judge of game 2 finds its 59-card deck, and the card it lacks against game 1', async () => {
    const constructed = (matchId: string, number: number, p1Size: number) => ({
      ...lorcanaMatch(matchId),
      cards: [...deck('p1', p1Size), ...deck('p2')],
      tournament: { event: 'Cup', round: 1, table: 4, game: number, format: 'constructed' },
    });
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(constructed('deck-g1', 1, 60))
      .expect(201);
    const { judge } = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send(constructed('deck-g2', 2, 59))
        .expect(201)
    ).body.tokens;
    const { body } = await t
      .http()
      .get('/matches/deck-g2/audit')
      .set({ Authorization: `Bearer ${judge}` })
      .expect(200);
    const decks = body.findings.filter((f: { code: string }) => f.code.startsWith('DECK_'));
    expect(decks.map(({ code, players, revision }: { code: string; players: string[]; revision: number }) => ({ code, players, revision }))).toEqual([
      { code: 'DECK_NOT_LEGAL', players: ['p1'], revision: 1 },
      { code: 'DECK_CHANGED_BETWEEN_GAMES', players: ['p1'], revision: 1 },
    ]);
    expect(decks[0].rule).toMatch(/^Disney Lorcana Tournament Rules, deck construction/);
    expect(decks[0].message).toMatch(/game 2.*59 cards/);
    expect(decks[1].message).toMatch(/game 2 is not the deck of game 1.*removed 1 × Card 14 - Of p1/);
    // game 1 sees the same difference from its side; its own deck is legal
    const first = await t.http().get('/matches/deck-g1/audit').set(t.organizer).expect(200);
    expect(first.body.findings.filter((f: { code: string }) => f.code.startsWith('DECK_')).map((f: { code: string }) => f.code)).toEqual(['DECK_CHANGED_BETWEEN_GAMES']);
  });
});
