import { ORGANIZER } from '../../api/test/support/test-app';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

describe('scratch', () => {
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig()), 120_000);
  afterAll(() => rig?.close());
  it('dumps', async () => {
    const page = await rig.browser.newPage({ ...TESTING, viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => console.log('console', m.text()));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.goto(`${rig.base}/viewer/judge?event=Desk%20Cup`);
    await page.waitForTimeout(1500);
    console.log(await page.locator('main').innerHTML());
    await page.getByLabel('Organizer key').fill(ORGANIZER);
    await page.getByLabel('Your name (on every claim and ruling)').fill('Sam');
    await page.getByRole('button', { name: 'Open the desk' }).click();
    await page.waitForTimeout(2500);
    console.log(await page.locator('main').innerText());
  }, 60_000);
});
