import { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test/support/browser';
import { startTestApp, TestApp } from '../../api/test/support/test-app';

describe('the viewer at /viewer', () => {
  let app: TestApp;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    app = await startTestApp();
    await app.app.listen(0, '127.0.0.1');
    base = await app.app.getUrl();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('serves the built page, whose script lists the matches', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/viewer/`);
    await page.waitForSelector('[role="status"]:has-text("No match found.")');
    expect(await page.locator('h1').textContent()).toBe('Matches');
  });

  it("serves the page for a deep link under /viewer, which names the API's error for a match that does not exist", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/viewer/no-such-match?audience=public&at=20`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('[role="alert"]');
    expect(await page.locator('[role="alert"]').getAttribute('data-code')).toBe('MATCH_NOT_FOUND');
  });
});
