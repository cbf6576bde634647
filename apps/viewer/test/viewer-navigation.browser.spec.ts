import { BrowserContext, Locator, Page } from 'playwright-core';
import { Recorded, ViewerRig, startViewerRig } from './support/viewer-fixture';

/**
 * Issue 25 §1: a person's way through the viewer in one browser context with its HTTP cache on, so every
 * revisit is a conditional request answered 304, under the page's own Content-Security-Policy (no bypass:
 * locators only, as waitForFunction's string predicates are an eval the policy forbids). A 304 that once
 * carried JSON's policy left each revisited page on "Loading…".
 */
describe('the viewer navigated as a person does, in Chromium with its HTTP cache', () => {
  let rig: ViewerRig;
  let match: Recorded;
  let context: BrowserContext;
  let page: Page;
  /** the viewer's pages the browser revalidated from its cache (If-None-Match: answered 304, which Chromium reports as the cached 200) */
  const revalidated: Promise<string | null>[] = [];
  beforeAll(async () => {
    rig = await startViewerRig();
    match = await rig.record('lorcana');
    context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`);
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.resourceType() === 'document')
        revalidated.push(request.allHeaders().then((headers) => (headers['if-none-match'] !== undefined ? new URL(request.url()).pathname : null)));
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await rig?.close();
  });

  /** `what` is drawn: the page's script ran, and its policy blocked nothing; else what the page shows instead */
  const rendered = async (what: Locator) => {
    try {
      await what.first().waitFor({ timeout: 10_000 });
    } catch {
      throw new Error(`the page at ${page.url()} did not render; it shows: ${JSON.stringify(await page.locator('#app').innerText())}`);
    }
    expect(await page.evaluate('window.__violations')).toEqual([]);
  };
  const list = () => page.locator(`li.match[data-match="${match.id}"] a[href^="/viewer/${match.id}?"]`);
  const revision = (at: number) => page.locator('.sentence').filter({ hasText: new RegExp(`^#${at}:`) });
  const tokenInput = () => page.locator('input[name="token"]');
  /** the judge's own panel (the clock, the result slip): drawn for the judge only */
  const judgeShown = () => page.locator('.judge-panel');
  /** the judge's page at revision 20, its token typed into the form as a person pastes it */
  const openAsJudge = async () => {
    await page.goto(`${rig.base}/viewer/${match.id}?audience=public&at=20`);
    await rendered(revision(20));
    // as in a new tab: no token kept yet
    await page.evaluate('sessionStorage.clear()');
    await page.locator('select[name="audience"]').selectOption('judge');
    await rendered(tokenInput());
    await tokenInput().pressSequentially(match.tokens.judge);
    await page.locator('form:has(input[name="token"]) button[type="submit"]').click();
    await rendered(judgeShown());
    await rendered(revision(20));
  };

  it("the server's address → list → match → Back → Reload → the match again: the page renders every time", async () => {
    await page.goto(`${rig.base}/`);
    expect(new URL(page.url()).pathname).toBe('/viewer/');
    await rendered(list());
    await list().click();
    await page.waitForURL(/\/viewer\/[^/?]+\?audience=public/);
    await rendered(revision(match.revision));
    await page.goBack();
    await rendered(list());
    await page.reload();
    await rendered(list());
    await list().click();
    await rendered(revision(match.revision));
    await page.reload();
    await rendered(revision(match.revision));
    // the revisits were revalidated, not fetched afresh: what the issue's browser did
    expect(await Promise.all(revalidated)).toEqual(expect.arrayContaining(['/viewer/', `/viewer/${match.id}`]));
  });

  it('a deep link, reloaded, shows the same revision', async () => {
    await page.goto(`${rig.base}/viewer/${match.id}?audience=public&at=20`);
    await rendered(revision(20));
    await page.reload();
    await rendered(revision(20));
    expect(new URL(page.url()).searchParams.get('at')).toBe('20');
  });

  it("a judge's token typed into the form opens the judge's page, kept through a reload and never in the address", async () => {
    await openAsJudge();
    await page.reload();
    await rendered(judgeShown());
    expect(await tokenInput().count()).toBe(0);
    expect(page.url()).not.toContain(match.tokens.judge);
  });

  it('"Forget token" goes back to the public view, and the judge\'s page asks for the token again', async () => {
    await openAsJudge();
    await page.getByRole('button', { name: 'Forget token' }).click();
    await page.waitForURL(/audience=public/);
    await rendered(revision(20));
    expect(await page.getByRole('button', { name: 'Forget token' }).count()).toBe(0);
    await page.goBack();
    await rendered(tokenInput());
    expect(await page.evaluate(`sessionStorage.getItem(${JSON.stringify(`matchlog.token.${match.id}.judge`)})`)).toBeNull();
  });
});
