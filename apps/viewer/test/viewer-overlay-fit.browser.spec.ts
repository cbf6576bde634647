import { lorcanaTable, resolveDeckList } from '@matchlog/cards';
import { join } from 'path';
import { Page } from 'playwright-core';
import { P1_LIST, P2_LIST } from './support/deck-lists';
import { testTime } from './support/scored-match';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const FULL_HD = { width: 1920, height: 1080 };
const DELAY = { seconds: 30 };
/** a name longer than any printed one, on a card with every number printed */
const LONG = 'Tinker Bell - Most Helpful and Incredibly Long-Named Fairy of All Neverland';

type Json = Record<string, unknown>;
const zone = (name: string, player: string) => ({ zone: name, player });
const move = (cardId: string, from: string, to: string, player: string): { type: string; data: Json } => ({
  type: 'CardMoved',
  data: { cardId, from: zone(from, player), to: zone(to, player) },
});
const ids = (player: string, numbers: number[]) => numbers.map((n) => `${player}-${n}`);
/** the list's names, one a copy, in list order: a paper match's cards are named as they are shown */
const listed = (text: string): string[] => {
  const resolved = resolveDeckList(text, lorcanaTable());
  return resolved.ok ? resolved.cards.flatMap(({ count, definition }) => Array.from({ length: count }, () => definition)) : [];
};
const LISTED: Record<string, string[]> = { p1: listed(P1_LIST), p2: listed(P2_LIST) };
/** a move that shows card n of the player's list as it lands face up */
const shown = (player: string, n: number, to: string) => {
  const shownMove = move(`${player}-${n}`, 'hand', to, player);
  return { ...shownMove, data: { ...shownMove.data, definition: LISTED[player][n - 1] } };
};
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A board as a real game has it by turn 8 or so: each seat ten characters in play (some exerted, one damaged), six
 * cards inked, four in the discard, eight in hand; p1 has a card with a very long name in play besides.
 */
const bigBoard = () => {
  const seat = (player: string, play: number[], ink: number[], discard: number[], hand: number[]) => [
    ...ids(
      player,
      [...play, ...ink, ...discard, ...hand].sort((a, b) => a - b),
    ).map((id) => move(id, 'deck', 'hand', player)),
    ...play.map((n) => shown(player, n, 'play')),
    ...ids(player, ink).map((id) => move(id, 'hand', 'inkwell', player)),
    ...discard.map((n) => shown(player, n, 'discard')),
  ];
  return [
    { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
    // Elsa ×3, Ariel ×4, Lyle ×2 (the longest printed name here), and the long one: 10 in play
    ...seat('p1', [1, 2, 3, 9, 10, 11, 12, 13, 14], [5, 6, 7, 8, 15, 16], range(17, 20), range(21, 28)),
    move('long-1', 'hand', 'play', 'p1'),
    ...seat('p2', range(5, 14), [1, 2, 3, 4, 17, 18], range(19, 22), range(23, 30)),
    ...['p1-1', 'p1-13', 'long-1', 'p2-5', 'p2-9'].map((cardId) => ({ type: 'CardStatusChanged', data: { cardId, exerted: true } })),
    { type: 'CardStatusChanged', data: { cardId: 'p1-14', damage: 2 } },
    { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 7 } },
    { type: 'CounterChanged', data: { counter: 'lore', player: 'p2', by: 11 } },
    { type: 'TurnStarted', data: { player: 'p2', turn: 8 } },
  ];
};

/**
 * Every named card's printed numbers (cost, lore, strength, willpower) on the page: each must lie inside its card's
 * face, and be what a point at its centre hits (no name, badge or neighbour over it). Returns what is hidden.
 */
const hiddenNumbers = (page: Page) =>
  page.locator('.card.named').evaluateAll((cards) =>
    cards.flatMap((card) => {
      // a card out of sight (below the fold, in a list that scrolls) is brought into it first; one on a hidden tab is not on the page
      if (card.getBoundingClientRect().width === 0) return [];
      card.scrollIntoView({ block: 'center', inline: 'center' });
      const face = card.querySelector('.face')!.getBoundingClientRect();
      const name = card.querySelector('.card-name')?.textContent ?? '';
      return Array.from(card.querySelectorAll('.cost, .lore, .strength, .willpower')).flatMap((number) => {
        const box = number.getBoundingClientRect();
        const inside = box.left >= face.left - 1 && box.right <= face.right + 1 && box.top >= face.top - 1 && box.bottom <= face.bottom + 1 && box.width > 0 && box.height > 0;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const seen = hit !== null && (hit === number || number.contains(hit));
        return inside && seen ? [] : [`${name}: ${number.className} ${inside ? 'covered' : 'outside its card'}`];
      });
    }),
  );

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

describe('the overlay at 1920×1080 with real hands and boards, and long card names on every page, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let matchId: string;
  let judge: string;
  let broadcast: string;
  beforeAll(async () => {
    rig = await startViewerRig(time);
    const created = await rig.app
      .http()
      .post('/matches')
      .set(rig.app.organizer)
      .send({
        matchId: 'overlay-fit',
        game: 'lorcana',
        players: [
          { id: 'p1', name: 'Ada' },
          { id: 'p2', name: 'Grace' },
        ],
        deckLists: { p1: P1_LIST, p2: P2_LIST },
        cards: [
          {
            cardId: 'long-1',
            owner: 'p1',
            definition: LONG,
            zone: zone('hand', 'p1'),
            printed: { cost: 5, ink: 'Steel', inkable: true, type: 'Character', lore: 3, strength: 4, willpower: 5 },
          },
        ],
        // a delay under five minutes is for a broadcast by token (the production desk's OBS)
        broadcastAccess: 'token',
        broadcastDelay: DELAY,
        tournament: { event: 'Riverside Stream Cup', round: 4, table: 1 },
      });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    matchId = created.body.matchId;
    broadcast = created.body.tokens.broadcast;
    judge = created.body.tokens.judge;
    time.advance(5);
    await rig.app.http().post(`/matches/${matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events: bigBoard() }).expect(201);
  }, 120_000);
  afterAll(() => rig?.close());

  /**
   * A page in a context of its own, with the audience's token kept as a page keeps a pasted one. Each test closes its
   * pages, never a context: closing one ended the single-process Chromium for the tests after it.
   */
  const opened = async (audience: string, token: string, path: string, viewport: { width: number; height: number }) => {
    const context = await rig.browser.newContext({ ...TESTING, viewport });
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${matchId}.${audience}`)}, ${JSON.stringify(token)})`);
    const page = await context.newPage();
    await page.goto(rig.base + path);
    return page;
  };
  const overlay = async () => {
    const page = await opened('broadcast', broadcast, `/viewer/overlay/${matchId}`, FULL_HD);
    await page.locator('.scoreboard').waitFor();
    return page;
  };

  it('inside the delay window: a waiting state, then the players by name once the creation of the match is out; the badge says the delay as set (30 s)', async () => {
    // 5 s after the match was created, as its board was: the broadcast holds back everything, the match itself included (404, as a missing one)
    const early = await opened('broadcast', broadcast, `/viewer/overlay/${matchId}`, FULL_HD);
    await early.locator('.overlay-waiting[data-code=MATCH_NOT_FOUND]').waitFor();
    expect(await early.locator('main').getAttribute('data-waiting')).toBe('true');
    await expect(early.locator('.overlay-waiting h2').textContent()).resolves.toBe('Waiting for the table');
    await expect(early.locator('.overlay-waiting').textContent()).resolves.toContain('once it is created and its broadcast delay has passed');
    expect(await early.locator('.scoreboard, .card').count()).toBe(0);
    // 31 s after the creation, 26 after the board: the creation is out, with the names; the board is not. The page that waited asks again and shows it
    time.advance(26);
    await early.locator('.scoreboard').waitFor({ timeout: 15_000 });
    expect(await early.locator('main').getAttribute('data-revision')).toBe('1');
    await expect(early.locator('.delay-badge').textContent()).resolves.toBe('Delayed 30 s');
    await expect(early.locator('.overlay-waiting').textContent()).resolves.toContain('The broadcast runs 30 s behind the match');
    await early.close();
    const page = await overlay();
    expect(await page.locator('main').getAttribute('data-revision')).toBe('1');
    expect(await page.locator('main').getAttribute('data-waiting')).toBe('true');
    await expect(page.locator('.overlay-waiting .waiting-players').textContent()).resolves.toBe('Ada vs Grace');
    expect(await page.locator('.scoreboard .name').allTextContents()).toEqual(['Ada', 'Grace']);
    await expect(page.locator('.delay-badge').textContent()).resolves.toBe('Delayed 30 s');
    expect(await page.locator('.card').count()).toBe(0);
    await page.close();
  });

  it('past the delay: ten in play, eight in hand, the inkwell and discard as counts, all inside the frame, nothing clipped, every number on every card in sight', async () => {
    time.advance(DELAY.seconds + 5);
    const page = await overlay();
    await page.locator('.board.compact').waitFor();
    expect(await page.locator('main').getAttribute('data-waiting')).toBe('false');
    for (const player of ['p1', 'p2']) {
      expect(await page.locator(`.seat[data-player=${player}] [data-name=play] .card`).count()).toBe(10);
      expect(await page.locator(`.seat[data-player=${player}] [data-name=hand]`).getAttribute('data-count')).toBe('8');
      await expect(page.locator(`.seat[data-player=${player}] [data-name=inkwell]`).textContent()).resolves.toMatch(/Inkwell\D+6/);
      await expect(page.locator(`.seat[data-player=${player}] [data-name=discard]`).textContent()).resolves.toMatch(/Discard\D+4/);
    }
    // the page is the frame: nothing scrolls, nothing leaves it
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1920, 1080]);
    expect(await outside(page, 'main.overlay-root', '*')).toEqual([]);
    // the board clips what overflows it: nothing does
    expect(await outside(page, '.overlay-board', '.seat, .zone, .card')).toEqual([]);
    for (const player of ['p1', 'p2']) expect(await outside(page, `.seat[data-player=${player}]`, '.zone, .card')).toEqual([]);
    // the names: on the score bar and each seat, whole
    expect(await page.locator('.scoreboard .name').allTextContents()).toEqual(['Ada', 'Grace']);
    expect(await page.locator('.scoreboard .name, .seat h2').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).length)).toBe(0);
    expect(await hiddenNumbers(page)).toEqual([]);
    await expect(page.locator('.delay-badge').textContent()).resolves.toBe('Delayed 30 s');
    await page.close();
  });

  it.each([
    ['a desktop', { width: 1280, height: 800 }],
    ['a phone', { width: 390, height: 844 }],
  ])('on the match page on %s, a long card name never hides its cost, lore, strength or willpower', async (_, viewport) => {
    // the judge sees every card by name: the most names on one page
    const seen = await opened('judge', judge, `/viewer/${matchId}?audience=judge`, viewport);
    await seen.locator('.card.named').first().waitFor();
    // on a phone the board is a tab
    if (viewport.width < 600)
      await seen
        .getByRole('tab', { name: /board/i })
        .click()
        .catch(() => undefined);
    expect(await seen.locator('.card-name', { hasText: LONG }).count()).toBeGreaterThan(0);
    expect(await hiddenNumbers(seen)).toEqual([]);
    await seen.close();
  });

  it('the overlay for the docs: 1920×1080 over a checkerboard', async () => {
    const page = await overlay();
    await page.locator('.board.compact').waitFor();
    await page.evaluate(() => {
      const tile = document.createElement('canvas');
      tile.width = tile.height = 64;
      const context = tile.getContext('2d')!;
      for (let y = 0; y < 2; y++)
        for (let x = 0; x < 2; x++) {
          context.fillStyle = (x + y) % 2 === 0 ? '#5a5a5a' : '#8a8a8a';
          context.fillRect(x * 32, y * 32, 32, 32);
        }
      document.documentElement.style.setProperty('background', `url(${tile.toDataURL()}) repeat`);
    });
    await page.screenshot({ path: join(DOCS_IMAGES, 'overlay-1920-full-board.png') });
    await page.close();
  });
});
