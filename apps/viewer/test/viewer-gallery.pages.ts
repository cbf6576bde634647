import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { BrowserContext, Page } from 'playwright-core';
import { ORGANIZER } from '../../api/test/support/test-app';
import { createPaperMatch, PaperMatch } from './support/recorder-phone';
import { SECONDS_PER_EVENT, lorcanaMatch, scoredEvents, testTime } from './support/scored-match';
import { Recorded, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

/** docs/images/pages/<page>-<width>[-dark].png: every page of the viewer, for people to look at (issue 40 §2) */
const PAGES = join(__dirname, '..', '..', '..', 'docs', 'images', 'pages');
const EVENT = 'Gallery Cup';
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
/** light at both widths, dark at the desktop's (the images stay few) */
const SHOTS: [Width, boolean][] = [
  ['desktop', false],
  ['desktop', true],
  ['phone', false],
];

/**
 * Issue 40 §2: a screenshot of every page of the viewer at a desktop and a phone width, in the light theme and the
 * dark one, and the two figures the issue names: the height of a judge's page with two 60-card decks, and the width
 * of the statistics table at 1440 px (measurements.json beside the images).
 */
describe('a gallery of every page of the viewer, light and dark, desktop and phone (Chromium)', () => {
  // today, not the tests' day in May: an imported replay from the future is refused
  const time = testTime(Date.now());
  let rig: ViewerRig;
  let game: Recorded;
  let paper: PaperMatch;
  const measured: Record<string, number> = {};
  const contexts: Partial<Record<Width, BrowserContext>> = {};

  const open = async (path: string, width: Width, dark: boolean, setup = ''): Promise<Page> => {
    // a context per width, made once, its pages closed but never it: closing a context ended the single-process Chromium
    contexts[width] ??= await rig.browser.newContext({ ...TESTING, viewport: WIDTHS[width], isMobile: width === 'phone', hasTouch: width === 'phone' });
    const page = await contexts[width].newPage();
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    if (setup) await page.addInitScript(setup);
    await page.goto(rig.base + path);
    return page;
  };
  const keep = (matchId: string, audience: string, token: string) => `sessionStorage.setItem(${JSON.stringify(`matchlog.token.${matchId}.${audience}`)}, ${JSON.stringify(token)})`;
  const shot = async (page: Page, name: string, width: Width, dark: boolean) => {
    // fonts and late requests settled (a live page keeps a stream open: never idle, so not waited for long)
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    await page.screenshot({ path: join(PAGES, `${name}-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
    await page.close();
  };
  /** each page as SHOTS says */
  const each = (name: string, take: (width: Width, dark: boolean) => Promise<void>) =>
    it(
      name,
      async () => {
        for (const [width, dark] of SHOTS) await take(width, dark);
      },
      120_000,
    );

  beforeAll(async () => {
    mkdirSync(PAGES, { recursive: true });
    rig = await startViewerRig(time);
    let turn = 0;
    // with a broadcast (the overlay's audience) 5 min behind
    game = await rig.recordOneByOne({ ...lorcanaMatch({ event: EVENT, round: 1, table: 3, game: 1, bestOf: 3 }), broadcastDelay: { seconds: 300 } }, scoredEvents(), (event) => {
      time.advance(SECONDS_PER_EVENT[turn] ?? 10);
      if (event.type === 'TurnStarted') turn = (event.data as { turn: number }).turn;
    });
    await rig.recordOneByOne(lorcanaMatch({ event: EVENT, round: 1, table: 4, game: 1, bestOf: 3 }), scoredEvents().slice(0, 14), () => time.advance(10));
    paper = await createPaperMatch(rig, 'gallery-paper-t9');
    for (const sample of [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()]) {
      await rig.app.http().post('/matches/import/tcg-online').set(rig.app.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip)).expect(201);
    }
    await rig.app.http().post(`/matches/${game.id}/calls`).set(rig.app.bearer(game.tokens.players.p1)).send({ at: 20, reason: 'my opponent drew two cards' }).expect(201);
    // an hour on: past any broadcast delay, the overlay shows the end
    time.advance(3600);
  }, 240_000);
  afterAll(async () => {
    writeFileSync(join(PAGES, 'measurements.json'), `${JSON.stringify(measured, null, 2)}\n`);
    await rig?.close();
  });

  each('the match list', async (width, dark) => {
    const page = await open('/viewer/', width, dark);
    await page.locator(`.match[data-match="${game.id}"] .game-number`).waitFor();
    await shot(page, 'list', width, dark);
  });

  each("a match's public view", async (width, dark) => {
    const page = await open(`/viewer/${game.id}?audience=public&at=${game.revision}`, width, dark);
    await shownAt(page, game.revision);
    await shot(page, 'public', width, dark);
  });

  each("a player's view", async (width, dark) => {
    const page = await open(`/viewer/${game.id}?audience=p1&at=20`, width, dark, keep(game.id, 'p1', game.tokens.players.p1));
    await shownAt(page, 20);
    await shot(page, 'player', width, dark);
  });

  each("the judge's page with the clock", async (width, dark) => {
    const page = await open(`/viewer/${game.id}?audience=judge&at=${game.revision}`, width, dark, keep(game.id, 'judge', game.tokens.judge));
    await shownAt(page, game.revision);
    await page.locator('.clock-chart').waitFor();
    await shot(page, 'judge', width, dark);
  });

  each("the judge's page of a paper match with two 60-card decks", async (width, dark) => {
    const page = await open(`/viewer/${paper.matchId}?audience=judge`, width, dark, keep(paper.matchId, 'judge', paper.tokens.judge));
    await shownAt(page, 1);
    await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
    if (width === 'desktop' && !dark) measured.judgeDeckHeightAt1440 = await page.evaluate(() => document.documentElement.scrollHeight);
    await shot(page, 'judge-deck', width, dark);
  });

  each('the token prompt (a judge without a token)', async (width, dark) => {
    const page = await open(`/viewer/${game.id}?audience=judge`, width, dark);
    await page.locator('form').first().waitFor();
    await shot(page, 'token-prompt', width, dark);
  });

  each('the recorder', async (width, dark) => {
    const page = await open(`/viewer/record/${paper.matchId}`, width, dark, keep(paper.matchId, 'recorder', paper.tokens.recorder));
    await page.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    await shot(page, 'recorder', width, dark);
  });

  each('the new-match form', async (width, dark) => {
    const page = await open('/viewer/organize', width, dark);
    await page.getByLabel('Organizer key').waitFor();
    await shot(page, 'new-match', width, dark);
  });

  each("a match's organizer page with its links", async (width, dark) => {
    const page = await open(`/viewer/organize/${paper.matchId}`, width, dark);
    await page.getByLabel('Organizer key').fill(ORGANIZER);
    await page.getByRole('button', { name: 'Make new links' }).click();
    await page.locator('.role-link').first().waitFor();
    await shot(page, 'organize', width, dark);
  });

  each('a round', async (width, dark) => {
    const page = await open(`/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=1`, width, dark);
    await page.locator('.round-table').first().waitFor();
    await shot(page, 'round', width, dark);
  });

  each('the card statistics', async (width, dark) => {
    const page = await open('/viewer/stats?game=lorcana', width, dark);
    await page.waitForSelector('table.stats-cards tbody tr');
    if (width === 'desktop' && !dark) {
      measured.statsTableWidthAt1440 = await page.locator('table.stats-cards').evaluate((table) => Math.round(table.getBoundingClientRect().width));
      measured.statsPageWidthAt1440 = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    await shot(page, 'stats', width, dark);
  });

  each("a card's statistics", async (width, dark) => {
    const first = (await rig.app.http().get('/stats/cards?game=lorcana').expect(200)).body.cards[0].card as string;
    const page = await open(`/viewer/stats?game=lorcana&card=${encodeURIComponent(first)}`, width, dark);
    await page.waitForSelector('.stats-histogram');
    await shot(page, 'stats-card', width, dark);
  });

  each("the judge's desk with an open call", async (width, dark) => {
    const page = await open(`/viewer/judge?event=${encodeURIComponent(EVENT)}`, width, dark);
    const form = page.getByRole('form', { name: 'Open the desk' });
    await form.getByLabel('Organizer key').fill(ORGANIZER);
    await form.getByLabel('Your name (on every claim and ruling)').fill('Sam Rivera');
    await form.getByRole('button', { name: 'Open the desk' }).click();
    await page.locator('.call').first().waitFor({ timeout: 15_000 });
    await shot(page, 'desk', width, dark);
  });

  each('the OBS overlay', async (width, dark) => {
    const page = await open(`/viewer/overlay/${game.id}?layout=full${game.tokens.broadcast ? `#token=${game.tokens.broadcast}` : ''}`, width, dark);
    await page.locator('.overlay-root[data-revision], .overlay-message, .overlay-waiting').first().waitFor({ state: 'attached' });
    await shot(page, 'overlay', width, dark);
  });
});
