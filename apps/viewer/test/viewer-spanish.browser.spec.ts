import { MatchEvent } from '@matchlog/domain';
import { join } from 'path';
import { Page } from 'playwright-core';
import { en } from '../src/i18n/en';
import { BO3_SECONDS, bestOfThree, testTime } from './support/scored-match';
import { Recorded, SCREENSHOTS, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

const LETTER = 'A-Za-zÀ-ÿ';
const wordsOf = (texts: readonly string[]) =>
  new Set(texts.flatMap((text) => text.replace(/\{\w+\}/g, ' ').match(new RegExp(`[${LETTER}]{3,}`, 'g')) ?? []).map((w) => w.toLowerCase()));
/** words both languages use: the games' names, and "token", "control", "material", "CSV", "min" (minutes) */
const SHARED = new Set(['token', 'disney', 'lorcana', 'four', 'souls', 'grand', 'archive', 'control', 'material', 'csv', 'min']);
/** the catalogue's English words (a Spanish text left in English shows one of these) */
const ENGLISH = [...wordsOf(Object.values(en))].filter((word) => !SHARED.has(word));

describe('the judge page in Spanish, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let game: Recorded;
  let events: MatchEvent[];

  beforeAll(async () => {
    rig = await startViewerRig(time);
    let turn = 0;
    const { match, events: drafts } = bestOfThree(3);
    // paced as at the table, so the clock has turns to draw and the audit a slow turn to find
    game = await rig.recordOneByOne(match, drafts, (event) => {
      time.advance(BO3_SECONDS[turn] ?? 10);
      if (event.type === 'TurnStarted') turn = (event.data as { turn: number }).turn;
    });
    events = await rig.events(game.id, game.tokens.judge);
  }, 120_000);
  afterAll(() => rig?.close());

  /** the judge's page drawn whole: the board at the head, the log, the findings and the clock */
  const drawn = async (page: Page) => {
    await shownAt(page, game.revision);
    await page.locator('.clock-chart .bar').first().waitFor();
    await page.locator('.findings .finding').first().waitFor();
    await page.locator('.result-slip').waitFor();
    await page.waitForFunction(`document.querySelectorAll('.log-entry').length === ${game.revision}`);
  };

  it('picks Spanish in the switch: controls, log, clock and finding titles redraw in Spanish, and the choice is kept', async () => {
    const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...TESTING });
    await page.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${game.id}.judge`)}, ${JSON.stringify(game.tokens.judge)})`);
    await page.goto(`${rig.base}/viewer/${game.id}?audience=judge`);
    await drawn(page);
    expect(await page.locator('.clock h2').textContent()).toBe('Clock');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await Promise.all([page.waitForEvent('load'), page.selectOption('select[name=language]', 'es')]);
    await drawn(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('select[name=language]').inputValue()).toBe('es');

    // the controls
    expect(await page.locator('.controls').innerText()).toMatch(/Vista[\s\S]*En directo[\s\S]*Idioma[\s\S]*Olvidar el token/);
    expect(await page.locator('nav a').first().textContent()).toBe('← Partidas');
    expect(await page.locator('.timeline .play').textContent()).toBe('Reproducir');
    expect(await page.locator('.games').innerText()).toContain('Ronda 3, mesa 12');

    // the log: sentences, never a type name, the type on hover
    expect(await page.locator('.action-log h2').textContent()).toBe('Registro');
    const entries = page.locator('.log-entry button');
    const log = await entries.allInnerTexts();
    const types = await entries.evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    expect(types).toEqual(events.map((event) => event.type));
    expect(log.filter((line) => /\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/.test(line))).toEqual([]);
    expect(log.filter((line) => line.includes('barajó su mazo'))).toHaveLength(events.filter((event) => event.type === 'ZoneShuffled').length);
    expect(log[0]).toBe('#1 Se creó la partida: Ana Ortiz contra Ben Kowalski');
    expect(log).toContain(`#${game.revision} La partida terminó en empate (${(events.at(-1)!.data as { reason: string }).reason})`);

    // the clock
    expect(await page.locator('.clock h2').textContent()).toBe('Reloj');
    expect(await page.locator('.clock-chart > title').textContent()).toBe('Segundos por turno, por jugador');
    expect(await page.locator('.clock-totals thead').innerText()).toMatch(/Jugador\s+Tiempo\s+Turnos\s+El más largo/);
    expect(await page.locator('.clock-notes').textContent()).toMatch(/^Se cantó tiempo en el turno \d+/);

    // the findings' titles, as the audit words them in Spanish
    const report = (await rig.app.http().get(`/matches/${game.id}/audit`).set(rig.app.bearer(game.tokens.judge)).set('Accept-Language', 'es').expect(200)).body;
    expect(report.findings.length).toBeGreaterThan(0);
    expect(await page.locator('.finding .title').allTextContents()).toEqual(report.findings.map((f: { title: string }) => f.title));
    expect(report.findings.map((f: { code: string; title: string }) => [f.code, f.title])).toContainEqual(['SLOW_TURN', 'Turno lento']);
    expect(await page.locator('.findings h2').textContent()).toBe(`Hallazgos (${report.findings.length})`);

    // and nowhere an English word of the catalogue, once names, cards, the recorder's reasons and the rules as cited are set aside
    const created = events[0] as Extract<MatchEvent, { type: 'MatchCreated' }>;
    const data = [
      ...created.data.players.map((p) => p.name ?? p.id),
      ...created.data.cards.map((c) => c.definition),
      created.data.tournament?.event ?? '',
      ...events.flatMap((event) => ('reason' in event.data && typeof event.data.reason === 'string' ? [event.data.reason] : [])),
      ...report.findings.map((f: { rule: string }) => f.rule),
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    let text = await page.locator('body').innerText();
    for (const known of data) text = text.split(known).join(' ');
    // a date as the browser's Intl writes it (the log line's checkpoint: "2 may 2026") is data too
    text = text.replace(/\b\d{1,2} [a-z]{3,4}\.? \d{4}\b/g, ' ');
    // a whole word: MATCHLOG_SLOW_TURN_SECONDS, the setting's name, is not one
    const left = ENGLISH.filter((word) => new RegExp(`(?<![${LETTER}_])${word}(?![${LETTER}_])`, 'i').test(text));
    expect(ENGLISH.length).toBeGreaterThan(100);
    expect(left).toEqual([]);

    await page.screenshot({ path: join(SCREENSHOTS, 'judge-es.png'), fullPage: true });

    // kept for the next visit
    await page.reload();
    await drawn(page);
    expect(await page.locator('.clock h2').textContent()).toBe('Reloj');
    // the browser's pages share the origin's storage: leave none in Spanish behind
    await page.evaluate("localStorage.removeItem('matchlog.language')");
  });
});
