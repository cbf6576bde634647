import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';
import { join } from 'path';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

/** the screenshots docs/reference/stats.md shows */
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');

/** Issue 29: /viewer/stats over the imported tcg.online replays, on a desktop and a phone. */
describe('the statistics page (Chromium)', () => {
  let rig: ViewerRig;
  beforeAll(async () => {
    rig = await startViewerRig();
    for (const sample of [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()]) {
      await rig.app.http().post('/matches/import/tcg-online').set(rig.app.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip)).expect(201);
    }
  }, 120_000);
  afterAll(() => rig?.close());

  it('the card table: one row per card of the API, win-rate bars with their interval, sorted by the header chosen', async () => {
    const api = (await rig.app.http().get('/stats/cards?game=lorcana').expect(200)).body;
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, ...TESTING });
    await page.goto(`${rig.base}/viewer/stats?game=lorcana`);
    await page.waitForSelector('table.stats-cards tbody tr');
    expect(await page.locator('table.stats-cards tbody tr').count()).toBe(api.cards.length);
    expect(await page.locator('table.stats-cards tbody tr').first().getAttribute('data-card')).toBe(api.cards[0].card);
    const bar = page.locator('table.stats-cards tbody tr').first().locator('svg.rate-bar');
    expect(await bar.locator('title').textContent()).toContain(`${api.cards[0].playedWinRate.games} games`);
    expect(await bar.locator('line.interval').count()).toBe(1);
    // every sample is small: every bar is marked
    expect(await page.locator('svg.rate-bar.low-sample').count()).toBe(await page.locator('svg.rate-bar').count());
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-stats.png'), fullPage: true });

    await page.click('button[data-sort="card"]');
    const names = await page.locator('table.stats-cards tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-card') ?? ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(await page.locator('th[aria-sort="ascending"] button[data-sort="card"]').count()).toBe(1);
    await page.click('button[data-sort="challenges"]');
    const challenges = await page.locator('table.stats-cards tbody tr td:nth-child(8)').allTextContents();
    expect(challenges.map(Number)).toEqual([...challenges.map(Number)].sort((a, b) => b - a));
    // no deck lists are public for imported matches
    expect(await page.locator('[role="status"]').textContent()).toBe('No ended match with public deck lists yet.');
  });

  it("a card's page: its figures and the turn-first-played histogram as SVG bars with titles and as a table", async () => {
    const first = (await rig.app.http().get('/stats/cards?game=lorcana').expect(200)).body.cards[0];
    const top = (
      await rig.app
        .http()
        .get(`/stats/cards/${encodeURIComponent(first.card)}?game=lorcana`)
        .expect(200)
    ).body.card;
    expect(Object.keys(top.firstTurns).length).toBeGreaterThan(0);
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, ...TESTING });
    await page.goto(`${rig.base}/viewer/stats?game=lorcana&card=${encodeURIComponent(top.card)}`);
    await page.waitForSelector('.stats-histogram');
    expect(await page.locator('h1').textContent()).toBe(top.card);
    const bars = page.locator('.stats-histogram rect.bar');
    expect(await bars.count()).toBe(Object.keys(top.firstTurns).length);
    const [turn, games] = Object.entries(top.firstTurns as Record<string, number>)[0];
    expect(await page.locator(`.stats-histogram rect.bar[data-turn="${turn}"] title`).textContent()).toBe(`Turn ${turn}: ${games} games`);
    expect(await page.locator('.stats-histogram tbody tr').count()).toBe(Object.keys(top.firstTurns).length);
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-stats-card.png'), fullPage: true });
  });

  it("the game selector: each game its own page; Four Souls shows its characters by table size, without Lorcana's words", async () => {
    const players = ['p1', 'p2', 'p3'];
    const created = await rig.app
      .http()
      .post('/matches')
      .set(rig.app.organizer)
      .send({
        game: 'four-souls',
        players: players.map((id) => ({ id })),
        cards: players.map((p, i) => ({
          cardId: `${p}-c`,
          owner: p,
          definition: ['Isaac', 'Magdalene', 'Cain'][i],
          printed: { type: 'Character' },
          zone: { zone: 'play', player: p },
        })),
      })
      .expect(201);
    await rig.app
      .http()
      .post(`/matches/${created.body.matchId}/events`)
      .set(rig.app.organizer)
      .send({
        expectedRevision: 1,
        events: [
          { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
          { type: 'MatchEnded', data: { winner: 'p2', reason: 'four souls' } },
        ],
      })
      .expect(201);
    const api = (await rig.app.http().get('/stats/leads?game=four-souls').expect(200)).body;
    expect(api.leads).toHaveLength(3);
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, ...TESTING });
    await page.goto(`${rig.base}/viewer/stats?game=lorcana`);
    const games = page.getByRole('navigation', { name: 'Game' });
    expect(await games.locator('a[aria-current="page"]').getAttribute('data-game')).toBe('lorcana');
    await games.getByRole('link', { name: 'Four Souls' }).click();
    await page.waitForSelector('table.stats-leads tbody tr');
    expect(page.url()).toContain('game=four-souls');
    expect(await games.locator('a[aria-current="page"]').getAttribute('data-game')).toBe('four-souls');
    const rows = page.locator('table.stats-leads tbody tr');
    expect(await rows.count()).toBe(api.leads.length);
    const magdalene = page.locator('table.stats-leads tbody tr[data-lead="Magdalene"]');
    expect(await magdalene.getAttribute('data-seats')).toBe('3');
    expect(await magdalene.locator('svg.rate-bar title').textContent()).toContain('1 games');
    // quests, lore, challenges and songs are Lorcana's: not in another game's card table
    expect(await page.locator('button[data-sort="quests"]').count()).toBe(0);
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-stats-four-souls.png'), fullPage: true });
  });

  it('on a phone: four columns, names wrapped, the page as wide as the screen', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, ...TESTING });
    await page.goto(`${rig.base}/viewer/stats?game=lorcana`);
    await page.waitForSelector('table.stats-cards tbody tr');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // the card, its games, its played win rate and its turn; the other columns wait for a wider screen
    const shown = await page.locator('table.stats-cards thead th').evaluateAll((cells) => cells.filter((cell) => getComputedStyle(cell).display !== 'none').length);
    expect(shown).toBe(4);
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-stats-phone.png') });
  });
  it('reached from the match list, and Back returns to it; the list links the new-match form too', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, ...TESTING });
    await page.goto(`${rig.base}/viewer/`);
    const elsewhere = page.getByRole('navigation', { name: 'Other pages' });
    expect(await elsewhere.getByRole('link', { name: 'New feature match' }).getAttribute('href')).toBe('/viewer/organize');
    await elsewhere.getByRole('link', { name: 'Card statistics' }).click();
    await page.waitForSelector('table.stats-cards tbody tr');
    expect(new URL(page.url()).pathname).toBe('/viewer/stats');
    await page.goBack();
    await page.getByRole('heading', { name: 'Matches' }).waitFor();
    await page.close();
  });
});
