import { ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

describe('the web viewer marks a void match, in Chromium', () => {
  let rig: ViewerRig;
  let id: string;
  let judge: string;
  let voidedAt: number;

  beforeAll(async () => {
    rig = await startViewerRig();
    const match = await rig.record('lorcana');
    id = match.id;
    judge = match.tokens.judge;
    voidedAt = (await rig.app.http().post(`/matches/${id}/void`).set(rig.app.organizer).send({ reason: 'recorded twice' }).expect(201)).body.revision;
  }, 120_000);
  afterAll(() => rig?.close());

  it('public: a void banner with the reason from the revision of MatchVoided on, above the result; none before it', async () => {
    const page = await rig.open(`/viewer/${id}?audience=public`);
    await shownAt(page, voidedAt);
    const banner = page.locator('.banner-area .void-banner');
    expect(await banner.locator('.headline').innerText()).toMatch(/^void$/i);
    expect(await banner.locator('.reason').innerText()).toContain('recorded twice');
    expect(await page.locator('.banner-area > section').first().getAttribute('class')).toBe('void-banner');
    await page.goto(`${rig.base}/viewer/${id}?audience=public&at=${voidedAt - 1}`);
    await shownAt(page, voidedAt - 1);
    expect(await page.locator('.void-banner').count()).toBe(0);
    expect(await page.locator('.result-banner').count()).toBe(1);
  });

  it('the match list marks it void, not won', async () => {
    const page = await rig.open('/viewer/');
    const row = page.locator(`li.match[data-match="${id}"]`);
    await row.waitFor();
    expect(await row.locator('.result').getAttribute('data-result')).toBe('void');
    expect(await row.locator('.result').innerText()).toBe('Void');
  });

  it('the judge, in Spanish: the banner in Spanish', async () => {
    const page = await rig.browser.newPage({ bypassCSP: true });
    await page.addInitScript(`localStorage.setItem('matchlog.language', 'es'); sessionStorage.setItem(${JSON.stringify(`matchlog.token.${id}.judge`)}, ${JSON.stringify(judge)})`);
    await page.goto(`${rig.base}/viewer/${id}?audience=judge`);
    await shownAt(page, voidedAt);
    expect(await page.locator('.void-banner .headline').innerText()).toMatch(/^anulada$/i);
    expect(await page.locator('.void-banner .reason').innerText()).toContain('La organización anuló esta partida');
  });
});
