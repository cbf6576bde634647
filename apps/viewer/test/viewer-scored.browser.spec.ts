import { MatchEvent } from '@matchlog/domain';
import { join } from 'path';
import { Page } from 'playwright-core';
import { captureDeliveries, leaksIn } from './support/deliveries';
import { SECONDS_PER_EVENT, lorcanaMatch, scoredEvents, testTime } from './support/scored-match';
import { Recorded, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

/** the screenshots the README and docs show */
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const EVENT = 'Riverside Viewer Cup';

describe('the web viewer as people watch it: score, turn, result, log, the games of a match, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let game1: Recorded;
  let game2: Recorded;
  const logs = new Map<string, MatchEvent[]>();
  const rest = async (id: string, audience: string, at: number, token?: string) =>
    (
      await rig.app
        .http()
        .get(`/matches/${id}/views/${audience}?at=${at}`)
        .set(token ? rig.app.bearer(token) : {})
        .expect(200)
    ).body;
  /** the first revision at which the public view satisfies `test` */
  const firstWhere = async (
    match: Recorded,
    test: (view: { counters: Record<string, Record<string, number>>; zones: Record<string, { cards: { damage?: number }[] }> }) => boolean,
  ) => {
    for (let at = 1; at <= match.revision; at++) if (test(await rest(match.id, 'public', at))) return at;
    throw new Error('no such revision');
  };

  beforeAll(async () => {
    rig = await startViewerRig(time);
    let turn = 0;
    const paced = (event: { type: string; data: object }) => {
      time.advance(SECONDS_PER_EVENT[turn] ?? 10);
      if (event.type === 'TurnStarted') turn = (event.data as { turn: number }).turn;
    };
    game1 = await rig.recordOneByOne(lorcanaMatch({ event: EVENT, round: 2, table: 7, game: 1, bestOf: 3 }), scoredEvents(), paced);
    turn = 0;
    game2 = await rig.recordOneByOne(
      lorcanaMatch({ event: EVENT, round: 2, table: 7, game: 2, bestOf: 3 }),
      scoredEvents({ draw: true, reason: 'no winner after the turns after time' }),
      paced,
    );
    for (const game of [game1, game2]) logs.set(game.id, await rig.events(game.id, game.tokens.judge));
  }, 120_000);
  afterAll(() => rig?.close());

  it("shows each player's lore, the turn and whose it is, and damage on the card that carries it, as the REST view has them", async () => {
    const at = await firstWhere(game1, (v) => Object.values(v.zones).some((z) => z.cards.some((c) => (c.damage ?? 0) > 0)));
    const page = await rig.open(`/viewer/${game1.id}?audience=p1&at=${at}`, { matchId: game1.id, audience: 'p1', token: game1.tokens.players.p1 });
    await shownAt(page, at);
    const view = await rest(game1.id, 'p1', at, game1.tokens.players.p1);
    for (const player of ['p1', 'p2'])
      expect(await page.locator(`.scoreboard .player[data-player="${player}"] .counter[data-counter="lore"]`).getAttribute('data-value')).toBe(String(view.counters[player].lore));
    expect(view.counters.p1.lore).toBeGreaterThan(0);
    expect(await page.locator('.scoreboard .turn').getAttribute('data-turn')).toBe(String(view.turn.number));
    expect(await page.locator('.scoreboard .turn').textContent()).toBe(`Turn ${view.turn.number} · Ana Ortiz to play`);
    expect(await page.locator('.scoreboard .player.active').getAttribute('data-player')).toBe(view.turn.player);
    const damaged = Object.values<{ cards: { handle: string; damage?: number }[] }>(view.zones).flatMap((z) => z.cards.filter((c) => (c.damage ?? 0) > 0));
    expect(damaged.length).toBe(1);
    expect(await page.locator(`.card[data-handle="${damaged[0].handle}"] .badge.damage`).getAttribute('data-damage')).toBe(String(damaged[0].damage));
    expect(await page.locator('.badge.damage').count()).toBe(1);
    expect(await page.locator('.result-banner').count()).toBe(0);
  });

  it('refreshes the README screenshot: p1 at revision 20 of game 1, at a desktop width', async () => {
    const page = await rig.browser.newPage({ ...TESTING, viewport: { width: 1280, height: 800 } });
    await page.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${game1.id}.p1`)}, ${JSON.stringify(game1.tokens.players.p1)})`);
    await page.goto(`${rig.base}/viewer/${game1.id}?audience=p1&at=20`);
    await shownAt(page, 20);
    await page.locator('.game-links a').waitFor();
    await page.locator('.log-entry.here').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-lorcana-p1-at-20.png'), fullPage: true });
  });

  it('shows the result at MatchEnded: the winner in game 1, the draw in game 2, and nothing the revision before', async () => {
    const page = await rig.open(`/viewer/${game1.id}?audience=public&at=${game1.revision - 1}`);
    await shownAt(page, game1.revision - 1);
    expect(await page.locator('.result-banner').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await shownAt(page, game1.revision);
    expect(await page.locator('.result-banner').getAttribute('data-winner')).toBe('p1');
    expect(await page.locator('.result-banner .headline').textContent()).toBe('Ana Ortiz wins');
    expect(await page.locator('.scoreboard .turn').textContent()).toMatch(/^Turn \d+ · game over: Ana Ortiz won$/);
    expect(await page.locator('.scoreboard .player.active').count()).toBe(0);
    const draw = await rig.open(`/viewer/${game2.id}?audience=public`);
    await shownAt(draw, game2.revision);
    expect(await draw.locator('.result-banner').getAttribute('data-draw')).toBe('true');
    expect(await draw.locator('.result-banner .headline').textContent()).toBe('Draw');
    expect(await draw.locator('.scoreboard .time').getAttribute('data-called')).toBe('true');
    expect(await draw.locator('.scoreboard .time').textContent()).toContain('+2 min (judge call on a triggered ability)');
  });

  it("says where the server's log holds the ended match, and links its proof file (a download, no token in its address)", async () => {
    for (let i = 0; (await rig.app.http().get(`/matches/${game1.id}/log`)).body.entries.length === 0; i++) {
      if (i > 400) throw new Error('the log never held game 1');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const page = await rig.open(`/viewer/${game1.id}?audience=p1`, { matchId: game1.id, audience: 'p1', token: game1.tokens.players.p1 });
    await shownAt(page, game1.revision);
    await page.locator('.ledger-line').waitFor();
    expect(await page.locator('.ledger-line').textContent()).toMatch(/^Logged at #\d+ in checkpoint of .+ · Proof file$/);
    expect(await page.locator('.ledger-line a').getAttribute('href')).toBe(`/matches/${game1.id}/receipt?proof=1`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.ledger-line a').click()]);
    expect(download.suggestedFilename()).toBe(`${game1.id}.tlog-proof`);
    const { log } = (await rig.app.http().get(`/matches/${game1.id}/receipt?proof=1`).expect(200)).body;
    const saved = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    expect(saved).toBe(log.proof);
  });

  it('says game 1 of 3 and links to the other game at the table, which opens as public', async () => {
    const page = await rig.open(`/viewer/${game1.id}?audience=public&at=5`);
    await shownAt(page, 5);
    expect(await page.locator('.games .game-of').textContent()).toBe('Game 1 of 3');
    await page.locator('.game-links a').waitFor();
    expect(await page.locator('.game-links [aria-current="page"]').count()).toBe(1);
    expect(await page.locator('.game-links a').getAttribute('data-match')).toBe(game2.id);
    await page.locator('.game-links a').click();
    await shownAt(page, game2.revision);
    expect(new URL(page.url()).pathname).toBe(`/viewer/${game2.id}`);
    expect(await page.locator('.games .game-of').textContent()).toBe('Game 2 of 3');
  });

  it('lists every revision as a sentence beside the board: a click goes there, and it follows the slider', async () => {
    const page = await rig.open(`/viewer/${game1.id}?audience=public&at=10`);
    await shownAt(page, 10);
    await page.locator('.log-entry').first().waitFor();
    expect(await page.locator('.log-entry').count()).toBe(game1.revision);
    expect(await page.locator('.log-entry.here').getAttribute('data-revision')).toBe('10');
    expect(await page.locator('.log-entry.here button').getAttribute('aria-current')).toBe('step');
    expect(await page.locator('.log-entry[data-revision="10"]').textContent()).toBe(`#10 ${(await page.locator('.sentence').textContent())!.replace(/^#10: /, '')}`);
    const lore = page.locator('.log-entry', { hasText: 'Ana Ortiz gained 2 lore (now 2) — Yzma - Alchemist quested' });
    expect(await lore.count()).toBe(1);
    await lore.locator('button').click();
    const at = Number(await lore.getAttribute('data-revision'));
    await shownAt(page, at);
    expect(await page.locator('.log-entry.here').getAttribute('data-revision')).toBe(String(at));
    await page.keyboard.press('ArrowRight');
    await shownAt(page, at + 1);
    expect(await page.locator('.log-entry.here').getAttribute('data-revision')).toBe(String(at + 1));
    expect(await page.locator('.log-entry.turn').count()).toBe(scoredEvents().filter((e) => e.type === 'TurnStarted').length);
    // the list scrolls to its current entry, the page stays where it is
    await page.locator('.log-entry[data-revision="' + game1.revision + '"] button').click();
    await shownAt(page, game1.revision);
    const [top, bottom] = await page.locator('.log-entries').evaluate((list) => [list.scrollTop, list.scrollTop + list.clientHeight]);
    // the list is the entries' offsetParent (position: relative)
    const offset = await page.locator('.log-entry.here').evaluate((item) => (item as unknown as { offsetTop: number }).offsetTop);
    expect(offset).toBeGreaterThanOrEqual(top);
    expect(offset).toBeLessThanOrEqual(bottom);
  });

  it('grows the log in live mode as events are appended', async () => {
    const events = scoredEvents();
    const live = await rig.recordOneByOne(lorcanaMatch({ event: 'Live Cup', round: 1, table: 1, game: 1, bestOf: 1 }), events.slice(0, 10));
    const page = await rig.open(`/viewer/${live.id}?audience=public&live=1`);
    await shownAt(page, live.revision);
    await page.locator(`.log-entry[data-revision="${live.revision}"]`).waitFor();
    await rig.app
      .http()
      .post(`/matches/${live.id}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: live.revision, events: events.slice(10, 13) })
      .expect(201);
    await shownAt(page, live.revision + 3);
    await page.locator(`.log-entry.here[data-revision="${live.revision + 3}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator('.log-entry').count()).toBe(live.revision + 3);
    expect(await page.locator('.games .game-of').textContent()).toBe('Game 1 of 1');
  });

  it("fits a phone's width with the score, the result and the log, names every control; a screenshot for the docs", async () => {
    const page = await rig.browser.newPage({ ...TESTING, viewport: { width: 375, height: 800 } });
    await page.goto(`${rig.base}/viewer/${game1.id}?audience=public`);
    await shownAt(page, game1.revision);
    await page.locator('.game-links a').waitFor();
    // on a phone the log is a tab beside the board
    await page.locator('.log-entry.here').waitFor({ state: 'attached' });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    const unnamed = await page.evaluate(
      `[...document.querySelectorAll('button, input, select, a')].filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.closest('label'))).map((el) => el.outerHTML)`,
    );
    expect(unnamed).toEqual([]);
    // the score and the result come before the board
    const y = (selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
    expect(await y('.result-banner')).toBeLessThan(await y('.board'));
    expect(await y('.scoreboard')).toBeLessThan(await y('.board'));
    await page.screenshot({ path: join(DOCS_IMAGES, 'viewer-lorcana-phone.png'), fullPage: true });
  });

  it('leaks nothing: every payload of the page (views, the log, the match list for the games) passes the deliveries check for its audience', async () => {
    for (const audience of ['public', 'p1', 'p2']) {
      const token = audience === 'public' ? undefined : game1.tokens.players[audience];
      const page: Page = await rig.open(`/viewer/${game1.id}?audience=${audience}&at=1`, token ? { matchId: game1.id, audience, token } : undefined);
      const deliveries = captureDeliveries(page, audience);
      await page.reload();
      await shownAt(page, 1);
      await page.locator('.log-entry').first().waitFor();
      for (let r = 2; r <= game1.revision; r++) {
        await page.keyboard.press('ArrowRight');
        await shownAt(page, r);
      }
      await page.locator('.game-links a').click();
      await shownAt(page, game2.revision);
      await page.waitForLoadState('networkidle');
      const paths = new Set(deliveries.map((d) => d.path.replace(game1.id, ':id').replace(game2.id, ':id')));
      // the games of the table come from the round's results, or the match list where those cannot be had
      expect([...paths].filter((p) => p !== '/rounds/results' && p !== '/matches').sort()).toEqual(
        [...new Set(['/matches/:id', '/matches/:id/events', '/matches/:id/log', `/matches/:id/views/${audience}`, '/matches/:id/views/public'])].sort(),
      );
      expect(paths.has('/rounds/results') || paths.has('/matches')).toBe(true);
      expect(leaksIn(deliveries, logs)).toEqual([]);
    }
  }, 180_000);
});
