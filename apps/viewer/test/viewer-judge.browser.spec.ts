import { MatchEvent } from '@matchlog/domain';
import { join } from 'path';
import { Page } from 'playwright-core';
import { captureDeliveries, leaksIn } from './support/deliveries';
import { BO3_SECONDS, bestOfThree, lorcanaMatch, scoredEvents, testTime } from './support/scored-match';
import { Recorded, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
/** examples/lorcana-bo3's */
const EVENT = 'Example Cup';
const ROUND = 3;

describe("the viewer for a judge (the clock, the result slip) and a round's page, in Chromium", () => {
  const time = testTime();
  let rig: ViewerRig;
  let game1: Recorded;
  let game2: Recorded;
  let game3: Recorded;
  let other: Recorded;
  const logs = new Map<string, MatchEvent[]>();
  /** a judge's page with the token kept as the page keeps a pasted one; `setup` runs in the page before its script */
  const judgePage = async (match: Recorded, path: string, options: object = TESTING, setup = ''): Promise<Page> => {
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
    await page.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.id}.judge`)}, ${JSON.stringify(match.tokens.judge)}); ${setup}`);
    await page.goto(rig.base + path);
    return page;
  };

  beforeAll(async () => {
    rig = await startViewerRig(time);
    let turn = 0;
    const paced = (event: { type: string; data: object }) => {
      time.advance(BO3_SECONDS[turn] ?? 10);
      if (event.type === 'TurnStarted') turn = (event.data as { turn: number }).turn;
    };
    const record = async (n: 1 | 2 | 3) => {
      turn = 0;
      const { match, events } = bestOfThree(n);
      return rig.recordOneByOne(match, events, paced);
    };
    game1 = await record(1);
    game2 = await record(2);
    game3 = await record(3);
    // another table of the round, still playing
    other = await rig.recordOneByOne(lorcanaMatch({ event: EVENT, round: ROUND, table: 14, game: 1, bestOf: 3 }), scoredEvents().slice(0, 12));
    for (const game of [game1, game2, game3, other]) logs.set(game.id, await rig.events(game.id, game.tokens.judge));
  }, 180_000);
  afterAll(() => rig?.close());

  it('draws the clock as the API has it: a bar per turn coloured by player, time called and the extension marked, totals as a table', async () => {
    const page = await judgePage(game3, `/viewer/${game3.id}?audience=judge`);
    await shownAt(page, game3.revision);
    await page.locator('.clock-chart').waitFor();
    const api = (await rig.app.http().get(`/matches/${game3.id}/clock`).set(rig.app.bearer(game3.tokens.judge)).expect(200)).body;
    expect(api.turns.length).toBe(10);
    const bars = page.locator('.clock-chart .bar');
    expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-turn')))).toEqual(api.turns.map((t: { turn: number }) => String(t.turn)));
    const seat = (player: string) => (player === api.players[0].player ? 'seat-0' : 'seat-1');
    expect(await bars.evaluateAll((els) => els.map((el) => /seat-\d/.exec(el.getAttribute('class') ?? '')?.[0]))).toEqual(api.turns.map((t: { player: string }) => seat(t.player)));
    expect(await page.locator('.clock-chart .bar.slow').evaluateAll((els) => els.map((el) => el.getAttribute('data-turn')))).toEqual(
      api.slowTurns.map((t: { turn: number }) => String(t.turn)),
    );
    expect(api.slowTurns.length).toBeGreaterThan(0);
    expect(await page.locator('.clock-chart .marker.time-called').count()).toBe(api.timeCalled ? 1 : 0);
    expect(api.timeCalled).not.toBeNull();
    expect(await page.locator('.clock-chart .marker.extension').count()).toBe(api.extensions.length);
    expect(api.extensions.length).toBe(1);
    expect(await page.locator('.clock-chart > title').textContent()).toBe('Seconds per turn, by player');
    expect(await page.locator('.clock-chart > desc').textContent()).toContain('Time called on turn 5');
    expect(await page.locator('.clock-totals tbody tr').count()).toBe(api.players.length);
    // the findings and the log beside the board
    await page.locator('.side .findings').waitFor();
    await page.locator('.side .action-log .log-entry').first().waitFor();
    // the judge's log names cards by definition, not by the recorder's ids (g3a07 …)
    const log = await page.locator('.log-entry').allTextContents();
    expect(log.length).toBe(game3.revision);
    expect(log.filter((line) => /\bg3[ab]\d\d\b/.test(line))).toEqual([]);
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-judge-clock.png'), fullPage: true });
  });

  it("shows the judge the round's result slip for this table, as GET /rounds/results has it", async () => {
    const results = (await rig.app.http().get('/rounds/results').query({ event: EVENT, round: ROUND }).expect(200)).body;
    const table = results.tables.find((t: { table: number }) => t.table === 12);
    expect(table.result).toMatchObject({ wins: { p1: 1, p2: 1 }, draws: 1 });
    const page = await judgePage(game3, `/viewer/${game3.id}?audience=judge`);
    await page.locator('.result-slip[data-decided]').waitFor();
    expect(await page.locator('.result-slip').getAttribute('data-decided')).toBe(String(table.result.decided));
    expect(await page.locator('.result-slip tr[data-player="p1"] td').textContent()).toBe('1');
    expect(await page.locator('.result-slip tr[data-player="p2"] td').textContent()).toBe('1');
    expect(await page.locator('.result-slip .slip-outcome').textContent()).toBe(`1 drawn game · ${table.result.draw ? 'Match drawn' : 'Not decided yet'}`);
  });

  it('asks for no clock and shows neither clock nor slip to anyone but the judge', async () => {
    const page = await rig.open(`/viewer/${game1.id}?audience=public`);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await shownAt(page, game1.revision);
    await page.waitForLoadState('networkidle');
    // the round's results are public (they number the games at the table); the clock is the judge's
    expect(asked.filter((path) => path.endsWith('/clock'))).toEqual([]);
    expect(await page.locator('.clock, .result-slip').count()).toBe(0);
  });

  it('shows every table of a round with its result and links to its games; every payload passes the leak check', async () => {
    const page = await rig.open(`/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=${ROUND}`);
    const deliveries = captureDeliveries(page, 'public');
    await page.reload();
    await page.locator('.round-table').first().waitFor();
    expect(await page.locator('.round-table').evaluateAll((els) => els.map((el) => el.getAttribute('data-table')))).toEqual(['12', '14']);
    const twelve = page.locator('.round-table[data-table="12"]');
    expect(await twelve.locator('.table-score').textContent()).toMatch(/ 1–1 .* \(1 drawn\)$/);
    expect(await twelve.locator('.table-games a').evaluateAll((els) => els.map((el) => el.getAttribute('data-match')))).toEqual([game1.id, game2.id, game3.id]);
    expect(await page.locator('.round-table[data-table="14"] .table-outcome').textContent()).toContain('in progress');
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-round.png'), fullPage: true });
    await twelve.locator('.table-games a').nth(2).click();
    await shownAt(page, game3.revision);
    await page.waitForLoadState('networkidle');
    expect(deliveries.some((d) => d.path === '/rounds/results')).toBe(true);
    expect(leaksIn(deliveries, logs)).toEqual([]);
  });

  it('keeps its strict Content-Security-Policy with the SVG chart and on the round page', async () => {
    const violations = async (page: Page) => page.evaluate('window.__violations');
    const watch = `window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`;
    const judge = await judgePage(game3, `/viewer/${game3.id}?audience=judge&at=${game3.revision}`, {}, watch);
    await judge.locator('.clock-chart .bar').first().waitFor();
    await judge.locator('.result-banner').waitFor();
    expect(await violations(judge)).toEqual([]);
    const round = await rig.browser.newPage();
    await round.addInitScript(watch);
    await round.goto(`${rig.base}/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=${ROUND}`);
    await round.locator('.round-table').first().waitFor();
    expect(await violations(round)).toEqual([]);
  });
});
