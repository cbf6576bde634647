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

  it('serves the built page, and the page runs its script', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/viewer/`);
    expect(await page.locator('#app').textContent()).toBe('matchlog viewer');
  });

  it('serves the page for a deep link under /viewer', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/viewer/some-match?audience=p1&at=20`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('#app').textContent()).toBe('matchlog viewer');
  });
});
