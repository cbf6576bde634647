import { TestApp, startTestApp } from './support/test-app';
import { zone } from './support/fixtures';

const SEATS = [
  { id: 'p1', name: 'Ada' },
  { id: 'p2', name: 'Grace' },
  { id: 'p3', name: 'Edsger' },
  { id: 'p4', name: 'Barbara' },
];

const created = (matchId: string, characters: Record<string, string>, extra: object = {}) => ({
  matchId,
  game: 'four-souls',
  players: SEATS.filter((seat) => seat.id in characters),
  setup: { characters, ...extra },
});

type Card = { cardId: string; definition?: string; printed?: Record<string, unknown> };
type Zone = { count: number; cards?: Card[] };

describe('POST /matches with a Four Souls setup', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  const create = async (body: object) => (await t.http().post('/matches').set(t.organizer).send(body).expect(201)).body;
  const view = async (matchId: string, audience: string, token: string) => (await t.http().get(`/matches/${matchId}/views/${audience}`).set(t.bearer(token)).expect(200)).body;

  it('two players: the shared decks unnamed, one shared list (player null), each character and starting item named in its play zone', async () => {
    const { tokens } = await create(created('fs-2', { p1: 'Isaac', p2: 'Cain' }));
    const judge = await view('fs-2', 'judge', tokens.judge);
    expect([judge.zones['treasure-deck'].count, judge.zones['loot-deck'].count, judge.zones['monster-deck'].count]).toEqual([105, 104, 107]);
    expect(judge.zones['treasure-deck'].cards.every((card: Card) => card.definition === undefined)).toBe(true);
    expect(judge.zones['room-deck']?.count ?? 0).toBe(0);
    expect(judge.zones['play@p1'].cards).toEqual([
      expect.objectContaining({ cardId: 'p1-character', definition: 'Isaac', printed: { type: 'Character', hp: 2, atk: 1 } }),
      expect.objectContaining({ cardId: 'p1-starting-item', definition: 'The D6', printed: { type: 'Eternal Treasure' } }),
    ]);
    expect(judge.zones['play@p2'].cards.map((card: Card) => card.definition)).toEqual(['Cain', 'Sleight Of Hand']);
    expect(judge.lists).toHaveLength(1);
    const [shared] = judge.lists;
    expect(shared.player).toBeNull();
    expect(shared.cards.reduce((sum: number, line: { copies: number }) => sum + line.copies, 0)).toBe(105 + 104 + 107);
    expect(shared.cards).toContainEqual({ definition: 'Monstro', copies: 1, printed: { type: 'Boss', hp: 4, dc: 4, atk: 1, rewards: '1x Soul, 6x Coin', souls: 1 } });
    expect(shared.cards).toContainEqual({ definition: '3 Cents!', copies: 15, printed: { type: '3 Cent', rewards: '3x Coin' } });
    // the bonus souls are not used unless asked for
    expect(judge.zones.outside?.count ?? 0).toBe(0);
  });

  it("each player's view: every character and starting item, the decks' counts, no names in them, and no list", async () => {
    const { tokens } = await create(created('fs-views', { p1: 'Isaac', p2: 'Cain' }));
    for (const [audience, token] of [
      ['p2', tokens.players.p2],
      ['public', undefined],
    ] as const) {
      const res = t.http().get(`/matches/fs-views/views/${audience}`);
      const seen = (await (token === undefined ? res : res.set(t.bearer(token))).expect(200)).body;
      expect(seen.zones['play@p1'].cards.map((card: Card) => card.definition)).toEqual(['Isaac', 'The D6']);
      expect(seen.zones['treasure-deck'].count).toBe(105);
      expect(((seen.zones['treasure-deck'] as Zone).cards ?? []).filter((card) => card.definition !== undefined || card.cardId !== undefined)).toEqual([]);
      expect(seen.lists).toBeUndefined();
      expect(JSON.stringify(seen)).not.toContain('Monstro');
    }
  });

  it('three players with the bonus souls: the three start outside the game, named; a monster revealed from the deck is named from the shared list, and the audit is clean', async () => {
    const { tokens } = await create(created('fs-3', { p1: 'Maggy', p2: 'Judas', p3: 'The Forgotten' }, { bonusSouls: true }));
    const judge = await view('fs-3', 'judge', tokens.judge);
    expect(judge.zones.outside.cards.map((card: Card) => card.definition)).toEqual(['Soul Of Gluttony', 'Soul Of Greed', 'Soul Of Guppy']);
    expect(judge.zones['play@p3'].cards.map((card: Card) => card.definition)).toEqual(['The Forgotten', 'The Bone']);
    const reveal = { type: 'CardMoved', data: { cardId: 'monster-1', from: zone('monster-deck'), to: { zone: 'monster-slot', slot: 1 }, definition: 'Monstro' } };
    await t
      .http()
      .post('/matches/fs-3/events')
      .set(t.bearer(tokens.recorder))
      .send({ expectedRevision: 1, events: [reveal] })
      .expect(201);
    const p1 = await view('fs-3', 'p1', tokens.players.p1);
    expect(p1.zones['monster-slot#1'].cards).toEqual([expect.objectContaining({ definition: 'Monstro', printed: expect.objectContaining({ hp: 4, dc: 4, atk: 1 }) })]);
    const audit = (await t.http().get('/matches/fs-3/audit').set(t.bearer(tokens.judge)).expect(200)).body;
    expect(audit.findings.filter((finding: { code: string }) => finding.code === 'NAMED_BEYOND_LIST')).toEqual([]);
    // a second Monstro: the base game has one, so the shared list and the names disagree
    const again = { type: 'CardMoved', data: { cardId: 'monster-2', from: zone('monster-deck'), to: { zone: 'monster-slot', slot: 2 }, definition: 'Monstro' } };
    await t
      .http()
      .post('/matches/fs-3/events')
      .set(t.bearer(tokens.recorder))
      .send({ expectedRevision: 2, events: [again] })
      .expect(201);
    const flagged = (await t.http().get('/matches/fs-3/audit').set(t.bearer(tokens.judge)).expect(200)).body.findings.filter(
      (finding: { code: string }) => finding.code === 'NAMED_BEYOND_LIST',
    );
    expect(flagged).toHaveLength(1);
    expect(flagged[0].players).toEqual(['p1', 'p2', 'p3']);
    // a shuffle at the table of a shared deck: no order, as a player's paper deck
    await t
      .http()
      .post('/matches/fs-3/events')
      .set(t.bearer(tokens.recorder))
      .send({ expectedRevision: 3, events: [{ type: 'ZoneShuffled', data: { zone: zone('treasure-deck') } }] })
      .expect(201);
  });

  it("four players, Eden's starting item chosen from the treasure deck: it leaves the deck", async () => {
    const { tokens } = await create(created('fs-4', { p1: 'Eden', p2: 'Lilith', p3: 'Samson', p4: 'Blue Baby' }, { startingItems: { p1: 'guppys paw' } }));
    const judge = await view('fs-4', 'judge', tokens.judge);
    expect(judge.players.map((seat: { id: string }) => seat.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(judge.zones['play@p1'].cards.map((card: Card) => card.definition)).toEqual(['Eden', 'Guppy’s Paw']);
    expect(judge.zones['play@p4'].cards.map((card: Card) => card.definition)).toEqual(['Blue Baby', 'Forever Alone']);
    expect(judge.zones['treasure-deck'].count).toBe(104);
    expect(judge.lists[0].cards.find((line: { definition: string }) => line.definition === 'Guppy’s Paw')).toBeUndefined();
    const p3 = await view('fs-4', 'p3', tokens.players.p3);
    expect(p3.zones['play@p1'].cards.map((card: Card) => card.definition)).toEqual(['Eden', 'Guppy’s Paw']);
  });

  it('Eden alone has no starting item until one is chosen', async () => {
    const { tokens } = await create(created('fs-eden', { p1: 'Eden', p2: 'Eve' }));
    const judge = await view('fs-eden', 'judge', tokens.judge);
    expect(judge.zones['play@p1'].cards.map((card: Card) => card.definition)).toEqual(['Eden']);
    expect(judge.zones['treasure-deck'].count).toBe(105);
  });

  it('refuses (422 DECK_LIST_UNKNOWN_CARDS) names that name no card, at setup.characters.<player>, with the closest names, and stores nothing', async () => {
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('fs-bad', { p1: 'Isac', p2: 'Cain' }, { startingItems: { p2: 'The D7' } }))
      .expect(422);
    expect(res.body.code).toBe('DECK_LIST_UNKNOWN_CARDS');
    expect(res.body.message).toMatch(/setup\.characters\.p1 "Isac" is unknown; did you mean "Isaac"/);
    expect(res.body.details).toEqual([
      { path: 'setup.characters.p1', message: expect.stringMatching(/^"Isac": no such card; closest: Isaac/) },
      { path: 'setup.startingItems.p2', message: expect.stringContaining('"The D7": no such card; closest: ') },
    ]);
    expect(res.body.details[1].message).toContain('The D6');
    await t.http().get('/matches/fs-bad').expect(404);
  });

  it('refuses (400) a character that is no character, one taken twice, five players, a player without a character, and a setup for another game', async () => {
    const bad = async (body: object, status = 400) => (await t.http().post('/matches').set(t.organizer).send(body).expect(status)).body;
    // the characters' table: a monster's name is no character's, and the closest are characters
    expect((await bad(created('fs-400', { p1: 'Monstro', p2: 'Cain' }), 422)).details[0].path).toBe('setup.characters.p1');
    expect((await bad(created('fs-400', { p1: 'Cain', p2: 'cain' }))).details).toEqual([
      { path: 'setup.characters.p2', message: 'the sets hold 1 "Cain": another player has it already' },
    ]);
    const five = {
      ...created('fs-400', { p1: 'Isaac', p2: 'Cain', p3: 'Eve', p4: 'Maggy' }),
      players: [...SEATS, { id: 'p5' }],
      setup: { characters: { p1: 'Isaac', p2: 'Cain', p3: 'Eve', p4: 'Maggy', p5: 'Judas' } },
    };
    expect((await bad(five)).details[0]).toEqual({ path: 'players', message: 'a Four Souls table seats 2 to 4 players; this match has 5' });
    expect((await bad({ ...created('fs-400', { p1: 'Isaac' }), players: SEATS.slice(0, 2) })).details[0].path).toBe('setup.characters.p2');
    expect((await bad({ ...created('fs-400', { p1: 'Isaac', p2: 'Cain' }), game: 'lorcana' })).details[0].path).toBe('setup');
    expect((await bad(created('fs-400', { p1: 'Isaac', p2: 'Cain' }, { sets: ['r1'] }))).details[0].path).toBe('setup.sets.0');
    expect((await bad({ ...created('fs-400', { p1: 'Isaac', p2: 'Cain' }), setup: { characters: 'Isaac' } })).details[0].path).toBe('setup');
  });
});
