import { readFileSync } from 'fs';
import { join } from 'path';
import { TestApp, startTestApp } from './support/test-app';

/** A starter deck as Omnidex exports it: 8 material cards, 60 main-deck cards, a sideboard of 6 (libs/cards/test/fixtures). */
const OMNIDEX = readFileSync(join(__dirname, '..', '..', '..', 'libs', 'cards', 'test', 'fixtures', 'grand-archive-lorraine-omnidex.txt'), 'utf8');

/** The same deck as a deck site's JSON: names, quantities and uuids by section (the uuids of the card table). */
const deckSiteJson = (text: string) => {
  const sections: Record<string, { quantity: number; name: string }[]> = { material: [], main: [], sideboard: [] };
  let section = 'main';
  for (const line of text.split('\n')) {
    const heading = /^# (Material Deck|Main Deck|Sideboard)$/.exec(line);
    if (heading) section = { 'Material Deck': 'material', 'Main Deck': 'main', Sideboard: 'sideboard' }[heading[1]]!;
    const card = /^(\d+) (.+)$/.exec(line);
    if (card) sections[section].push({ quantity: Number(card[1]), name: card[2] });
  }
  return { cards: sections };
};

const created = (matchId: string, deckLists: Record<string, unknown>, extra: object = {}) => ({
  matchId,
  game: 'grand-archive',
  players: [
    { id: 'p1', name: 'Ada' },
    { id: 'p2', name: 'Grace' },
  ],
  deckLists,
  ...extra,
});

interface Listed {
  definition: string;
  copies: number;
  section?: string;
  printed?: object;
}

describe('POST /matches with Grand Archive deck lists', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('makes an Omnidex export a paper deck: 8 unnamed cards in the material deck, 60 in the main deck, the sideboard registered in the list only', async () => {
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('ga-omnidex', { p1: OMNIDEX, p2: OMNIDEX }))
      .expect(201);
    const judge = (await t.http().get('/matches/ga-omnidex/views/judge').set(t.bearer(body.tokens.judge)).expect(200)).body;
    expect(judge.zones['main-deck@p1'].cards).toHaveLength(60);
    expect(judge.zones['material-deck@p1'].cards.map((card: { cardId: string; definition?: string }) => [card.cardId, card.definition])).toEqual(
      Array.from({ length: 8 }, (_, i) => [`p1-m${i + 1}`, undefined]),
    );
    const list: Listed[] = judge.lists.find((l: { player: string }) => l.player === 'p1').cards;
    const total = (section: string) => list.filter((card) => card.section === section).reduce((sum, card) => sum + card.copies, 0);
    expect([total('material'), total('main'), total('sideboard')]).toEqual([8, 60, 6]);
    expect(list[0]).toEqual({ definition: 'Spirit of Fire', copies: 1, section: 'material', printed: { type: 'Champion', element: 'Fire', memoryCost: 0, level: 0, life: 15 } });
    expect(list.find((card) => card.definition === 'Sealed Blade')).toEqual({
      definition: 'Sealed Blade',
      copies: 1,
      section: 'sideboard',
      printed: { type: 'Regalia Weapon', element: 'Norm', memoryCost: 3, power: 2, durability: 3 },
    });
    const p2 = (await t.http().get('/matches/ga-omnidex/views/p2').set(t.bearer(body.tokens.players.p2)).expect(200)).body;
    expect(JSON.stringify(p2)).not.toContain('Lorraine');
  });

  it("takes a deck site's JSON (by name or by uuid) as the same deck, and a constructed match with legal decks has no deck finding", async () => {
    const json = deckSiteJson(OMNIDEX);
    json.cards.material[0] = { quantity: 1, name: 'renamed on the site', uuid: 'LMyKyVC2O9' } as never;
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('ga-json', { p1: json, p2: OMNIDEX }, { tournament: { format: 'constructed' } }))
      .expect(201);
    const judge = (await t.http().get('/matches/ga-json/views/judge').set(t.bearer(body.tokens.judge)).expect(200)).body;
    const [p1, p2] = ['p1', 'p2'].map((player) => judge.lists.find((l: { player: string }) => l.player === player).cards);
    expect(p1).toEqual(p2);
    const audit = (await t.http().get('/matches/ga-json/audit').set(t.bearer(body.tokens.judge)).expect(200)).body;
    expect(audit.findings.filter((finding: { code: string }) => finding.code === 'DECK_NOT_LEGAL')).toEqual([]);
  });

  it('refuses (422 DECK_LIST_UNKNOWN_CARDS) lines that name no card, each with its section and the closest names, and stores nothing', async () => {
    const typo = OMNIDEX.replace('1 Spirit of Fire', '1 Spirit of Fyre').replace('4 Clean Cut', '4 Clean Cutt');
    const json = { cards: { main: [{ quantity: 4, name: 'Blazing Thorw' }] } };
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('ga-bad', { p1: typo, p2: json }))
      .expect(422);
    expect(res.body.code).toBe('DECK_LIST_UNKNOWN_CARDS');
    expect(res.body.lines).toEqual([
      { player: 'p1', section: 'material', line: 2, text: '1 Spirit of Fyre', problem: 'unknown', closest: expect.arrayContaining(['Spirit of Fire']) },
      { player: 'p1', section: 'main', line: 14, text: '4 Clean Cutt', problem: 'unknown', closest: expect.arrayContaining(['Clean Cut']) },
      { player: 'p2', section: 'main', line: 1, text: 'Blazing Thorw', problem: 'unknown', closest: expect.arrayContaining(['Blazing Throw']) },
    ]);
    expect(res.body.details[0]).toEqual({ path: 'deckLists.p1', message: expect.stringContaining('material: line 2 "1 Spirit of Fyre": no such card; closest: Spirit of Fire') });
    await t.http().get('/matches/ga-bad').expect(404);
  });

  it('refuses (400) a list in no Grand Archive format', async () => {
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('ga-400', { p1: { main: [] }, p2: OMNIDEX }))
      .expect(400);
    expect(res.body.details[0]).toEqual({ path: 'deckLists.p1', message: expect.stringContaining('an Omnidex export') });
  });

  it('records a constructed deck that breaks the Format Conventions, and the audit flags each rule broken with its section (DECK_NOT_LEGAL)', async () => {
    const illegal = OMNIDEX.replace('1 Spirit of Fire\n', '').replace('4 Clean Cut', '5 Clean Cut').replace('3 Banner Knight', "3 Banner Knight\n5 Sudden Steel\n1 Seer's Sword");
    const { body } = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(created('ga-illegal', { p1: illegal, p2: OMNIDEX }, { tournament: { format: 'constructed' } }))
      .expect(201);
    const audit = (await t.http().get('/matches/ga-illegal/audit').set(t.bearer(body.tokens.judge)).expect(200)).body;
    const flagged = audit.findings.filter((finding: { code: string }) => finding.code === 'DECK_NOT_LEGAL');
    expect(flagged.map(({ players, rule }: { players: string[]; rule: string }) => [players, rule.replace(/ \(.*$/, '')])).toEqual([
      [['p1'], 'Grand Archive Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 1'],
      [['p1'], 'Grand Archive Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 2–3'],
      [['p1'], 'Grand Archive Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 4'],
    ]);
    expect(flagged.map(({ message }: { message: string }) => message)).toEqual([
      expect.stringContaining('its main deck has more than 4 copies of a name (5 × Clean Cut)'),
      expect.stringContaining('its material deck has no level 0 champion'),
      expect.stringContaining('its sideboard has 12 cards worth 16 points'),
    ]);
  });
});
