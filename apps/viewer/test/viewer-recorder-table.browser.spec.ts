import { join } from 'path';
import { Page } from 'playwright-core';
import { ViewerRig, startViewerRig } from './support/viewer-fixture';
import { createPaperMatch, recorderPhone } from './support/recorder-phone';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');

/**
 * The recorder's screen at a real table, on a phone in Chromium: its sheets are modal, Quest and Challenge offer the
 * ready characters first, End turn says what it records, and the status line tells synced, waiting and offline apart.
 */
describe("the recorder's screen at a real table, on a phone in Chromium", () => {
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig()), 120_000);
  afterAll(() => rig?.close());

  const create = (matchId: string) => createPaperMatch(rig, matchId);

  const phone = (matchId: string, recorder: string) => recorderPhone(rig, matchId, recorder);
  const tap = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true }).tap();
  const revisionOf = async (page: Page) => Number(await page.locator('.sync-status').getAttribute('data-revision'));
  const recorded = (page: Page, revision: number) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '${revision}'`);
  const syncIs = (page: Page, state: string, timeout = 10_000) =>
    page.waitForFunction(`document.querySelector('.sync-status')?.dataset.sync === '${state}'`, undefined, { timeout });
  /** every tap is in the browser's journal (a tap counts as waiting at once, before the journal has it) */
  const journaled = (page: Page) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.journaled === 'true'`);
  const sheets = (page: Page) => page.locator('[role=dialog], [role=alertdialog]').count();
  const serverRevision = async (matchId: string, judge: string) =>
    (await rig.app.http().get(`/matches/${matchId}/events`).query({ audience: 'judge' }).set(rig.app.bearer(judge)).expect(200)).body.observations.length as number;

  it('a sheet is modal: while it is open nothing behind it takes a tap, a key or a click, nothing records, and a second sheet never opens over it', async () => {
    const match = await create('table-sheets');
    const { page } = await phone(match.matchId, match.tokens.recorder);
    await tap(page, 'Draw');
    await tap(page, '+1 Lore');
    await recorded(page, 3);

    await tap(page, 'Ink');
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect(await sheets(page)).toBe(1);
    // a finger on Draw lands on the backdrop, not on the button
    const hit = await page.evaluate(() => {
      const draw = document.querySelector('[data-action=draw]')!.getBoundingClientRect();
      const there = document.elementFromPoint(draw.x + draw.width / 2, draw.y + draw.height / 2);
      return { backdrop: there?.closest('.sheet-backdrop') !== null, draw: there?.closest('[data-action=draw]') !== null };
    });
    expect(hit).toEqual({ backdrop: true, draw: false });
    // the page behind is inert, and a script's clicks on it record nothing and open nothing
    expect(await page.locator('.recorder').evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
    await page.evaluate(() => {
      for (const selector of ['[data-action=draw]', '[data-action=quest]', '[data-action=concede]', '.recent .correct', '.seat[data-player=p2]'])
        (document.querySelector(selector) as HTMLElement | null)?.click();
    });
    expect(await sheets(page)).toBe(1);
    expect(await page.locator('.seat[aria-pressed=true]').textContent()).toContain('Ada');
    // the keyboard stays in the sheet
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.sheet') !== null)).toBe(true);
    expect(await revisionOf(page)).toBe(3);

    // Escape closes it, and the page is back
    await page.keyboard.press('Escape');
    expect(await sheets(page)).toBe(0);
    expect(await page.locator('[inert]').count()).toBe(0);
    await tap(page, 'Draw');
    await recorded(page, 4);

    // the Correct sheet, asked twice, is one sheet: the second ask does nothing
    await page
      .locator('.recent li')
      .first()
      .getByRole('button', { name: /^Correct: / })
      .tap();
    await page.getByRole('alertdialog').waitFor();
    await page.evaluate(() => (document.querySelector('.recent .correct') as HTMLElement).click());
    expect(await sheets(page)).toBe(1);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).tap();
    expect(await sheets(page)).toBe(0);
    expect(await revisionOf(page)).toBe(4);
    await page.close();
  }, 120_000);

  it('Quest and Challenge offer the ready characters first; an exerted one quests only with an explicit override', async () => {
    const match = await create('table-quest');
    const { page } = await phone(match.matchId, match.tokens.recorder);
    await tap(page, 'Draw');
    await tap(page, 'Draw');
    await tap(page, /^End turn/);
    await recorded(page, 4);
    for (const revision of [5, 6]) {
      await tap(page, 'Play');
      await page.getByRole('dialog').getByRole('searchbox').fill('elsa snow');
      await page.getByRole('dialog').getByRole('listitem').first().tap();
      await recorded(page, revision);
    }
    // the first Elsa quests: she is exerted now
    await tap(page, 'Quest');
    const first = await page.getByRole('dialog').getByRole('listitem').first().getAttribute('data-value');
    await page.getByRole('dialog').getByRole('listitem').first().tap();
    await page.waitForFunction(`Number(document.querySelector('.sync-status')?.dataset.revision) > 6`);
    const afterQuest = await revisionOf(page);

    // the next Quest offers the ready Elsa first; the exerted one last, marked
    await tap(page, 'Quest');
    const offered = await page
      .getByRole('dialog')
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => ({ value: item.getAttribute('data-value'), text: item.textContent, muted: item.classList.contains('muted') })));
    expect(offered).toEqual([
      { value: expect.not.stringMatching(first!), text: 'Elsa - Snow Queen', muted: false },
      { value: first, text: 'Elsa - Snow Queen · exerted', muted: true },
    ]);
    // tapping the exerted one asks again; cancelled, nothing is recorded
    await page.getByRole('dialog').getByRole('listitem').nth(1).tap();
    const ask = page.getByRole('alertdialog');
    await expect(ask.textContent()).resolves.toContain('Elsa - Snow Queen is exerted');
    await ask.getByRole('button', { name: 'Cancel' }).tap();
    expect(await revisionOf(page)).toBe(afterQuest);
    // with the override, it is recorded
    await tap(page, 'Quest');
    await page.getByRole('dialog').getByRole('listitem').nth(1).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Quest anyway' }).tap();
    await page.waitForFunction(`Number(document.querySelector('.sync-status')?.dataset.revision) > ${afterQuest}`);

    // Challenge's attacker: the same order, the ready Elsa first
    await tap(page, 'Challenge');
    const attackers = await page
      .getByRole('dialog')
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-value')));
    expect(attackers).toEqual([offered[0].value, first]);
    await page.keyboard.press('Escape');
    await page.close();
  }, 120_000);

  it('End turn says what it records: whose turn starts, and its number', async () => {
    const match = await create('table-turns');
    const { page } = await phone(match.matchId, match.tokens.recorder);
    const endTurn = page.locator('[data-action=endTurn]');
    await expect(endTurn.textContent()).resolves.toBe("End turn: Ada's turn 1 starts");
    await endTurn.tap();
    await recorded(page, 2);
    await expect(endTurn.textContent()).resolves.toBe("End turn: Grace's turn 2 starts");
    await endTurn.tap();
    await recorded(page, 3);
    await expect(endTurn.textContent()).resolves.toBe("End turn: Ada's turn 3 starts");
    await expect(page.locator('.turn-line').textContent()).resolves.toBe('Turn 2: Grace');
    await page.close();
  }, 120_000);

  it('after a reload, the status line says synced when the server has every action, and not synced, with the count, when some wait', async () => {
    const match = await create('table-reload');
    const { page } = await phone(match.matchId, match.tokens.recorder);
    await tap(page, 'Draw');
    await syncIs(page, 'synced');
    await page.reload();
    await recorded(page, 2);
    await syncIs(page, 'synced');
    await expect(page.locator('.sync-status').textContent()).resolves.toMatch(/^Online · Synced: the server has every action · last synced /);

    // the server answers but takes nothing (a proxy's 503): two actions wait, through a reload too
    const refuse = (route: import('playwright-core').Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"code":"UNAVAILABLE","message":"down"}' })
        : route.continue();
    await page.route(`**/matches/${match.matchId}/events`, refuse);
    await tap(page, 'Draw');
    await tap(page, 'Draw');
    await recorded(page, 4);
    await syncIs(page, 'waiting');
    await journaled(page);
    await page.reload();
    await recorded(page, 4);
    await syncIs(page, 'waiting');
    await expect(page.locator('.sync-status').textContent()).resolves.toMatch(/^Online · Not synced: 2 actions wait · last synced /);
    expect(await serverRevision(match.matchId, match.tokens.judge)).toBe(2);

    // the server takes them again: sent within the screen's 5 s retry, and synced
    await page.unroute(`**/matches/${match.matchId}/events`, refuse);
    await syncIs(page, 'synced', 20_000);
    expect(await serverRevision(match.matchId, match.tokens.judge)).toBe(4);
    await page.reload();
    await syncIs(page, 'synced');
    await page.close();
  }, 120_000);

  it('offline is unmistakable at a glance: a red banner across the top that stays in sight, the screen framed in red; it goes when the network returns', async () => {
    const match = await create('table-offline');
    const { context, page } = await phone(match.matchId, match.tokens.recorder);
    const banner = page.locator('.offline-banner');
    expect(await banner.isVisible()).toBe(false);
    await context.setOffline(true);
    await tap(page, 'Draw');
    await tap(page, 'Draw');
    await recorded(page, 3);
    await syncIs(page, 'offline');
    await expect(banner.textContent()).resolves.toBe('Offline. What you record stays on this phone and goes to the server when the network returns.');
    const look = await banner.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return { top: box.top, height: box.height, width: box.width, background: style.backgroundColor, color: style.color };
    });
    expect(look.top).toBeLessThan(40);
    expect(look.height).toBeGreaterThanOrEqual(44);
    expect(look.width).toBeGreaterThan(300);
    expect(look).toMatchObject({ background: 'rgb(183, 28, 28)', color: 'rgb(255, 255, 255)' });
    expect(await page.locator('.recorder').evaluate((element) => element.classList.contains('is-offline'))).toBe(true);
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-phone-offline.png') });
    // scrolled to the last actions, the banner is still in sight
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const scrolled = await banner.evaluate((element) => element.getBoundingClientRect().top);
    expect(scrolled).toBeGreaterThanOrEqual(0);
    expect(scrolled).toBeLessThan(40);
    await expect(page.locator('.sync-status').textContent()).resolves.toMatch(/^Offline · 2 actions wait · /);

    await context.setOffline(false);
    await syncIs(page, 'synced', 20_000);
    expect(await banner.isVisible()).toBe(false);
    expect(await page.locator('.recorder').evaluate((element) => element.classList.contains('is-offline'))).toBe(false);
    await page.close();
  }, 120_000);
});
