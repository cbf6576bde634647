import { tcgOnlineSamples } from '@matchlog/testkit';
import { join } from 'path';
import { Page } from 'playwright-core';
import { Recorded, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

/** the screenshot docs/explanation/importing.md shows */
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const samples = tcgOnlineSamples();
const sample = samples.find((entry) => entry.name.startsWith('01-'))!;

/** sample 07 as the next game of sample 01's series: the same players, begun after it */
const secondGame = (): string => {
  const first = JSON.parse(sample.json);
  const replay = JSON.parse(samples.find((entry) => entry.name.startsWith('07-'))!.json);
  // 07 began after 01 (its own createdAt, 22:57:27 against 22:56:39): game 2 of the series; a made-up later date is refused (REPLAY_TIME_IMPLAUSIBLE)
  let json = JSON.stringify({ ...replay, matchId: first.matchId });
  replay.playerIds.forEach((id: string, i: number) => (json = json.split(id).join(first.playerIds[i])));
  return json;
};

type Card = { handle?: string; cardId?: string; definition?: string; faceDown?: boolean; printed?: { cost?: number; strength?: number; lore?: number } };
type View = { zones: Record<string, { cards: Card[] }> };

/** Issue 27, "Done when": an imported tcg.online game plays in the viewer with its card facts and the clock of its real timestamps. */
describe('a tcg.online game imported over HTTP, in the viewer (Chromium)', () => {
  let rig: ViewerRig;
  let game: Recorded;
  let second: string;
  let steps: { step: number; from: number; to: number }[];
  const judgePage = async (path: string): Promise<Page> => {
    const page = await rig.browser.newPage({ viewport: { width: 1440, height: 1000 }, ...TESTING });
    await page.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${game.id}.judge`)}, ${JSON.stringify(game.tokens.judge)})`);
    await page.goto(rig.base + path);
    return page;
  };
  const view = async (audience: string): Promise<View> =>
    (
      await rig.app
        .http()
        .get(`/matches/${game.id}/views/${audience}`)
        .set(audience === 'judge' ? rig.app.organizer : {})
        .expect(200)
    ).body;

  beforeAll(async () => {
    rig = await startViewerRig();
    const answer = await rig.app.http().post('/matches/import/tcg-online').set(rig.app.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip)).expect(201);
    game = { id: answer.body.matchId, tokens: answer.body.tokens, revision: answer.body.revision };
    steps = answer.body.steps;
    second = (await rig.app.http().post('/matches/import/tcg-online').set(rig.app.organizer).set('Content-Type', 'application/json').send(secondGame()).expect(201)).body.matchId;
  }, 120_000);
  afterAll(() => rig?.close());

  it("public: the cards' printed facts on the board, and no hidden card named", async () => {
    const [publicView, judge] = [await view('public'), await view('judge')];
    const page = await rig.open(`/viewer/${game.id}?audience=public`);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await shownAt(page, game.revision);
    const shown = Object.values(publicView.zones).flatMap((zone) => zone.cards.filter((card) => card.printed?.cost !== undefined));
    expect(shown.length).toBeGreaterThan(5);
    for (const card of shown) {
      const face = page.locator(`.card[data-handle="${card.handle}"]`);
      expect(await face.locator('.cost').textContent()).toBe(String(card.printed!.cost));
      if (card.printed!.strength !== undefined) expect(await face.locator('.strength').textContent()).toBe(String(card.printed!.strength));
    }
    // what the board names is face up in play or a discard for the judge too: nothing from a hand, a deck or an inkwell
    const faceUp = new Set(
      Object.entries(judge.zones)
        .filter(([key]) => ['play', 'discard'].includes(key.split('@')[0]))
        .flatMap(([, zone]) => zone.cards.filter((card) => !card.faceDown).map((card) => card.definition)),
    );
    const named = await page.locator('.board .card-name').allTextContents();
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !faceUp.has(name))).toEqual([]);
    expect(await page.locator('.board').innerText()).not.toMatch(/\bcard-[0-9a-z]{2}\b/);
    await page.screenshot({ path: join(DOCS_IMAGES, 'imported-tcg-online.png'), fullPage: true });
  });

  it("the log: one sentence for the ink a card cost; for the judge, the replay's step beside each revision (issue 36)", async () => {
    const page = await rig.open(`/viewer/${game.id}?audience=public`);
    await shownAt(page, game.revision);
    await page.locator('.log-entry').first().waitFor();
    const sentences = (await page.locator('.log-entry button').allTextContents()).map((text) => text.replace(/^#\d+(–#\d+)? /, ''));
    expect(sentences.filter((sentence) => /^Ink paid: \d+ cards exerted$/.test(sentence)).length).toBeGreaterThan(5);
    sentences.slice(1).forEach((sentence, i) => expect([sentence, sentences[i]]).not.toEqual(['A card is exerted', 'A card is exerted']));
    const judge = await judgePage(`/viewer/${game.id}?audience=judge`);
    await shownAt(judge, game.revision);
    const last = steps.at(-1)!;
    const end = judge.locator(`.log-entry[data-revision="${game.revision}"] button`);
    await end.waitFor();
    expect(await end.locator('.step').textContent()).toBe(`step ${last.step}`);
    expect(await end.textContent()).toMatch(new RegExp(`^#${game.revision} step ${last.step} `));
    expect(await judge.locator('.log-entry .step').count()).toBeGreaterThan(steps.length / 2);
  });

  it("judge: a bar per turn on the clock, from the replay's timestamps, and the facts on every card", async () => {
    const clock = (await rig.app.http().get(`/matches/${game.id}/clock`).set(rig.app.organizer).expect(200)).body;
    expect(clock.turns).toHaveLength(JSON.parse(sample.json).metadata.totalTurns);
    const page = await judgePage(`/viewer/${game.id}?audience=judge`);
    await shownAt(page, game.revision);
    await page.locator('.clock-chart .bar').first().waitFor();
    const bars = page.locator('.clock-chart .bar');
    expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-turn')))).toEqual(clock.turns.map((turn: { turn: number }) => String(turn.turn)));
    const judge = await view('judge');
    const inPlay = judge.zones['play@p2'].cards.filter((card) => !card.faceDown);
    expect(inPlay.length).toBeGreaterThan(0);
    expect(inPlay.every((card) => card.printed?.cost !== undefined)).toBe(true);
    expect(await page.locator('[data-zone="play@p2"] .card .cost').count()).toBeGreaterThanOrEqual(inPlay.length);
  });

  it('"Game n" from the series: the games numbered in the order they began, each linking to the other; no "of 3", as the import names no best of', async () => {
    const page = await rig.open(`/viewer/${second}?audience=public`);
    await page.locator('.games .game-of').waitFor();
    expect(await page.locator('.games .game-of').textContent()).toBe('Game 2');
    expect(await page.locator('.games .game-links a').evaluateAll((els) => els.map((el) => el.getAttribute('data-match')))).toEqual([game.id]);
    const first = await rig.open(`/viewer/${game.id}?audience=public`);
    await first.locator('.games .game-of').waitFor();
    expect(await first.locator('.games .game-of').textContent()).toBe('Game 1');
  });
});
