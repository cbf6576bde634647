import { TestApp, startTestApp } from './support/test-app';
import { zone } from './support/fixtures';

/** Sixty cards as a player pastes them from Dreamborn: a comment, blank lines, a "4x" count, case and dashes as typed. */
const P1_LIST = [
  '# Amethyst / Ruby',
  '4 Elsa - Snow Queen',
  '4x Be Prepared',
  '4 ariel – on human legs',
  '',
  ...['Lyle Tiberius Rourke - Cunning Mercenary', 'Maleficent - Monstrous Dragon', 'Moana - Of Motunui', 'Stitch - Rock Star'].map((name) => `4 ${name}`),
  ...['Mickey Mouse - True Friend', 'Friends on the Other Side', 'Hakuna Matata', 'Under the Sea'].map((name) => `4 ${name}`),
  ...['Elsa - Spirit of Winter', 'Simba - Protective Cub', 'Sebastian - Court Composer', 'Part of Your World'].map((name) => `4 ${name}`),
].join('\n');
/** The same fifteen cards, four each, in another order. */
const P2_LIST = P1_LIST.split('\n')
  .filter((line) => /^\d/.test(line))
  .reverse()
  .join('\n');

const created = (matchId: string, deckLists: Record<string, string>) => ({
  matchId,
  game: 'lorcana',
  players: [
    { id: 'p1', name: 'Ada' },
    { id: 'p2', name: 'Grace' },
  ],
  deckLists,
});

describe('POST /matches with deck lists as text', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it("makes each list a paper deck: sixty cards nobody has named, the list (names, copies, printed facts) the judge's; a draw names nothing, a play names the card shown", async () => {
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('dl-ok', { p1: P1_LIST, p2: P2_LIST }))
      .expect(201);
    const judge = (await t.http().get('/matches/dl-ok/views/judge').set(t.bearer(body.tokens.judge)).expect(200)).body;
    const deck = judge.zones['deck@p1'].cards;
    expect(deck).toHaveLength(60);
    expect(deck.slice(0, 3).map((card: { cardId: string; definition?: string }) => [card.cardId, card.definition])).toEqual([
      ['p1-1', undefined],
      ['p1-2', undefined],
      ['p1-3', undefined],
    ]);
    const list = judge.lists.find((l: { player: string }) => l.player === 'p1').cards;
    expect(list).toHaveLength(15);
    expect(list[0]).toEqual({ definition: 'Elsa - Snow Queen', copies: 4, printed: expect.objectContaining({ cost: 3, ink: 'Amethyst' }) });
    expect(list[2]).toEqual({
      definition: 'Ariel - On Human Legs',
      copies: 4,
      printed: { cost: 4, ink: 'Amber', inkable: true, type: 'Character', lore: 2, strength: 3, willpower: 4 },
    });
    expect(judge.zones['deck@p2'].count).toBe(60);

    const draws = ['p1-1', 'p1-2', 'p1-3'].map((cardId) => ({ type: 'CardMoved', data: { cardId, from: zone('deck', 'p1'), to: zone('hand', 'p1') } }));
    await t.http().post('/matches/dl-ok/events').set(t.bearer(body.tokens.recorder)).send({ expectedRevision: 1, events: draws }).expect(201);
    for (const [audience, token] of [
      ['p1', body.tokens.players.p1],
      ['judge', body.tokens.judge],
    ]) {
      const hand = (await t.http().get(`/matches/dl-ok/views/${audience}`).set(t.bearer(token)).expect(200)).body.zones['hand@p1'].cards;
      expect(hand.map((card: { definition?: string }) => card.definition)).toEqual([undefined, undefined, undefined]);
    }
    const play = { type: 'CardMoved', data: { cardId: 'p1-3', from: zone('hand', 'p1'), to: zone('play', 'p1'), definition: 'Ariel - On Human Legs' } };
    await t
      .http()
      .post('/matches/dl-ok/events')
      .set(t.bearer(body.tokens.recorder))
      .send({ expectedRevision: 4, events: [play] })
      .expect(201);
    const p2 = (await t.http().get('/matches/dl-ok/views/p2').set(t.bearer(body.tokens.players.p2)).expect(200)).body;
    expect(p2.zones['play@p1'].cards).toEqual([
      expect.objectContaining({ definition: 'Ariel - On Human Legs', printed: { cost: 4, ink: 'Amber', inkable: true, type: 'Character', lore: 2, strength: 3, willpower: 4 } }),
    ]);
    const before = JSON.stringify((await t.http().get('/matches/dl-ok/views/p2?at=4').set(t.bearer(body.tokens.players.p2)).expect(200)).body);
    expect(before).not.toContain('Ariel - On Human Legs');
  });

  it('answers a retry of the same deck lists with the same eventId as the first time (the expansion is deterministic)', async () => {
    const body = { ...created('dl-retry', { p1: P1_LIST, p2: P2_LIST }), eventId: 'dl-retry-created' };
    const first = (await t.http().post('/matches').set(t.organizer).send(body).expect(201)).body;
    const again = (await t.http().post('/matches').set(t.organizer).send(body).expect(201)).body;
    expect(again).toMatchObject({ matchId: first.matchId, revision: first.revision });
    const changed = { ...body, deckLists: { p1: P2_LIST, p2: P1_LIST } };
    expect((await t.http().post('/matches').set(t.organizer).send(changed).expect(409)).body.code).toBe('MATCH_ALREADY_EXISTS');
  });

  it('refuses (422 DECK_LIST_UNKNOWN_CARDS) a list with lines that name no card, listing each with its line number and the closest names, and stores nothing', async () => {
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('dl-bad', { p1: '4 Elsa - Snow Quen\n4 Be Prepared\nBe Prepared', p2: '\n\n3 Elsa' }))
      .expect(422);
    expect(res.body.code).toBe('DECK_LIST_UNKNOWN_CARDS');
    expect(res.body.message).toMatch(/line 1 "4 Elsa - Snow Quen".*did you mean "Elsa - Snow Queen"/);
    expect(res.body.lines).toEqual([
      { player: 'p1', line: 1, text: '4 Elsa - Snow Quen', problem: 'unknown', closest: expect.arrayContaining(['Elsa - Snow Queen']) },
      { player: 'p1', line: 3, text: 'Be Prepared', problem: 'malformed', closest: [] },
      { player: 'p2', line: 3, text: '3 Elsa', problem: 'ambiguous', closest: expect.arrayContaining(['Elsa - Snow Queen', 'Elsa - Spirit of Winter']) },
    ]);
    expect(res.body.details[0]).toEqual({ path: 'deckLists.p1', message: expect.stringContaining('line 1 "4 Elsa - Snow Quen": no such card; closest: Elsa - Snow Queen') });
    await t.http().get('/matches/dl-bad').expect(404);
  });

  it("refuses deck lists that are not text by player (400), for a player not in the match, or beside that player's deck given as cards", async () => {
    const bad = async (body: object) => (await t.http().post('/matches').set(t.organizer).send(body).expect(400)).body;
    expect((await bad(created('dl-400', { p1: 4 } as never))).details[0].path).toBe('deckLists');
    expect((await bad(created('dl-400', { p3: '4 Be Prepared' }))).details[0]).toEqual({ path: 'deckLists.p3', message: 'deckLists.p3 must name a player of this match (p1, p2)' });
    const both = { ...created('dl-400', { p1: '4 Be Prepared' }), cards: [{ cardId: 'c1', owner: 'p1', definition: 'Be Prepared', zone: zone('deck', 'p1') }] };
    expect((await bad(both)).details[0].message).toBe("give p1's deck either as cards in its deck zone or as deckLists.p1, not both");
    expect((await bad({ ...created('dl-400', { p1: '4 Be Prepared' }), game: 'four-souls' })).details[0].path).toBe('deckLists');
  });

  it('records a constructed deck with 5 copies as the structured form does, and the audit flags it (DECK_NOT_LEGAL)', async () => {
    const five = P1_LIST.replace('4x Be Prepared', '5 Be Prepared').replace('4 Part of Your World', '3 Part of Your World');
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...created('dl-five', { p1: five, p2: P2_LIST }), tournament: { format: 'constructed' } })
      .expect(201);
    const audit = (await t.http().get('/matches/dl-five/audit').set(t.bearer(body.tokens.judge)).expect(200)).body;
    const flagged = audit.findings.filter((finding: { code: string }) => finding.code === 'DECK_NOT_LEGAL');
    expect(flagged).toHaveLength(1);
    expect(flagged[0].players).toEqual(['p1']);
  });

  it('fills the printed facts of a structured Lorcana card that has none, when the table has its name once, and keeps given facts', async () => {
    const cards = [
      { cardId: 'c1', owner: 'p1', definition: 'be prepared', zone: zone('deck', 'p1') },
      { cardId: 'c2', owner: 'p1', definition: 'Elsa - Snow Queen', zone: zone('deck', 'p1'), printed: { cost: 99 } },
      { cardId: 'c3', owner: 'p1', definition: 'Elsa', zone: zone('deck', 'p1') },
      { cardId: 'c4', owner: 'p2', definition: 'A Card Nobody Printed', zone: zone('deck', 'p2') },
    ];
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ matchId: 'dl-facts', game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards })
      .expect(201);
    const judge = (await t.http().get('/matches/dl-facts/views/judge').set(t.bearer(body.tokens.judge)).expect(200)).body;
    const [c1, c2, c3] = judge.zones['deck@p1'].cards;
    expect(c1).toMatchObject({ definition: 'be prepared', printed: { cost: 7, ink: 'Ruby', type: 'Action' } });
    expect(c2.printed).toEqual({ cost: 99 });
    expect(c3.printed).toBeUndefined();
    expect(judge.zones['deck@p2'].cards[0].printed).toBeUndefined();
  });
});
