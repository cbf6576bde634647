import { join } from 'path';
import { Page } from 'playwright-core';
import { P1_LIST } from './support/deck-lists';
import { TESTING, ViewerRig, example, shownAt, startViewerRig } from './support/viewer-fixture';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;
const EVENT = 'Four Souls Friday League';
/** POST /matches, as the form sends it */
const CREATE = (url: URL) => url.pathname === '/matches';

type Card = { cardId: string; owner: string | null; definition?: string; zone: { zone: string; player?: string; slot?: number }; printed?: Record<string, unknown> };
const FOUR = [
  { id: 'p1', name: 'Chloe Martin' },
  { id: 'p2', name: 'Dev Patel' },
  { id: 'p3', name: 'Ines Duarte' },
  { id: 'p4', name: 'Kofi Mensah' },
];
/** the third and fourth seats' characters and starting items, as the first two have theirs in examples/four-souls */
const MORE: Card[] = [
  { cardId: 'c30', owner: 'p3', definition: 'Cain', zone: { zone: 'play', player: 'p3' } },
  { cardId: 'c31', owner: 'p3', definition: 'Sleight of Hand', zone: { zone: 'play', player: 'p3' } },
  { cardId: 'c32', owner: 'p4', definition: 'Judas', zone: { zone: 'play', player: 'p4' } },
  { cardId: 'c33', owner: 'p4', definition: 'Book of Belial', zone: { zone: 'play', player: 'p4' } },
];
const CHARACTERS = new Set(['Isaac', 'Magdalene', 'Cain', 'Judas']);

/** examples/four-souls' match with `seats` players: each character with printed HP and ATK, the monsters in their slots with HP, DC, ATK and rewards */
const fourSoulsMatch = (seats: number, table: number) => {
  const base = JSON.parse(example('four-souls', 'match.json')) as { cards: Card[] };
  const players = FOUR.slice(0, seats);
  const cards = [...base.cards, ...MORE]
    .filter((card) => card.owner === null || players.some((p) => p.id === card.owner))
    .map((card) =>
      CHARACTERS.has(card.definition!)
        ? { ...card, printed: { type: 'Character', hp: 2, atk: 1 } }
        : card.zone.zone === 'monster-slot'
          ? { ...card, printed: { type: 'Monster', hp: 3, dc: 4, atk: 1, rewards: '3¢', souls: 0 } }
          : card.zone.zone === 'loot-deck'
            ? { ...card, printed: { type: 'Loot' } }
            : card,
    );
  return { game: 'four-souls', players, cards, tournament: { event: EVENT, round: 3, table, game: 1, bestOf: 1 } };
};
/** each seat's starting hand drawn from the Loot deck, its own eyes only; p1's turn */
const opening = (seats: number) => {
  const loot = ['c02', 'c28', 'c23', 'c07', 'c14', 'c09', 'c20', 'c06'];
  return [
    ...FOUR.slice(0, seats).map((player, index) => ({
      type: 'CardMoved',
      data: { cardId: loot[index], from: { zone: 'loot-deck' }, to: { zone: 'hand', player: player.id }, reason: 'starting hand' },
    })),
    { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
  ];
};

interface Box {
  readonly player: string;
  readonly x: number;
  readonly y: number;
  readonly right: number;
  readonly bottom: number;
}
const seatBoxes = (page: Page): Promise<Box[]> =>
  page.locator('.board > .seat[data-player]').evaluateAll((seats) =>
    seats.map((seat) => {
      const box = seat.getBoundingClientRect();
      return { player: (seat as HTMLElement).dataset.player!, x: Math.round(box.x), y: Math.round(box.y), right: Math.round(box.right), bottom: Math.round(box.bottom) };
    }),
  );
const overlapping = (boxes: Box[]) => boxes.some((a, i) => boxes.slice(i + 1).some((b) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom));

describe('two to four players on the match page and the round page, in Chromium (Four Souls tables of three and four)', () => {
  let rig: ViewerRig;
  const ids: Record<number, { id: string; tokens: { players: Record<string, string>; judge: string } }> = {};
  beforeAll(async () => {
    rig = await startViewerRig();
    for (const seats of [3, 4]) {
      const recorded = await rig.recordOneByOne(fourSoulsMatch(seats, seats), opening(seats));
      ids[seats] = recorded;
    }
    // the table of four ends: p3 has the souls
    await rig.app
      .http()
      .post(`/matches/${ids[4].id}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: 6, events: [{ type: 'MatchEnded', data: { winner: 'p3', reason: 'four souls' } }] })
      .expect(201);
  }, 180_000);
  afterAll(() => rig?.close());

  for (const seats of [3, 4])
    for (const [width, context] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)
      it(`${seats} seats on the match page (${width}): every seat its own box, none overlapping, nothing wider than the screen; the scoreboard names all`, async () => {
        const page = await (await rig.browser.newContext({ ...context, ...TESTING })).newPage();
        await page.addInitScript(`sessionStorage.setItem('matchlog.token.${ids[seats].id}.judge', '${ids[seats].tokens.judge}')`);
        await page.goto(`${rig.base}/viewer/${encodeURIComponent(ids[seats].id)}?audience=judge`);
        // the first page of the run loads the bundle cold on a busy machine
        await page.locator('.board').waitFor({ timeout: 60_000 });
        await shownAt(page, seats === 4 ? seats + 3 : seats + 2);
        const boxes = await seatBoxes(page);
        expect(boxes.map((box) => box.player)).toEqual(FOUR.slice(0, seats).map((p) => p.id));
        expect(overlapping(boxes)).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(context.viewport.width);
        const lefts = new Set(boxes.map((box) => box.x));
        // a phone stacks the seats; a desktop sets four two by two, three side by side or two and one
        if (width === 'phone') expect(lefts.size).toBe(1);
        else expect(lefts.size).toBeGreaterThan(1);
        if (width === 'desktop' && seats === 4) {
          expect([new Set(boxes.map((b) => b.y)).size, lefts.size]).toEqual([2, 2]);
          await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-four-souls-four-seats.png'), fullPage: true });
        }
        expect(await page.locator('.scoreboard .player').count()).toBe(seats);
        expect(await page.locator('h1').textContent()).toContain(FOUR[seats - 1].name);
        await page.close();
      });

  it("each card of the table shows its printed facts where its definition is seen: a character's HP and ATK, a monster's HP, DC, ATK, rewards; another seat's hand only its back", async () => {
    const { id, tokens } = ids[4];
    // a page of its own context: closing rig.open's page would end the single-process Chromium for the tests after it
    const page = await (await rig.browser.newContext({ ...DESKTOP, ...TESTING })).newPage();
    await page.addInitScript(`sessionStorage.setItem('matchlog.token.${id}.p2', '${tokens.players.p2}')`);
    await page.goto(`${rig.base}/viewer/${encodeURIComponent(id)}?audience=p2`);
    await shownAt(page, 7);
    const isaac = page.locator('.seat[data-player=p1] .card.named', { hasText: 'Isaac' });
    expect(await isaac.locator('.fact').evaluateAll((facts) => facts.map((f) => `${(f as HTMLElement).dataset.fact}=${f.textContent}`))).toEqual([
      'type=Character',
      'hp=HP 2',
      'atk=ATK 1',
    ]);
    const monster = page.locator('.seat.shared .zone[data-name=monster-slot] .card.named').first();
    expect(await monster.locator('.fact').evaluateAll((facts) => facts.map((f) => (f as HTMLElement).dataset.fact))).toEqual(['type', 'hp', 'dc', 'atk', 'rewards']);
    expect(await monster.locator('.fact.dc').getAttribute('title')).toBe('dice check 4');
    // p2's own hand card is a Loot, and says so; p3's hand is a back to p2, with no printed fact on it
    expect(await page.locator('.seat[data-player=p2] .zone[data-name=hand] .card.named .fact.type').textContent()).toBe('Loot');
    const p3Hand = page.locator('.seat[data-player=p3] .zone[data-name=hand] .card');
    expect(await p3Hand.count()).toBe(1);
    expect(await p3Hand.first().getAttribute('class')).toContain('back');
    expect(await p3Hand.locator('.fact').count()).toBe(0);
    await page.close();
  });

  it("Grand Archive's cards show their element, cost, level, power and life to whoever sees them; a face-down card and a hidden hand show only backs", async () => {
    // examples/grand-archive's game, its cards given printed facts as the card table will give them (the values are this test's)
    const printed: Record<string, Record<string, unknown>> = {
      'Lorraine, Wandering Warrior': { type: 'Champion', element: 'Fire', memoryCost: 1, level: 1, life: 20 },
      'Allied Warpriestess': { type: 'Ally', element: 'Fire', reserveCost: 2, power: 2, life: 2 },
      'Sudden Steel': { type: 'Action', element: 'Fire', reserveCost: 1 },
    };
    const base = JSON.parse(example('grand-archive', 'match.json')) as { cards: Card[] };
    const { id } = await rig.record('grand-archive', { cards: base.cards.map((card) => (printed[card.definition!] ? { ...card, printed: printed[card.definition!] } : card)) });
    const page = await (await rig.browser.newContext({ ...PHONE, ...TESTING })).newPage();
    await page.goto(`${rig.base}/viewer/${encodeURIComponent(id)}?audience=public`);
    await page.locator('.board').waitFor({ timeout: 60_000 });
    const factsOf = (name: string) =>
      page
        .locator('.seat[data-player=p1] .zone[data-name=field] .card.named', { hasText: name })
        .locator('.fact')
        .evaluateAll((facts) => facts.map((f) => `${(f as HTMLElement).dataset.fact}=${f.textContent}`));
    expect(await factsOf('Lorraine, Wandering Warrior')).toEqual(['memory-cost=1', 'element=Fire', 'level=Lv 1', 'type=Champion', 'life=♥ 20']);
    expect(await factsOf('Allied Warpriestess')).toEqual(['reserve-cost=2', 'element=Fire', 'type=Ally', 'power=⚔ 2', 'life=♥ 2']);
    // Sudden Steel lies face down on the field (now p2's): the public sees its back, and no fact of it
    expect(await page.locator('.board .card.named', { hasText: 'Sudden Steel' }).count()).toBe(0);
    expect(await page.locator('.board .card.back .fact').count()).toBe(0);
    expect(await page.locator('.board .zone[data-name=hand] .fact').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  for (const [width, context] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`the round page (${width}) gives a table of three and a table of four every player's wins, and the winner of the one decided`, async () => {
      const page = await (await rig.browser.newContext({ ...context, ...TESTING })).newPage();
      await page.goto(`${rig.base}/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=3`);
      await page.locator('.round-table').nth(1).waitFor();
      const rows = await page.locator('.round-table').evaluateAll((tables) =>
        tables.map((table) => ({
          table: (table as HTMLElement).dataset.table,
          score: table.querySelector('.table-score')?.textContent,
          outcome: table.querySelector('.table-outcome')?.textContent,
        })),
      );
      expect(rows).toEqual([
        { table: '3', score: 'Chloe Martin 0 · Dev Patel 0 · Ines Duarte 0', outcome: 'Best of 1 · in progress' },
        { table: '4', score: 'Chloe Martin 0 · Dev Patel 0 · Ines Duarte 1 · Kofi Mensah 0', outcome: 'Best of 1 · Ines Duarte wins the match' },
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(context.viewport.width);
      await page.close();
    });

  it('the form sets up a Four Souls table of four: seats added and removed, the setup as sent, a name that is no card under its seat, then the four links', async () => {
    const page = await (await rig.browser.newContext(DESKTOP)).newPage();
    // against the real server (fs's setup): the bodies as the form sent them
    const sent: unknown[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && CREATE(new URL(request.url())) && sent.push(request.postDataJSON())));
    await page.goto(`${rig.base}/viewer/organize`);
    await page.getByLabel('Organizer key').fill('test-organizer-key');
    await page.locator('#new-game-id').selectOption('four-souls');
    expect(await page.locator('#game-id-hint').textContent()).toContain('Two to four players');
    // no deck list for Four Souls: a character and a starting item per seat
    expect(await page.getByLabel('Deck list').count()).toBe(0);
    await page.getByRole('button', { name: 'Add a player' }).click();
    await page.getByRole('button', { name: 'Add a player' }).click();
    expect(await page.getByRole('button', { name: 'Add a player' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove player 4' }).click();
    expect(await page.locator('.seat-fields').count()).toBe(3);
    await page.getByRole('button', { name: 'Add a player' }).click();
    const characters = ['Isaac', 'Maggy', 'Cian', 'Judas'];
    for (const [index, player] of FOUR.entries()) {
      const seat = page.getByRole('group', { name: `Player ${index + 1}` });
      await seat.getByLabel('Name').fill(player.name);
      await seat.getByLabel('Character').fill(characters[index]);
    }
    await page.getByRole('group', { name: 'Player 2' }).getByLabel('Starting item (optional)').fill('Yum Heart');
    await page.getByLabel('Sets').fill('b2');
    await page.getByLabel('Play with bonus souls').check();
    await page.getByLabel('Best of').selectOption('1');
    await page.getByLabel('Match id').fill('four-seats-form');
    await page.getByRole('button', { name: 'Create the match' }).click();

    const errors = page.locator('#character-p3-errors li');
    await errors.waitFor();
    expect(await errors.textContent()).toMatch(/^"Cian": no such card; closest: .*Cain/);
    const p3 = page.getByRole('group', { name: 'Player 3' }).getByLabel('Character');
    expect(await p3.getAttribute('aria-invalid')).toBe('true');
    expect(await p3.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(DOCS_IMAGES, 'organize-four-souls.png'), fullPage: true });
    expect(sent[0]).toMatchObject({
      game: 'four-souls',
      players: FOUR,
      setup: { characters: { p1: 'Isaac', p2: 'Maggy', p3: 'Cian', p4: 'Judas' }, startingItems: { p2: 'Yum Heart' }, sets: ['b2'], bonusSouls: true },
      tournament: { bestOf: 1 },
    });
    expect((sent[0] as { deckLists?: unknown }).deckLists).toBeUndefined();

    await page.keyboard.type('Cain');
    await page.getByRole('button', { name: 'Create the match' }).click();
    await page.locator('.role-link').first().waitFor();
    const roles = await page.locator('.role-link').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.role));
    expect(roles).toEqual(['recorder', 'p1', 'p2', 'p3', 'p4', 'judge']);
    expect((sent[1] as { setup: { characters: Record<string, string> } }).setup.characters.p3).toBe('Cain');
    const match = (await rig.app.http().get('/matches/four-seats-form').set(rig.app.organizer).expect(200)).body;
    expect(match.players.map((player: { name: string }) => player.name)).toEqual(FOUR.map((p) => p.name));
    // each seat's character and starting item in its play zone, as the server set them up
    const judgeLink = await page.locator('.role-link[data-role=judge] a').getAttribute('href');
    const judgeToken = decodeURIComponent(new URL(judgeLink!).hash.replace(/^#token=/, ''));
    const view = (await rig.app.http().get('/matches/four-seats-form/views/judge').set(rig.app.bearer(judgeToken)).expect(200)).body as {
      zones: Record<string, { cards: Card[] }>;
    };
    expect(view.zones['play@p3'].cards.map((card) => card.definition)).toEqual(['Cain', 'Sleight Of Hand']);
    expect(view.zones['play@p2'].cards.map((card) => card.definition)).toEqual(['Maggy', 'Yum Heart']);
    await page.close();
  }, 120_000);

  it("the form sends a Grand Archive deck site's JSON as its object and an Omnidex export as text, and shows a bad line under its seat with its section", async () => {
    const page = await (await rig.browser.newContext(PHONE)).newPage();
    let sent: { game: string; players: unknown[]; deckLists: Record<string, unknown> } | undefined;
    await page.route(CREATE, (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent = route.request().postDataJSON();
      return route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 422,
          code: 'DECK_LIST_UNKNOWN_CARDS',
          message: 'a line names no card',
          lines: [{ player: 'p2', line: 5, text: '4 Ignited Strik', problem: 'unknown', closest: ['Ignited Strike'], section: 'main' }],
        }),
      });
    });
    const omnidex = ['# Material Deck', '1 Spirit of Fire', '', '# Main Deck', '4 Ignited Strik', '', '# Sideboard'].join('\n');
    const site = { cards: { material: [{ quantity: 1, name: 'Spirit of Fire', uuid: 'u1' }], main: [{ quantity: 4, name: 'Ignited Strike', uuid: 'u2' }], sideboard: [] } };
    await page.goto(`${rig.base}/viewer/organize`);
    await page.getByLabel('Organizer key').fill('test-organizer-key');
    await page.locator('#new-game-id').selectOption('grand-archive');
    expect(await page.locator('.seat-fields').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Add a player' }).count()).toBe(0);
    const p1 = page.getByRole('group', { name: 'Player 1' });
    const p2 = page.getByRole('group', { name: 'Player 2' });
    expect(await p1.locator('.hint').textContent()).toContain('# Material Deck');
    await p1.getByLabel('Name').fill('Ada');
    await p1.getByLabel('Deck list').fill(JSON.stringify(site, null, 2));
    await p2.getByLabel('Name').fill('Grace');
    await p2.getByLabel('Deck list').fill(omnidex);
    await page.getByLabel('Match id').fill('ga-form');
    await page.getByRole('button', { name: 'Create the match' }).click();
    await page.locator('#deck-p2-errors li').waitFor();
    expect(sent).toMatchObject({ game: 'grand-archive', deckLists: { p1: site, p2: omnidex } });
    expect(await page.locator('#deck-p2-errors li').textContent()).toBe('Main Deck · Line 5 "4 Ignited Strik": no such card. Closest: Ignited Strike.');
    expect(await page.locator('#deck-p1-errors li').count()).toBe(0);
    // the bad line is selected in the focused list: typing over it fixes it
    await page.keyboard.type('4 Ignited Strike');
    expect(await p2.getByLabel('Deck list').inputValue()).toBe(omnidex.replace('4 Ignited Strik', '4 Ignited Strike'));
    // back to Lorcana: two seats, the lists typed are kept
    await page.locator('#new-game-id').selectOption('lorcana');
    await p1.getByLabel('Deck list').fill(P1_LIST);
    expect(await p2.getByLabel('Deck list').inputValue()).toContain('# Main Deck');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  }, 120_000);
});
