import { networkInterfaces } from 'os';
import { BrowserContext, Page } from 'playwright-core';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';
import { P1_LIST, P2_LIST } from './support/deck-lists';

/**
 * The organizer's links page (/viewer/organize/:matchId) in Chromium, as an organizer at a venue uses it: the links
 * carry an address a phone on the venue's network opens, they stay through a reload in that tab only, each has a copy
 * button, and "Make new links" without the key says why it did nothing.
 */
describe("the organizer's links page, in Chromium", () => {
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig()), 120_000);
  afterAll(() => rig?.close());

  const create = async (matchId: string) =>
    (
      await rig.app
        .http()
        .post('/matches')
        .set(rig.app.organizer)
        .send({
          matchId,
          game: 'lorcana',
          players: [
            { id: 'p1', name: 'Ada' },
            { id: 'p2', name: 'Grace' },
          ],
          deckLists: { p1: P1_LIST, p2: P2_LIST },
        })
        .expect(201)
    ).body as { matchId: string; tokens: { recorder: string } };

  const hrefs = (page: Page) =>
    page.locator('.role-link').evaluateAll((items) => items.map((item) => [(item as HTMLElement).dataset.role, item.querySelector('a')!.getAttribute('href')] as const));
  /** the organizer's page opened at the loopback address, as `npm start`'s line offers it, its links made with the key */
  const linksPage = async (context: BrowserContext, matchId: string) => {
    const page = await context.newPage();
    const posted: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posted.push(new URL(request.url()).pathname)));
    await page.goto(`${rig.base}/viewer/organize/${matchId}`);
    await page.getByLabel('Organizer key').fill('test-organizer-key');
    await page.getByRole('button', { name: 'Make new links' }).click();
    await page.locator('.role-link').first().waitFor();
    return { page, posted };
  };

  it("carries an address a phone on the venue's network opens, never only localhost, and lists where the server answers", async () => {
    const { matchId } = await create('links-lan');
    const context = await rig.browser.newContext(TESTING);
    const { page } = await linksPage(context, matchId);
    expect(new URL(rig.base).hostname).toBe('127.0.0.1');
    for (const [, href] of await hrefs(page)) {
      expect(new URL(href!).origin).toBe(rig.linkBase);
      expect(new URL(href!).hostname).not.toMatch(/^(localhost|127\.)/);
    }
    for (const qr of await page.locator('svg.qr').evaluateAll((codes) => codes.map((code) => code.getAttribute('data-text')))) expect(new URL(qr!).origin).toBe(rig.linkBase);
    await expect(page.locator('.link-where').textContent()).resolves.toContain(`Links and QR codes open ${rig.linkBase}`);
    // the server told the organizer key its LAN addresses; anyone else is told none
    const lan = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((info) => info.family === 'IPv4' && !info.internal)
      .map((info) => `http://${info.address}:${new URL(rig.base).port}`);
    expect((await rig.app.http().get('/health').set(rig.app.organizer).expect(200)).body.lanAddresses).toEqual(lan);
    expect(rig.linkBase).toBe(lan[0] ?? rig.base);
    if (lan.length === 0) await expect(page.locator('.local-only').textContent()).resolves.toMatch(/^Only this computer can open these links/);
    expect((await rig.app.http().get('/health').expect(200)).body).toEqual({ status: 'ok', store: 'sqlite' });
    // the recorder's link works from there (the rig listens on loopback: its origin is swapped for the test only)
    const phone = await context.newPage();
    await phone.goto(rig.onRig((await hrefs(page)).find(([role]) => role === 'recorder')![1]!));
    await phone.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    await phone.close();
    await page.close();
  });

  it('keeps its links through a reload, in that tab only: sessionStorage, never localStorage, and not in a new tab', async () => {
    const { matchId } = await create('links-kept');
    const context = await rig.browser.newContext(TESTING);
    const { page } = await linksPage(context, matchId);
    const before = await hrefs(page);
    await page.reload();
    await page.locator('.role-link').first().waitFor();
    expect(await hrefs(page)).toEqual(before);
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('kept for it alone');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('mlt_');
    expect(await page.evaluate((id) => sessionStorage.getItem(`matchlog.links.${id}`) !== null, matchId)).toBe(true);
    // another tab of the same browser has its own session storage: no links there, only the form
    const other = await context.newPage();
    await other.goto(`${rig.base}/viewer/organize/${matchId}`);
    await other.getByRole('button', { name: 'Make new links' }).waitFor();
    expect(await other.locator('.role-link').count()).toBe(0);
    await other.close();
    await page.close();
  });

  it('has a copy button per link that puts the link on the clipboard', async () => {
    const { matchId } = await create('links-copy');
    const context = await rig.browser.newContext(TESTING);
    await context.grantPermissions(['clipboard-write'], { origin: rig.base });
    // what the page writes to the clipboard, kept where the test reads it (headless Chromium grants no clipboard read)
    await context.addInitScript(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = (text: string) => {
        (window as unknown as { copied: string }).copied = text;
        return write(text);
      };
    });
    const { page } = await linksPage(context, matchId);
    const roles = await hrefs(page);
    expect(await page.getByRole('button', { name: /^Copy the link for / }).count()).toBe(roles.length);
    for (const [role, href] of roles) {
      const item = page.locator(`.role-link[data-role="${role}"]`);
      await item.getByRole('button', { name: /^Copy the link for / }).click();
      // the clipboard answers asynchronously: the status says so once it has
      await page.waitForFunction((selector) => document.querySelector(selector)?.textContent !== '', `.role-link[data-role="${role}"] .copied`);
      await expect(item.locator('.copied').textContent()).resolves.toBe('Copied');
      expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(href);
    }
    await page.close();
  });

  it('"Make new links" without a key says why it did nothing, and nothing is issued: the links shown still work', async () => {
    const { matchId } = await create('links-no-key');
    const context = await rig.browser.newContext(TESTING);
    const { page, posted } = await linksPage(context, matchId);
    const shown = await hrefs(page);
    const issued = posted.length;
    await page.getByRole('button', { name: 'Make new links' }).click();
    const status = page.locator('form + [role=status]');
    await expect(status.textContent()).resolves.toBe('Nothing was made: give the organizer key first. New links need it, and the links shown (and their tokens) still work.');
    expect(await status.getAttribute('data-code')).toBe('NO_KEY');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('organizer-key');
    expect(await page.getByLabel('Organizer key').getAttribute('aria-invalid')).toBe('true');
    expect(posted.length).toBe(issued);
    expect(await hrefs(page)).toEqual(shown);
    const recorder = decodeURIComponent(new URL(shown.find(([role]) => role === 'recorder')![1]!).hash.replace(/^#token=/, ''));
    await rig.app.http().get(`/matches/${matchId}/events`).query({ audience: 'judge' }).set(rig.app.bearer(recorder)).expect(200);
    await page.close();
  });
});
