import { join } from 'path';
import { Page } from 'playwright-core';
import { ViewerRig, startViewerRig } from './support/viewer-fixture';
import { P1_LIST, P2_LIST } from './support/deck-lists';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;

/** P1_LIST with its first line misspelt, as a hurried organizer pastes it */
const MISSPELT = P1_LIST.replace('4 Elsa - Snow Queen', '4 Elsa - Snow Quen');

type Card = { cardId: string; definition?: string; printed?: Record<string, unknown> };
type JudgeView = {
  players: { id: string; name?: string }[];
  tournament?: Record<string, unknown>;
  zones: Record<string, { count: number; cards: Card[] }>;
  lists?: { player: string; cards: { definition: string; copies: number; printed?: Record<string, unknown> }[] }[];
};

describe("the organizer's form before a feature match (/viewer/organize), in Chromium: deck lists pasted as text, then the links", () => {
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig()), 120_000);
  afterAll(() => rig?.close());
  // each test closes its pages, not its context: closing a context ended the single-process Chromium for the tests after it

  const tokenOf = (link: string) => decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
  const linksOn = async (page: Page): Promise<Record<string, string>> => {
    await page.locator('.role-link').first().waitFor();
    const entries = await page
      .locator('.role-link')
      .evaluateAll((items) => items.map((item) => [(item as HTMLElement).dataset.role, item.querySelector('a')!.getAttribute('href')]));
    return Object.fromEntries(entries);
  };
  /** The recorder's link, opened on a phone: the screen's Draw button shows, and the token leaves the address. */
  const recorderOpens = async (link: string) => {
    const context = await rig.browser.newContext(PHONE);
    const phone = await context.newPage();
    await phone.goto(rig.onRig(link));
    await phone.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    expect(phone.url()).not.toContain('#token=');
    await phone.close();
  };

  it('refuses a misspelt line under its deck list with the closest name, keeping what was typed; fixed, it creates the match and shows working links per role', async () => {
    const page = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const violations: string[] = [];
    page.on('console', (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(request.url()));
    await page.goto(`${rig.base}/viewer/organize`);

    await page.getByLabel('Organizer key').fill('test-organizer-key');
    const p1 = page.getByRole('group', { name: 'Player 1' });
    const p2 = page.getByRole('group', { name: 'Player 2' });
    await p1.getByLabel('Name').fill('Ada');
    await p2.getByLabel('Name').fill('Grace');
    await p1.getByLabel('Deck list').fill(MISSPELT);
    await p2.getByLabel('Deck list').fill(P2_LIST);
    await page.getByLabel('Event').fill('Riverside Cup');
    await page.getByLabel('Round').fill('2');
    await page.getByLabel('Table', { exact: true }).fill('7');
    // the match id follows the table as typed
    expect(await page.getByLabel('Match id').inputValue()).toBe('riverside-cup-r2-t7-g1');
    await page.getByLabel('Best of').selectOption('3');
    await page.getByLabel('Only with the broadcast link, behind a delay').check();
    await page.getByLabel('Delay (minutes)').fill('10');
    // behind a delay the id ends with a random suffix: nobody finds the match by trying the id after the last game's
    const id = await page.getByLabel('Match id').inputValue();
    expect(id).toMatch(/^riverside-cup-r2-t7-g1-[a-z0-9]{8}$/);
    await page.getByRole('button', { name: 'Create the match' }).click();

    const errors = page.locator('#deck-p1-errors li');
    await errors.first().waitFor();
    expect(await errors.allTextContents()).toEqual([expect.stringMatching(/^Line 1 "4 Elsa - Snow Quen": no such card\. Closest: .*Elsa - Snow Queen/)]);
    expect(await page.locator('#deck-p2-errors li').count()).toBe(0);
    const deck1 = p1.getByLabel('Deck list');
    expect(await deck1.getAttribute('aria-invalid')).toBe('true');
    expect(await deck1.getAttribute('aria-describedby')).toContain('deck-p1-errors');
    expect(await p2.getByLabel('Deck list').getAttribute('aria-invalid')).toBeNull();
    expect(await deck1.evaluate((textarea) => textarea === document.activeElement)).toBe(true);
    // what was typed is kept, every field of it
    expect(await deck1.inputValue()).toBe(MISSPELT);
    expect(await p2.getByLabel('Deck list').inputValue()).toBe(P2_LIST);
    expect(await p1.getByLabel('Name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Organizer key').inputValue()).toBe('test-organizer-key');
    await rig.app.http().get(`/matches/${id}`).set(rig.app.organizer).expect(404);
    await page.screenshot({ path: join(DOCS_IMAGES, 'organize-new-match.png'), fullPage: true });

    // the bad line is selected in the focused field: typing over it fixes it
    await page.keyboard.type('4 Elsa - Snow Queen');
    expect(await deck1.inputValue()).toBe(P1_LIST);
    await page.getByRole('button', { name: 'Create the match' }).click();

    const links = await linksOn(page);
    expect(Object.keys(links)).toEqual(['recorder', 'p1', 'p2', 'judge', 'broadcast']);
    expect(new URL(page.url()).pathname).toBe(`/viewer/organize/${id}`);
    expect(page.url()).not.toMatch(/token|mlt_/);
    for (const link of Object.values(links)) expect(link).toMatch(/#token=mlt_[A-Za-z0-9_-]+$/);
    // the tokens were handed over in memory, and kept for this tab only (sessionStorage, the links' own key): never in localStorage, never in any address requested
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('mlt_');
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => sessionStorage.getItem(key)!.includes('mlt_')))).toEqual([`matchlog.links.${id}`]);
    // they carry an address a phone on the venue's network opens, never only localhost
    for (const link of Object.values(links)) expect(new URL(link).origin).toBe(rig.linkBase);
    expect(requested.filter((url) => url.includes('mlt_'))).toEqual([]);
    await page.getByRole('button', { name: 'Make new links' }).waitFor();

    // the match on the server: the names, the table, and each list as its player's deck with the card table's facts
    const judge = (
      await rig.app
        .http()
        .get(`/matches/${id}/views/judge`)
        .set(rig.app.bearer(tokenOf(links.judge)))
        .expect(200)
    ).body as JudgeView;
    expect(judge.players.map((player) => player.name)).toEqual(['Ada', 'Grace']);
    expect(judge.tournament).toEqual({ event: 'Riverside Cup', round: 2, table: 7, game: 1, bestOf: 3 });
    expect(judge.zones['deck@p1'].count).toBe(60);
    expect(judge.zones['deck@p2'].count).toBe(60);
    // a paper match: the decks' cards have no names (nobody knows the order); the lists are the judge's
    expect(judge.zones['deck@p1'].cards[0]).toEqual(expect.objectContaining({ cardId: 'p1-1' }));
    expect(judge.zones['deck@p1'].cards.some((card) => card.definition !== undefined)).toBe(false);
    expect(judge.lists?.find((list) => list.player === 'p1')?.cards[0]).toEqual({
      definition: 'Elsa - Snow Queen',
      copies: 4,
      printed: { cost: 3, ink: 'Amethyst', inkable: true, type: 'Character', lore: 1, strength: 2, willpower: 3 },
    });
    expect(judge.lists?.find((list) => list.player === 'p2')?.cards[0]).toMatchObject({ definition: 'Part of Your World' });
    const p2View = await rig.app
      .http()
      .get(`/matches/${id}/views/p2`)
      .set(rig.app.bearer(tokenOf(links.p2)))
      .expect(200);
    expect(p2View.body.players[1]).toMatchObject({ id: 'p2', name: 'Grace' });
    // inside its 10 minutes the match is not there for the broadcast's link yet (404, as a missing match)
    await rig.app
      .http()
      .get(`/matches/${id}/views/broadcast`)
      .set(rig.app.bearer(tokenOf(links.broadcast)))
      .expect(404);

    await recorderOpens(links.recorder);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('on a phone: every target at least 44 px, nothing wider than the screen, the form sent from the keyboard, a public broadcast linked without a token', async () => {
    const context = await rig.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${rig.base}/viewer/organize`);
    // the key field has the focus once the page's chunk has drawn it: the organizer types straight away
    await page.locator('input[name=organizer-key]:focus').waitFor();
    await page.keyboard.type('test-organizer-key');
    const p1 = page.getByRole('group', { name: 'Player 1' });
    const p2 = page.getByRole('group', { name: 'Player 2' });
    await p1.getByLabel('Name').fill('Ada');
    await p1.getByLabel('Deck list').fill(P1_LIST);
    await p2.getByLabel('Name').fill('Grace');
    await p2.getByLabel('Deck list').fill(P2_LIST);
    // before any table is typed, a dated match id is suggested
    expect(await page.getByLabel('Match id').inputValue()).toMatch(/^feature-\d{4}-\d\d-\d\d-[a-z0-9]+$/);
    await page.getByLabel('Match id').fill('phone-feature-1');
    await page.getByLabel('Anyone, behind a delay').check();

    const small = await page
      .locator('.new-match :is(input:not([type=radio]), select, textarea, button, label.choice)')
      .evaluateAll((targets) =>
        targets
          .map((target) => [target.getAttribute('name') ?? target.textContent, target.getBoundingClientRect().width, target.getBoundingClientRect().height])
          .filter(([, width, height]) => (width as number) < 44 || (height as number) < 44),
      );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel('Match id').press('Enter');
    const links = await linksOn(page);
    expect(Object.keys(links)).toEqual(['recorder', 'p1', 'p2', 'judge', 'broadcast']);
    expect(links.broadcast).toBe(`${rig.linkBase}/viewer/overlay/phone-feature-1`);
    const match = (await rig.app.http().get('/matches/phone-feature-1').set(rig.app.organizer).expect(200)).body;
    expect(match.players.map((player: { name: string }) => player.name)).toEqual(['Ada', 'Grace']);
    await recorderOpens(links.recorder);
    await page.close();
  });
});
