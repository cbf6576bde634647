import { join } from 'path';
import { Page } from 'playwright-core';
import { SECONDS_PER_EVENT, lorcanaMatch, scoredEvents, testTime } from './support/scored-match';
import { Recorded, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

/** the screenshots the README and docs show */
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const EVENT = 'Riverside Stream Cup';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type Card = { handle: string; definition?: string; exerted?: boolean; printed?: { cost?: number; lore?: number; strength?: number; willpower?: number } };
type RestView = { revision: number; zones: Record<string, { count: number; cards: Card[] }> };

describe('the viewer as a stream would show it: cards, backs, facts, names, tabs on a phone, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let game: Recorded;
  const rest = async (audience: string, at: number, token?: string): Promise<RestView> =>
    (
      await rig.app
        .http()
        .get(`/matches/${game.id}/views/${audience}?at=${at}`)
        .set(token ? rig.app.bearer(token) : {})
        .expect(200)
    ).body;
  const open = async (path: string, size: { width: number; height: number }, keep?: { audience: string; token: string }) => {
    const page = await rig.open(path, keep && { matchId: game.id, ...keep });
    await page.setViewportSize(size);
    return page;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: join(DOCS_IMAGES, `stream-${name}.png`), fullPage: true });

  beforeAll(async () => {
    rig = await startViewerRig(time);
    let turn = 0;
    game = await rig.recordOneByOne({ ...lorcanaMatch({ event: EVENT, round: 1, table: 3, game: 1, bestOf: 3 }), broadcastDelay: { seconds: 300 } }, scoredEvents(), (event) => {
      time.advance(SECONDS_PER_EVENT[turn] ?? 10);
      if (event.type === 'TurnStarted') turn = (event.data as { turn: number }).turn;
    });
    // past its broadcast's delay, which holds back its public side too (no spoilers around the delay): the public sees the end
    time.advance(301);
  }, 120_000);
  afterAll(() => rig?.close());

  it('public, at the end: no handle on the board, backs with counts, printed facts on the cards, the winner by name', async () => {
    const view = await rest('public', game.revision);
    const page = await open(`/viewer/${game.id}?audience=public&at=${game.revision}`, DESKTOP);
    await shownAt(page, game.revision);
    expect(await page.locator('h1').textContent()).toContain('Disney Lorcana');
    expect(await page.locator('.board').innerText()).not.toMatch(/\bh\d+\b/);
    const hand = view.zones['hand@p2'];
    expect(hand.count).toBeGreaterThan(0);
    expect(await page.locator('[data-zone="hand@p2"] .card.back').count()).toBe(1);
    expect(await page.locator('[data-zone="hand@p2"] .card.back').getAttribute('data-count')).toBe(String(hand.count));
    expect(await page.locator('[data-zone="hand@p2"] h3').textContent()).toBe(`Hand · ${hand.count}`);
    const played = Object.values(view.zones).flatMap((zone) => zone.cards.filter((card) => card.printed?.cost !== undefined));
    expect(played.length).toBeGreaterThan(0);
    for (const card of played) {
      const shown = page.locator(`.card[data-handle="${card.handle}"]`);
      expect(await shown.locator('.cost').textContent()).toBe(String(card.printed!.cost));
      if (card.printed!.strength !== undefined) expect(await shown.locator('.strength').textContent()).toBe(String(card.printed!.strength));
      if ((card.printed!.lore ?? 0) > 0) expect(await shown.locator('.lore').getAttribute('data-lore')).toBe(String(card.printed!.lore));
    }
    expect(await page.locator('.result-banner .headline').textContent()).toBe('Ana Ortiz wins');
    expect(await page.locator('.zone h3').allTextContents()).not.toContainEqual(expect.stringMatching(/^(bag|Bag)\b/));
    await shot(page, 'desktop-public');
  });

  it('an exerted card turns a quarter and stays clear of its zone label', async () => {
    let at = 1;
    for (; at <= game.revision; at++) if (Object.values((await rest('public', at)).zones).some((zone) => zone.cards.some((card) => card.exerted))) break;
    expect(at).toBeLessThanOrEqual(game.revision);
    const page = await open(`/viewer/${game.id}?audience=public&at=${at}`, DESKTOP);
    await shownAt(page, at);
    const card = page.locator('.card.exerted').first();
    const zone = page.locator('.zone', { has: page.locator('.card.exerted') }).first();
    const [cardBox, labelBox] = [await card.boundingBox(), await zone.locator('h3').boundingBox()];
    expect(cardBox!.width).toBeGreaterThan(cardBox!.height);
    expect(cardBox!.y).toBeGreaterThanOrEqual(labelBox!.y + labelBox!.height);
    const turned = await card.locator('.face').evaluate((face) => getComputedStyle(face).transform);
    // rotate(90deg) after the centring translate: matrix(0, 1, -1, 0, …)
    expect(turned).toMatch(/^matrix\(\s*[-0-9.e]+,\s*1,\s*-1,\s*[-0-9.e]+,/);
  });

  it('a player and the judge: their hand by name; the judge keeps each card id on hover', async () => {
    const mine = await open(`/viewer/${game.id}?audience=p1&at=20`, DESKTOP, { audience: 'p1', token: game.tokens.players.p1 });
    await shownAt(mine, 20);
    const view = await rest('p1', 20, game.tokens.players.p1);
    expect(await mine.locator('[data-zone="hand@p1"] .card.named .card-name').allTextContents()).toEqual(view.zones['hand@p1'].cards.map((card) => card.definition));
    expect(await mine.locator('.board').innerText()).not.toMatch(/\bh\d+\b/);
    await shot(mine, 'desktop-player');
    const judge = await open(`/viewer/${game.id}?audience=judge&at=20`, DESKTOP, { audience: 'judge', token: game.tokens.judge });
    await shownAt(judge, 20);
    const title = await judge.locator('[data-zone="deck@p1"] .card.named').first().getAttribute('title');
    expect(title).toMatch(/\bc\d+\b/);
    await shot(judge, 'desktop-judge');
  });

  it('the broadcast says how far behind it runs', async () => {
    const page = await open(`/viewer/${game.id}?audience=broadcast`, DESKTOP);
    await page.locator('.delay-badge').waitFor();
    expect(await page.locator('.delay-badge').textContent()).toBe('Delayed 5 min');
  });

  it('the landing list: date, event · round · table, game n of m, the result; the search stays in the address', async () => {
    const page = await open('/viewer/', DESKTOP);
    const row = page.locator(`.match[data-match="${game.id}"]`);
    await row.locator('.game-number').waitFor();
    expect(await row.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await row.locator('.meta').innerText()).toBe(`Disney Lorcana · ${EVENT} · round 1 · table 3 · Game 1 of 3`);
    expect(await row.locator('.result').textContent()).toBe('Ana Ortiz won');
    await page.fill('input[name=event]', EVENT);
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.searchParams.get('event') === EVENT);
    await page.reload();
    expect(await page.inputValue('input[name=event]')).toBe(EVENT);
    await page.locator(`.match[data-match="${game.id}"] .game-number`).waitFor();
    await shot(page, 'desktop-list');
  });

  it('the round page at a desktop width', async () => {
    const page = await open(`/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=1`, DESKTOP);
    await page.locator('.round-table').first().waitFor();
    await shot(page, 'desktop-round');
  });

  it('on a phone the log is a tab beside the board', async () => {
    const page = await open(`/viewer/${game.id}?audience=public&at=${game.revision}`, PHONE);
    await shownAt(page, game.revision);
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Board', 'Log']);
    expect(await page.getByRole('tablist').isVisible()).toBe(true);
    expect(await page.locator('.board-area').isVisible()).toBe(true);
    expect(await page.locator('.side').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'phone-public');
    await tabs.nth(1).click();
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(
      await page
        .getByRole('tabpanel')
        .filter({ has: page.locator('.action-log') })
        .isVisible(),
    ).toBe(true);
    expect(await page.locator('.board-area').isVisible()).toBe(false);
    const player = await open(`/viewer/${game.id}?audience=p1&at=20`, PHONE, { audience: 'p1', token: game.tokens.players.p1 });
    await shownAt(player, 20);
    await shot(player, 'phone-player');
    const judge = await open(`/viewer/${game.id}?audience=judge&at=20`, PHONE, { audience: 'judge', token: game.tokens.judge });
    await shownAt(judge, 20);
    await shot(judge, 'phone-judge');
    const round = await open(`/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=1`, PHONE);
    await round.locator('.round-table').first().waitFor();
    await shot(round, 'phone-round');
  });
});
