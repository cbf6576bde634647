import { Page } from 'playwright-core';
import { join } from 'path';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

type Json = Record<string, unknown>;
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const at = (zone: string, player?: string, slot?: number) => ({ zone, ...(player !== undefined && { player }), ...(slot !== undefined && { slot }) });
const card = (cardId: string, owner: string | null, definition: string, zone: Json, printed?: Json) => ({ cardId, owner, definition, zone, ...(printed && { printed }) });
const PLAYERS = [
  { id: 'p1', name: 'Ada' },
  { id: 'p2', name: 'Grace' },
  { id: 'p3', name: 'Hedy' },
  { id: 'p4', name: 'Katherine' },
];

// printed facts as the games' card data have them (Grand Archive's card facts; Four Souls b2.json)
const grandArchive = () => ({
  matchId: 'record-ga-4',
  game: 'grand-archive',
  players: PLAYERS,
  cards: PLAYERS.flatMap(({ id: p }) => [
    card(`${p}-spirit`, p, 'Spirit of Fire', at('material-deck', p), { type: 'Champion', level: 0, life: 15 }),
    card(`${p}-lorraine`, p, 'Lorraine, Wandering Warrior', at('material-deck', p), { type: 'Champion', level: 1, life: 20 }),
    card(`${p}-slime`, p, 'Blue Slime', at('main-deck', p), { type: 'Ally', power: 2, life: 2 }),
    card(`${p}-guide`, p, 'Dungeon Guide', at('main-deck', p), { type: 'Ally', power: 1, life: 3 }),
  ]),
});
const fourSouls = () => ({
  matchId: 'record-fs-4',
  game: 'four-souls',
  players: PLAYERS,
  cards: [
    ...PLAYERS.map(({ id: p }) => card(`${p}-isaac`, p, 'Isaac', at('play', p), { type: 'Character Card', hp: 2, atk: 1 })),
    card('loot-0', null, 'A Penny!', at('loot-deck')),
    card('loot-1', null, 'Bomb!', at('loot-deck')),
    card('shop-0', null, 'The D6', at('shop-slot', undefined, 1)),
    card('monster-0', null, 'Big Spider', at('monster-slot', undefined, 1), { type: 'Basic Monster Card', hp: 3, dc: 4, atk: 1 }),
  ],
});

/**
 * The recorder's screen for Grand Archive and Four Souls with four players, on a phone in Chromium: each game's own
 * buttons (record/games), each tap the events of its act, on the server as the judge reads them.
 */
describe("the recorder's screen for each game, four players, on a phone", () => {
  let rig: ViewerRig;
  const tokens: Record<string, { recorder: string; judge: string }> = {};
  beforeAll(async () => {
    rig = await startViewerRig();
    for (const body of [grandArchive(), fourSouls()]) {
      const created = await rig.app.http().post('/matches').set(rig.app.organizer).send(body);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      tokens[body.matchId] = created.body.tokens;
    }
  }, 120_000);
  afterAll(() => rig?.close());

  /** a phone in one hand, as support/recorder-phone.ts opens one, ready once the game's buttons are there (Four Souls has no Draw) */
  const recorderPhone = async (matchId: string, recorder: string) => {
    const context = await rig.browser.newContext({ ...TESTING, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${matchId}.recorder`)}, ${JSON.stringify(recorder)})`);
    const page = await context.newPage();
    await page.goto(`${rig.base}/viewer/record/${matchId}`);
    await page.getByRole('button', { name: 'End turn', exact: false }).waitFor();
    return { page };
  };
  const tap = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).tap();
  const choose = async (page: Page, search: string) => {
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('searchbox').fill(search);
    await sheet.getByRole('listitem').first().tap();
  };
  const seat = (page: Page, name: string) => page.locator('.seat', { hasText: name }).tap();
  const recorded = (page: Page, revision: number) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '${revision}'`);
  const synced = (page: Page) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
  const serverEvents = async (matchId: string) =>
    (await rig.app.http().get(`/matches/${matchId}/events`).query({ audience: 'judge' }).set(rig.app.bearer(tokens[matchId].judge)).expect(200)).body.observations.map(
      (o: { observation: { type: string; data: Json } }) => o.observation,
    ) as { type: string; data: Json }[];

  it('Grand Archive: materialize, draw, play onto the effects stack and resolve, attack a champion (its life on the seat), a concession that leaves three', async () => {
    const { page } = await recorderPhone('record-ga-4', tokens['record-ga-4'].recorder);
    expect(await page.locator('.seat').count()).toBe(4);
    expect(await page.locator('[data-action=quest], [data-action=ink]').count()).toBe(0);
    await seat(page, 'Grace');
    await tap(page, 'Materialize');
    await choose(page, 'Spirit of Fire');
    await recorded(page, 2);
    await seat(page, 'Ada');
    await tap(page, 'Materialize');
    await choose(page, 'Spirit of Fire');
    await tap(page, 'Draw');
    await recorded(page, 4);
    await tap(page, 'Play');
    await choose(page, 'Blue Slime');
    await tap(page, 'Resolve → field');
    await recorded(page, 6);
    await tap(page, 'Attack');
    await choose(page, 'Blue Slime');
    await choose(page, 'Spirit of Fire');
    await recorded(page, 7);
    await expect(page.locator('.seat', { hasText: 'Grace' }).locator('.seat-lore').textContent()).resolves.toBe('13 life · level 0');
    await seat(page, 'Hedy');
    await tap(page, 'Concede');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Concede' }).tap();
    await recorded(page, 8);
    await synced(page);
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-phone-grand-archive.png'), fullPage: true });
    const events = await serverEvents('record-ga-4');
    expect(events.slice(1).map((e) => e.type)).toEqual(['CardMoved', 'CardMoved', 'CardMoved', 'CardMoved', 'CardMoved', 'CardStatusChanged', 'PlayerLeft']);
    expect(events[4].data).toMatchObject({ cardId: 'p1-slime', to: at('effects-stack') });
    expect(events[5].data).toMatchObject({ cardId: 'p1-slime', from: at('effects-stack'), to: at('field', 'p1') });
    expect(events[6].data).toEqual({ cardId: 'p2-spirit', damage: 2 });
    await page.close();
  });

  it('Four Souls: loot, play it onto the Stack and resolve it, buy from the shop, an attack roll on the Stack, and the fourth soul ends the game', async () => {
    const { page } = await recorderPhone('record-fs-4', tokens['record-fs-4'].recorder);
    expect(await page.locator('.seat').count()).toBe(4);
    await seat(page, 'Hedy');
    await tap(page, 'Loot');
    await recorded(page, 2);
    await tap(page, 'Play loot');
    await choose(page, 'A Penny');
    await tap(page, 'Resolve the stack’s top');
    await recorded(page, 4);
    await tap(page, 'Buy');
    await choose(page, 'The D6');
    await recorded(page, 5);
    await tap(page, 'Attack a monster');
    await choose(page, 'Big Spider');
    await choose(page, '5');
    await recorded(page, 6);
    await tap(page, 'Resolve the stack’s top');
    await recorded(page, 7);
    await seat(page, 'Katherine');
    for (let soul = 1; soul <= 4; soul++) await tap(page, '+1 Soul');
    await recorded(page, 12);
    await expect(page.locator('.seat', { hasText: 'Katherine' }).locator('.seat-lore').textContent()).resolves.toBe('4 souls · 0¢ · 2 HP');
    await synced(page);
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-phone-four-souls.png'), fullPage: true });
    const events = await serverEvents('record-fs-4');
    expect(events.slice(1).map((e) => e.type)).toEqual([
      'CardMoved',
      'CardMoved',
      'CardMoved',
      'CardMoved',
      'TriggerAdded',
      'TriggerResolved',
      'CounterChanged',
      'CounterChanged',
      'CounterChanged',
      'CounterChanged',
      'MatchEnded',
    ]);
    expect(events[2].data).toMatchObject({ cardId: 'loot-0', from: at('hand', 'p3'), to: at('stack') });
    expect(events[4].data).toMatchObject({ cardId: 'shop-0', from: at('shop-slot', undefined, 1), to: at('play', 'p3') });
    expect(events[5].data).toMatchObject({ sourceCardId: 'monster-0', kind: 'dice roll', ability: 'attack roll: 5' });
    expect(events[11].data).toMatchObject({ winner: 'p4' });
    await page.close();
  });
});
