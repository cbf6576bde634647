import { join } from 'path';
import { Page } from 'playwright-core';
import { testTime } from './support/scored-match';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const FULL_HD = { width: 1920, height: 1080 };
type Json = Record<string, unknown>;
const at = (zone: string, player?: string, slot?: number) => ({ zone, ...(player !== undefined && { player }), ...(slot !== undefined && { slot }) });
const card = (cardId: string, owner: string | null, definition: string, zone: Json, printed?: Json) => ({ cardId, owner, definition, zone, ...(printed && { printed }) });

// printed facts as the games' card data have them (Four Souls b2.json; Grand Archive's card facts)
const FS_SEATS = [
  ['p1', 'Ada', 'Isaac', 'The D6'],
  ['p2', 'Grace', 'Maggy', 'Yum Heart'],
  ['p3', 'Hedy', 'Cain', 'Sleight of Hand'],
  ['p4', 'Katherine Johnson-Longname', 'Judas', 'Book of Belial'],
] as const;
const fourSouls = () => ({
  matchId: 'overlay-fit-4',
  game: 'four-souls',
  players: FS_SEATS.map(([id, name]) => ({ id, name })),
  cards: [
    ...FS_SEATS.flatMap(([p, , character, item]) => [
      card(`${p}-character`, p, character, at('play', p), { type: 'Character Card', hp: 2, atk: 1 }),
      card(`${p}-item`, p, item, at('play', p), { type: 'Starting Item Card' }),
      ...['Bomb!', 'Dice Shard', 'Lil Battery', 'A Penny!', 'Pills! (Blue)'].map((loot, i) => card(`${p}-loot-${i}`, null, loot, at('hand', p))),
      ...['Spoon Bender', 'Guppy’s Paw', 'The Battery'].map((t, i) => card(`${p}-bought-${i}`, p, t, at('play', p), { type: 'Passive Treasure Card' })),
    ]),
    ...['Big Spider', 'Dip'].map((m, i) => card(`monster-${i}`, null, m, at('monster-slot', undefined, i + 1), { type: 'Basic Monster Card', hp: 3, dc: 4, atk: 1 })),
    ...['Breakfast', 'Dinner'].map((t, i) => card(`shop-${i}`, null, t, at('shop-slot', undefined, i + 1), { type: 'Passive Treasure Card' })),
    ...Array.from({ length: 20 }, (_, i) => card(`loot-${i}`, null, i % 2 === 0 ? 'A Penny!' : 'Bomb!', at('loot-deck'))),
  ],
  broadcastAccess: 'token',
  broadcastDelay: { seconds: 30 },
  tournament: { event: 'Riverside Four Souls Night', round: 2, table: 3 },
});
const GA_SEATS = [
  ['p1', 'Ada'],
  ['p2', 'Grace'],
  ['p3', 'Hedy'],
] as const;
const grandArchive = () => ({
  matchId: 'overlay-fit-3',
  game: 'grand-archive',
  players: GA_SEATS.map(([id, name]) => ({ id, name })),
  cards: GA_SEATS.flatMap(([p]) => [
    card(`${p}-champion`, p, 'Lorraine, Wandering Warrior', at('field', p), { type: 'Champion', level: 1, life: 20 }),
    ...['Blue Slime', 'Clockwork Musicbox', 'Dungeon Guide', 'Tonoris, Might of Humanity', 'Crimson Protection'].map((ally, i) =>
      card(`${p}-field-${i}`, p, ally, at('field', p), { type: 'Ally', power: 2, life: 2 }),
    ),
    ...Array.from({ length: 7 }, (_, i) => ({ cardId: `${p}-hand-${i}`, owner: p, definition: 'Blue Slime', zone: at('hand', p) })),
    ...Array.from({ length: 30 }, (_, i) => card(`${p}-deck-${i}`, p, 'Blue Slime', at('main-deck', p))),
  ]),
  broadcastAccess: 'token',
  broadcastDelay: { seconds: 30 },
  tournament: { event: 'Riverside Archive Open', round: 1, table: 2 },
});

/** Elements of `within` whose box leaves `within`'s own box (clipped by it, or out of the frame). */
const outside = (page: Page, within: string, selector: string) =>
  page.locator(within).evaluate((container, selector) => {
    const frame = container.getBoundingClientRect();
    return Array.from(container.querySelectorAll(selector))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5))
      .map(
        ({ element, box }) =>
          `${element.className} ${element.getAttribute('data-zone') ?? element.textContent?.slice(0, 30)} at ${Math.round(box.right)}×${Math.round(box.bottom)}`,
      );
  }, selector);

describe('the overlay at 1920×1080 with three and four players, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  const broadcast: Record<string, string> = {};
  beforeAll(async () => {
    rig = await startViewerRig(time);
    for (const body of [fourSouls(), grandArchive()]) {
      const created = await rig.app.http().post('/matches').set(rig.app.organizer).send(body);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      broadcast[body.matchId] = created.body.tokens.broadcast;
    }
    const events = (matchId: string, list: Json[]) =>
      rig.app.http().post(`/matches/${matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events: list }).expect(201);
    await events('overlay-fit-4', [
      { type: 'TurnStarted', data: { player: 'p3', turn: 5 } },
      ...FS_SEATS.flatMap(([p], i) => [
        { type: 'CounterChanged', data: { counter: 'cents', player: p, by: 3 + i * 4 } },
        { type: 'CounterChanged', data: { counter: 'souls', player: p, by: i % 4 } },
      ]),
      { type: 'CardStatusChanged', data: { cardId: 'p2-character', damage: 1 } },
      { type: 'CardStatusChanged', data: { cardId: 'monster-0', damage: 2 } },
    ]);
    await events('overlay-fit-3', [
      { type: 'TurnStarted', data: { player: 'p2', turn: 4 } },
      { type: 'CardStatusChanged', data: { cardId: 'p1-champion', damage: 6 } },
      { type: 'CardStatusChanged', data: { cardId: 'p3-champion', damage: 13 } },
    ]);
    // past the broadcast's delay (30 s, a broadcast by token)
    time.advance(35);
  }, 120_000);
  afterAll(() => rig?.close());

  const overlay = async (matchId: string) => {
    const context = await rig.browser.newContext({ ...TESTING, viewport: FULL_HD });
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${matchId}.broadcast`)}, ${JSON.stringify(broadcast[matchId])})`);
    const page = await context.newPage();
    await page.goto(`${rig.base}/viewer/overlay/${matchId}`);
    await page.locator('.board.compact').waitFor();
    return page;
  };
  const fits = async (page: Page, players: readonly string[]) => {
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1920, 1080]);
    expect(await outside(page, 'main.overlay-root', '*')).toEqual([]);
    expect(await outside(page, '.overlay-board', '.seat, .zone, .card')).toEqual([]);
    for (const player of players) expect(await outside(page, `.seat[data-player=${player}]`, '.zone, .card')).toEqual([]);
    expect(await page.locator('.scoreboard .name, .seat h2').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).length)).toBe(0);
  };
  const figure = (page: Page, player: string, key: string) => page.locator(`.scoreboard .score[data-player=${player}] [data-counter=${key}]`).getAttribute('data-value');

  it("four players of Four Souls: each seat's souls (of 4), cents and character's HP on the score bar; every seat inside the frame", async () => {
    const page = await overlay('overlay-fit-4');
    expect(await page.locator('.scoreboard .name').allTextContents()).toEqual(FS_SEATS.map(([, name]) => name));
    expect(await Promise.all(FS_SEATS.map(([p]) => figure(page, p, 'souls')))).toEqual(['0', '1', '2', '3']);
    expect(await Promise.all(FS_SEATS.map(([p]) => figure(page, p, 'cents')))).toEqual(['3', '7', '11', '15']);
    expect(await Promise.all(FS_SEATS.map(([p]) => figure(page, p, 'hp')))).toEqual(['2', '1', '2', '2']);
    await expect(page.locator('.scoreboard .score[data-player=p4] [data-counter=souls] .goal').textContent()).resolves.toBe('/4');
    expect(await page.locator('.seat[data-player]').count()).toBe(4);
    await fits(
      page,
      FS_SEATS.map(([p]) => p),
    );
    await page.screenshot({ path: join(DOCS_IMAGES, 'overlay-1920-four-souls-4-players.png') });
    await page.close();
  });

  it("three players of Grand Archive: each champion's life left (printed life less damage) and level; every seat inside the frame", async () => {
    const page = await overlay('overlay-fit-3');
    expect(await Promise.all(GA_SEATS.map(([p]) => figure(page, p, 'life')))).toEqual(['14', '20', '7']);
    expect(await Promise.all(GA_SEATS.map(([p]) => figure(page, p, 'level')))).toEqual(['1', '1', '1']);
    expect(await page.locator('.seat[data-player]').count()).toBe(3);
    await fits(
      page,
      GA_SEATS.map(([p]) => p),
    );
    await page.screenshot({ path: join(DOCS_IMAGES, 'overlay-1920-grand-archive-3-players.png') });
    await page.close();
  });
});
