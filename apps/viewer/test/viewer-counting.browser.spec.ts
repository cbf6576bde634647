import { Page } from 'playwright-core';
import { bestOfThree, lorcanaMatch, testTime } from './support/scored-match';
import { ViewerRig, example, startViewerRig } from './support/viewer-fixture';

type SlipGame = { matchId: string; game: number | null; duplicate: boolean; voided: boolean };
type SlipTable = { games: SlipGame[]; result: { wins: Record<string, number>; draws: number; decided: boolean } };
type Draft = { type: string; data: object };

const roundPath = (event: string, round: number) => `/viewer/rounds?event=${encodeURIComponent(event)}&round=${round}`;
const RIVERSIDE = 'Disney Lorcana Store Championship - Riverside Games';
const EXAMPLE_EVENTS = (): Draft[] => JSON.parse(example('lorcana', 'events.json')).events;

/** Each game of the round page's tables: its words, its marks and the match it links to. */
const gamesOn = (page: Page) =>
  page.locator('.table-games > li').evaluateAll((items) =>
    items.map((li) => ({
      text: li.textContent,
      match: li.querySelector('a')?.getAttribute('data-match'),
      duplicate: li.getAttribute('data-duplicate'),
      voided: li.getAttribute('data-voided'),
    })),
  );

/**
 * The pages count what the API counts (issue 35, §3): the round page marks duplicates and voids as the
 * result slip does and counts neither; every page names a game with one formatter ("Game 2 of 3" where
 * the match names its best of, "Game 2" where it does not, "Game –" without a number); and a broadcast
 * delay counted in events lets the end out once the delay's seconds have passed since it.
 */
describe('every page counts what the API counts, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  const slip = async (event: string, round: number): Promise<SlipTable[]> => (await rig.app.http().get('/rounds/results').query({ event, round }).expect(200)).body.tables;
  /** the README's best-of-three block: each game created from its match.json, its events.json appended in one request */
  const recordBestOfThree = async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3] as const) {
      // a game a minute: the slip orders the copies of a game by when they began
      time.advance(60);
      const { match, events } = bestOfThree(n);
      const created = await rig.app.http().post('/matches').set(rig.app.organizer).send(match).expect(201);
      await rig.app.http().post(`/matches/${created.body.matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events }).expect(201);
      ids.push(created.body.matchId);
    }
    return ids;
  };
  const create = async (match: object) => (await rig.app.http().post('/matches').set(rig.app.organizer).send(match).expect(201)).body;
  const listRow = async (matchId: string) => {
    const page = await rig.open('/viewer/');
    const row = page.locator(`li.match[data-match="${matchId}"]`);
    await row.locator('.result').waitFor();
    return row;
  };

  let first: string[];
  let second: string[];
  beforeAll(async () => {
    rig = await startViewerRig(time);
    first = await recordBestOfThree();
    second = await recordBestOfThree();
  }, 120_000);
  afterAll(() => rig?.close());

  it("the README's best of three run twice: every game marked duplicate, none counted (0–0, not decided), as the slip has it", async () => {
    const [table] = await slip('Example Cup', 3);
    expect(table.result).toMatchObject({ wins: { p1: 0, p2: 0 }, draws: 0, decided: false });
    const page = await rig.open(roundPath('Example Cup', 3));
    await page.locator('.round-table').waitFor();
    expect(await page.locator('.table-score').textContent()).toBe('Ana Ortiz 0–0 Ben Kowalski');
    expect(await page.locator('.table-outcome').textContent()).toBe('Best of 3 · not decided: game 1, 2, 3 recorded more than once');
    const games = await gamesOn(page);
    expect(games.map((game) => game.match)).toEqual(table.games.map((game) => game.matchId));
    expect(games.map((game) => game.duplicate)).toEqual(table.games.map(() => 'true'));
    expect(games.map((game) => game.text)).toEqual([
      'Game 1: Ana Ortiz won · duplicate',
      'Game 1: Ana Ortiz won · duplicate',
      'Game 2: Ben Kowalski won · duplicate',
      'Game 2: Ben Kowalski won · duplicate',
      // the README's game 3 extends the clock by 3 minutes (TimeExtended), and the round page says so
      'Game 3: draw · duplicate · time extended +3 min',
      'Game 3: draw · duplicate · time extended +3 min',
    ]);
  });

  it('after the README voids the first run: its three games marked void, the second counted, a drawn match (1–1, 1 drawn)', async () => {
    for (const id of first)
      await rig.app.http().post(`/matches/${id}/void`).set(rig.app.organizer).send({ reason: 'recorded again by a later run of the walk-through' }).expect(201);
    const [table] = await slip('Example Cup', 3);
    expect(table.result).toMatchObject({ wins: { p1: 1, p2: 1 }, draws: 1, decided: true });
    const page = await rig.open(roundPath('Example Cup', 3));
    await page.locator('.round-table').waitFor();
    expect(await page.locator('.table-score').textContent()).toBe('Ana Ortiz 1–1 Ben Kowalski (1 drawn)');
    expect(await page.locator('.table-outcome').textContent()).toBe('Best of 3 · match drawn');
    const games = await gamesOn(page);
    expect(games.map((game) => game.voided)).toEqual(table.games.map((game) => String(game.voided)));
    expect(games.filter((game) => game.voided === 'true').map((game) => game.match)).toEqual(first);
    expect(games.map((game) => game.text)).toEqual([
      'Game 1: Ana Ortiz won · void',
      'Game 1: Ana Ortiz won',
      'Game 2: Ben Kowalski won · void',
      'Game 2: Ben Kowalski won',
      'Game 3: draw · void · time extended +3 min',
      'Game 3: draw · time extended +3 min',
    ]);
    expect(await page.locator('.round-log').count()).toBe(0);

    // closed (POST /rounds/close), the round page shows its entry in the log and links the proof file
    const closed = (await rig.app.http().post('/rounds/close').set(rig.app.organizer).send({ event: 'Example Cup', round: 3 }).expect(201)).body;
    const logged = await rig.open(roundPath('Example Cup', 3));
    await logged.locator('.round-log').waitFor();
    expect(await logged.locator('.round-log').textContent()).toBe(`Closed and logged at #${closed.index} · slip ${closed.slip.slice(0, 12)} · Proof file`);
    const proof = await logged.locator('.round-log a').getAttribute('href');
    expect((await rig.app.http().get(proof!).expect(200)).text).toContain(`index ${closed.index}`);
  });

  it('one label for a game on the list, the match page and the round page: "Game 2 of 3", "Game 4" past a best of three, "Game 2" with no best of, "Game –" with none', async () => {
    expect(await (await listRow(second[1])).locator('.game-number').textContent()).toBe('Game 2 of 3');
    const numbered = await rig.open(`/viewer/${second[1]}?audience=public`);
    await numbered.locator('.games .game-links').waitFor();
    expect(await numbered.locator('.games .game-of').textContent()).toBe('Game 2 of 3');
    expect(await numbered.locator('.games .game-links li').allTextContents()).toEqual(['Game 1', 'Game 1', 'Game 2', 'Game 2', 'Game 3', 'Game 3']);

    // single elimination goes on past its best of; a match that names no best of is not "of 3"
    const fourth = await create(lorcanaMatch({ event: 'Label Cup', round: 1, table: 1, game: 4, bestOf: 3, singleElimination: true }));
    const unsized = await create(lorcanaMatch({ event: 'Label Cup', round: 1, table: 2, game: 2 }));
    expect(await (await listRow(fourth.matchId)).locator('.game-number').textContent()).toBe('Game 4');
    expect(await (await listRow(unsized.matchId)).locator('.game-number').textContent()).toBe('Game 2');
    const past = await rig.open(`/viewer/${fourth.matchId}?audience=public`);
    await past.locator('.games .game-of').waitFor();
    expect(await past.locator('.games .game-of').textContent()).toBe('Game 4');

    // the walk-through's match, recorded twice at its table with no game number
    const unnumbered: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await create(JSON.parse(example('lorcana', 'match.json')));
      await rig.app.http().post(`/matches/${created.matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events: EXAMPLE_EVENTS() }).expect(201);
      unnumbered.push(created.matchId);
    }
    for (const id of unnumbered) expect(await (await listRow(id)).locator('.game-number').textContent()).toBe('Game –');
    const match = await rig.open(`/viewer/${unnumbered[1]}?audience=public`);
    await match.locator('.games .game-links').waitFor();
    expect(await match.locator('.games .game-of').textContent()).toBe('Game –');
    expect(await match.locator('.games .game-links li').allTextContents()).toEqual(['Game –', 'Game –']);
    const round = await rig.open(roundPath(RIVERSIDE, 3));
    await round.locator('.round-table').waitFor();
    expect((await gamesOn(round)).map((game) => game.text)).toEqual(['Game –: Ana Ortiz won', 'Game –: Ana Ortiz won · duplicate']);
    expect(await round.locator('.table-outcome').textContent()).toBe('Best of 3 · not decided: 1 game recorded with no game number');
  });

  it('a delay of 5 events and 30 s: 5 events behind after the end until 30 s have passed since it, then the overlay, the list and the round page show the end', async () => {
    const created = await create({
      ...lorcanaMatch({ event: 'Stream Cup', round: 1, table: 1, game: 2, bestOf: 3 }),
      broadcastDelay: { events: 5, seconds: 30 },
      broadcastAccess: 'token',
    });
    const id: string = created.matchId;
    let revision = 1;
    for (const event of EXAMPLE_EVENTS()) {
      time.advance(10);
      revision = (
        await rig.app
          .http()
          .post(`/matches/${id}/events`)
          .set(rig.app.organizer)
          .send({ expectedRevision: revision, events: [event] })
          .expect(201)
      ).body.revision;
    }
    time.advance(29);
    const overlay = await rig.open(`/viewer/overlay/${id}`, { matchId: id, audience: 'broadcast', token: created.tokens.broadcast });
    await overlay.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${revision - 5}'`, undefined, { timeout: 10_000 });
    expect(await overlay.locator('.overlay-game').textContent()).toBe('Game 2 of 3');
    expect(await (await listRow(id)).locator('.result').getAttribute('data-result')).toBe('live');

    time.advance(1);
    // the feed lets the rest out on its next tick, with no append to wake it
    await overlay.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${revision}'`, undefined, { timeout: 10_000 });
    expect(await overlay.locator('.turn').textContent()).toContain('game over');
    const row = await listRow(id);
    expect(await row.locator('.result').getAttribute('data-result')).toBe('won');
    expect(await row.locator('.result').textContent()).toBe('Ana Ortiz won');
    const round = await rig.open(roundPath('Stream Cup', 1));
    await round.locator('.round-table').waitFor();
    expect((await gamesOn(round)).map((game) => game.text)).toEqual(['Game 2: Ana Ortiz won']);
  }, 90_000);
});
