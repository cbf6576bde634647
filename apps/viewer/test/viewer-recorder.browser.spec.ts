import { join } from 'path';
import { Page } from 'playwright-core';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';
import { createPaperMatch, recorderPhone } from './support/recorder-phone';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');

type Json = Record<string, unknown>;
interface Sent {
  id?: string;
  type: string;
  data: Json;
}
const zone = (name: string, player: string) => ({ zone: name, player });
const move = (cardId: string, from: Json, to: Json, extra: Json = {}): Sent => ({ type: 'CardMoved', data: { cardId, from, to, ...extra } });

describe("the recorder's screen on a phone, in Chromium: a paper game recorded by touch", () => {
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig()), 120_000);
  afterAll(() => rig?.close());

  const create = (matchId: string) => createPaperMatch(rig, matchId);

  const phone = (matchId: string, recorder: string) => recorderPhone(rig, matchId, recorder);

  /** Taps the button; the screen has recorded what it records once its revision moved (or nothing moved, for a cancelled pick). */
  // End turn's button says what it records ("End turn: Grace's turn 4 starts")
  const tap = (page: Page, name: string) => page.getByRole('button', { name: name === 'End turn' ? /^End turn: / : name, exact: true }).tap();
  const revisionOf = async (page: Page) => Number(await page.locator('.sync-status').getAttribute('data-revision'));
  const pendingOf = async (page: Page) => Number(await page.locator('.sync-status').getAttribute('data-pending'));
  const recorded = async (page: Page, revision: number) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '${revision}'`);
  /** Taps an action, then the card in the sheet found by typing part of its name. */
  const pick = async (page: Page, action: string, search: string, choice?: string) => {
    await tap(page, action);
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('searchbox').fill(search);
    await (choice ? sheet.getByRole('listitem').filter({ hasText: choice }).first() : sheet.getByRole('listitem').first()).tap();
  };
  const seat = (page: Page, name: string) => page.locator('.seat', { hasText: name }).tap();

  const serverEvents = async (matchId: string, judge: string) =>
    (await rig.app.http().get(`/matches/${matchId}/events`).query({ audience: 'judge' }).set(rig.app.bearer(judge)).expect(200)).body.observations.map(
      (o: { observation: { id: string; type: string; data: Json } }) => o.observation,
    ) as { id: string; type: string; data: Json }[];
  const view = async (matchId: string, audience: string, token: string) =>
    (await rig.app.http().get(`/matches/${matchId}/views/${audience}`).set(rig.app.bearer(token)).expect(200)).body as Json;

  it('records a whole game from deck lists pasted as text, a correction and a card named when revealed among them: the views equal a reference match, and the audit is clean', async () => {
    const match = await create('paper-1');
    const reference = await create('paper-1-reference');
    const judgeView = await view(reference.matchId, 'judge', reference.tokens.judge);
    // a paper match's cards have no names until shown: their printed facts are the registered list's
    const printed = (definition: string) =>
      ((judgeView.lists as { cards: { definition: string; printed?: Json }[] }[]).flatMap((list) => list.cards).find((c) => c.definition === definition)?.printed ?? {}) as {
        lore?: number;
        strength?: number;
      };
    const { context, page } = await phone(match.matchId, match.tokens.recorder);
    const expected: Sent[] = [];
    let revision = 1;
    const step = async (work: () => Promise<unknown>, ...events: Sent[]) => {
      await work();
      // the reference match gets ids of its own, so that its corrections name what they correct
      expected.push(...events.map((event, i) => ({ id: `ref-${revision + i + 1}`, ...event })));
      revision += events.length;
      await recorded(page, revision);
    };

    // every target is at least 44 px on the phone
    const sizes = await page
      .locator('.recorder button')
      .evaluateAll((buttons) => buttons.map((b) => [b.textContent, b.getBoundingClientRect().width, b.getBoundingClientRect().height]));
    expect(sizes.filter(([, w, h]) => (w as number) < 44 || (h as number) < 44)).toEqual([]);

    // the opening hands: seven cards each, from the top of each deck, none of them named (a paper deck has no order anybody knows)
    for (let i = 1; i <= 7; i++) await step(() => tap(page, 'Draw'), move(`p1-${i}`, zone('deck', 'p1'), zone('hand', 'p1')));
    await seat(page, 'Grace');
    for (let i = 1; i <= 7; i++) await step(() => tap(page, 'Draw'), move(`p2-${i}`, zone('deck', 'p2'), zone('hand', 'p2')));
    await step(() => tap(page, 'End turn'), { type: 'TurnStarted', data: { player: 'p1', turn: 1 } });
    expect(await page.locator('.seat[aria-pressed=true]').textContent()).toContain('Ada');

    // turn 1, Ada: inks a Be Prepared she shows, plays Elsa: each is her hand's latest unnamed card, named as it moves
    await step(() => pick(page, 'Ink', 'be prep'), move('p1-7', zone('hand', 'p1'), zone('inkwell', 'p1'), { definition: 'Be Prepared' }));
    await step(() => pick(page, 'Play', 'elsa snow', 'Elsa - Snow Queen'), move('p1-6', zone('hand', 'p1'), zone('play', 'p1'), { definition: 'Elsa - Snow Queen' }));
    const elsa = 'p1-6';
    await step(() => tap(page, 'End turn'), { type: 'TurnStarted', data: { player: 'p2', turn: 2 } });

    // turn 2, Grace: draws, inks a card the recorder cannot see, plays a card the recorder misreads as Simba: the
    // correction takes it back to her hand, unnamed; then it is played as what it is, Moana
    await step(() => tap(page, 'Draw'), move('p2-8', zone('deck', 'p2'), zone('hand', 'p2')));
    await step(() => pick(page, 'Ink', '', 'A card I cannot see'), move('p2-8', zone('hand', 'p2'), zone('inkwell', 'p2')));
    const moana = 'p2-7';
    await step(() => pick(page, 'Play', 'simba prot'), move(moana, zone('hand', 'p2'), zone('play', 'p2'), { definition: 'Simba - Protective Cub' }));
    const misread = `ref-${revision}`;
    await step(
      async () => {
        await page
          .locator('.recent li')
          .first()
          .getByRole('button', { name: /^Correct: / })
          .tap();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Correct', exact: true }).tap();
      },
      move(moana, zone('play', 'p2'), zone('hand', 'p2'), { definition: null, corrects: misread }),
    );
    // once the server holds the correction, no view names the misread card, the judge's included
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
    expect(JSON.stringify((await view(match.matchId, 'judge', match.tokens.judge)).zones)).not.toContain('Simba');
    await step(() => pick(page, 'Play', 'moana'), move(moana, zone('hand', 'p2'), zone('play', 'p2'), { definition: 'Moana - Of Motunui' }));
    /** what the recorder's last actions call each correction, as it records it */
    const recorderSaid: string[] = [];
    const correctionLine = async (nth: number) =>
      recorderSaid.push(/Correction of (#\d+): /.exec((await page.locator('.recent li .recent-text').nth(nth).textContent()) ?? '')?.[1] ?? 'none');
    await correctionLine(1);
    await step(() => tap(page, 'End turn'), { type: 'TurnStarted', data: { player: 'p1', turn: 3 } });

    // turn 3, Ada: draws, challenges Moana with Elsa, Moana is banished; a lore tap by mistake, corrected
    await step(() => tap(page, 'Draw'), move('p1-8', zone('deck', 'p1'), zone('hand', 'p1')));
    const hits = [printed('Elsa - Snow Queen').strength, printed('Moana - Of Motunui').strength];
    await step(
      async () => {
        await tap(page, 'Challenge');
        await page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Elsa - Snow Queen' }).tap();
        await page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Moana' }).tap();
      },
      { type: 'CardStatusChanged', data: { cardId: elsa, exerted: true } },
      ...(hits[0] ? [{ type: 'CardStatusChanged', data: { cardId: moana, damage: hits[0] } }] : []),
      ...(hits[1] ? [{ type: 'CardStatusChanged', data: { cardId: elsa, damage: hits[1] } }] : []),
    );
    await step(() => pick(page, 'Banish', 'moana'), move(moana, zone('play', 'p2'), zone('discard', 'p2'), { reason: 'banished' }));
    await step(() => tap(page, '+1 Lore'), { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 1 } });
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-phone.png') });
    await step(
      async () => {
        await page
          .locator('.recent li')
          .first()
          .getByRole('button', { name: /^Correct: Ada gained 1 lore/ })
          .tap();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Correct', exact: true }).tap();
      },
      { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', to: 0 } },
    );
    await correctionLine(0);
    await step(() => tap(page, 'End turn'), { type: 'TurnStarted', data: { player: 'p2', turn: 4 } });
    await step(() => tap(page, 'End turn'), { type: 'TurnStarted', data: { player: 'p1', turn: 5 } });
    await step(() => tap(page, 'Ready all'), { type: 'CardStatusChanged', data: { cardId: elsa, exerted: false } });

    // Ada quests and scores to 20, tap after tap (timed): the 20th lore ends the game (tournament practice: 20 lore wins)
    const lore = printed('Elsa - Snow Queen').lore ?? 0;
    await step(
      () => tap(page, 'Quest').then(() => page.getByRole('dialog').getByRole('listitem').first().tap()),
      { type: 'CardStatusChanged', data: { cardId: elsa, exerted: true } },
      ...(lore > 0 ? [{ type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: lore, reason: 'quested' } }] : []),
    );
    const started = Date.now();
    const taps = 20 - lore;
    for (let i = 1; i < taps; i++) await step(() => tap(page, '+1 Lore'), { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 1 } });
    await step(
      () => tap(page, '+1 Lore'),
      { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 1 } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'Ada reached 20 lore' } },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`recorder: ${taps} taps recorded in ${seconds.toFixed(2)} s: ${Math.round((taps / seconds) * 60)} actions a minute the screen keeps up with`);
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
    await expect(page.locator('.turn-line').textContent()).resolves.toBe('The game is over');

    // the server holds exactly what was tapped, in order, once each
    const events = await serverEvents(match.matchId, match.tokens.judge);
    expect(events.map(({ type, data }) => ({ type, data: withoutCorrects(data) }))).toEqual([expect.objectContaining({ type: 'MatchCreated' }), ...expected.map(sameShape)]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // the corrections name what they correct: the misread play, the lore tap
    const corrections = events.filter((e) => typeof e.data.corrects === 'string');
    expect(corrections.map((e) => events.find((c) => c.id === e.data.corrects)?.type)).toEqual(['CardMoved', 'CounterChanged']);
    expect(events.find((e) => e.id === corrections[0].data.corrects)?.data).toMatchObject({ cardId: moana, to: zone('play', 'p2'), definition: 'Simba - Protective Cub' });

    // the reference: the same events sent by hand to a match of the same lists
    await rig.app.http().post(`/matches/${reference.matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events: expected }).expect(201);
    for (const [audience, a, b] of [
      ['judge', match.tokens.judge, reference.tokens.judge],
      ['p1', match.tokens.players.p1, reference.tokens.players.p1],
      ['p2', match.tokens.players.p2, reference.tokens.players.p2],
    ] as const)
      expect(await view(match.matchId, audience, a)).toEqual(await view(reference.matchId, audience, b));

    // the audit: no violation; the two corrections noted as such
    const audit = (await rig.app.http().get(`/matches/${match.matchId}/audit`).set(rig.app.bearer(match.tokens.judge)).expect(200)).body as {
      findings: { code: string; severity: string; message: string }[];
    };
    expect(audit.findings.filter((f) => f.severity === 'violation')).toEqual([]);
    // a correction reads the same everywhere: "Correction of #N" in the audit, the judge's log and the recorder
    const correctedRevisions = corrections.map((c) => `#${events.findIndex((e) => e.id === c.data.corrects) + 1}`);
    expect(audit.findings.filter((f) => f.code === 'CORRECTION').map((f) => f.message)).toEqual(
      correctedRevisions.map((n) => expect.stringMatching(new RegExp(`^Correction of ${n}: `))),
    );
    expect(recorderSaid).toEqual(correctedRevisions);

    // the judge's log says which events are corrections
    const judge = await context.newPage();
    await judge.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.matchId}.judge`)}, ${JSON.stringify(match.tokens.judge)})`);
    await judge.goto(`${rig.base}/viewer/${match.matchId}?audience=judge`);
    await judge
      .locator('.action-log .log-entry')
      .nth(events.length - 2)
      .waitFor({ state: 'attached' });
    const log = await judge.locator('.action-log .log-entry').allTextContents();
    expect(log.flatMap((line) => /Correction of (#\d+): /.exec(line)?.[1] ?? [])).toEqual(correctedRevisions);
    // the other player reads what went where, in a sentence, not "2 cards moved"
    const player = await context.newPage();
    await player.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.matchId}.p1`)}, ${JSON.stringify(match.tokens.players.p1)})`);
    await player.goto(`${rig.base}/viewer/${match.matchId}?audience=p1`);
    await player
      .locator('.action-log .log-entry')
      .nth(events.length - 2)
      .waitFor({ state: 'attached' });
    const theirs = await player.locator('.action-log .log-entry').allTextContents();
    expect(theirs.filter((line) => /\d+ cards moved/.test(line))).toEqual([]);
    expect(theirs.some((line) => /from Grace's play to Grace's hand/.test(line))).toBe(true);
    await player.close();
    await page.close();
  }, 240_000);

  it("opens from the organizer's link: the token in #token= reaches the screen, leaves the address, and is in no request's address", async () => {
    const match = await create('paper-link');
    const context = await rig.browser.newContext({ ...TESTING, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const requested: string[] = [];
    const authorizations: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      if (new URL(request.url()).pathname === `/matches/${match.matchId}/events`) authorizations.push(request.headers()['authorization'] ?? '');
    });
    await page.goto(`${rig.base}/viewer/record/${match.matchId}#token=${match.tokens.recorder}`);
    await page.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    expect(page.url()).toBe(`${rig.base}/viewer/record/${match.matchId}`);
    expect(authorizations[0]).toBe(`Bearer ${match.tokens.recorder}`);
    expect(requested.filter((url) => url.includes(match.tokens.recorder))).toEqual([]);
    // the screen records with it: a tap reaches the server
    await tap(page, 'Draw');
    await recorded(page, 2);
    // recorded: in the journal; then sent, and nothing waits
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
    expect((await serverEvents(match.matchId, match.tokens.judge)).map((event) => event.type)).toEqual(['MatchCreated', 'CardMoved']);
    await page.close();
  });

  it('keeps recording offline: what waits is counted, and once online it is sent in order, nothing lost and nothing twice', async () => {
    const match = await create('paper-offline');
    const { context, page } = await phone(match.matchId, match.tokens.recorder);
    for (let i = 1; i <= 3; i++) await tap(page, 'Draw');
    await recorded(page, 4);
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);

    await context.setOffline(true);
    await tap(page, 'End turn');
    await pick(page, 'Ink', 'elsa');
    for (let i = 0; i < 4; i++) await tap(page, i % 2 === 0 ? '+1 Lore' : '−1 Lore');
    await recorded(page, 10);
    expect(await pendingOf(page)).toBe(6);
    await expect(page.locator('.sync-status').textContent()).resolves.toMatch(/^Offline · 6 actions wait · last synced /);
    // they wait in the journal: the server has the first 4
    expect((await serverEvents(match.matchId, match.tokens.judge)).length).toBe(4);

    // a long outage: a hundred more actions wait in the journal
    const queued = 100;
    for (let i = 0; i < queued; i++) await tap(page, i % 2 === 0 ? '+1 Lore' : '−1 Lore');
    await recorded(page, 10 + queued);
    expect(await pendingOf(page)).toBe(6 + queued);

    const started = Date.now();
    await context.setOffline(false);
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`, undefined, { timeout: 60_000 });
    console.log(`recorder: ${6 + queued} actions journaled offline synced in ${((Date.now() - started) / 1000).toFixed(2)} s once the network returned`);

    const events = await serverEvents(match.matchId, match.tokens.judge);
    expect(events.length).toBe(10 + queued);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events.slice(4, 6).map((e) => e.type)).toEqual(['TurnStarted', 'CardMoved']);
    expect(events.slice(6).map((e) => e.data.by)).toEqual(Array.from({ length: 4 + queued }, (_, i) => (i % 2 === 0 ? 1 : -1)));
    // the screen still shows the match as the server has it, after a reload
    await page.reload();
    await recorded(page, 10 + queued);
    expect(await pendingOf(page)).toBe(0);
    await page.close();
  }, 240_000);

  it('works with a keyboard, and warns before a reason that names a card some audience does not know goes to every audience', async () => {
    const match = await create('paper-reason');
    const { page } = await phone(match.matchId, match.tokens.recorder);
    await tap(page, 'Draw');
    await recorded(page, 2);
    // with a keyboard: an action is a button; the sheet's search box has the focus, Enter takes the best match
    await page.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('elsa snow');
    await page.keyboard.press('Enter');
    await recorded(page, 3);
    expect(await page.locator('.recent li').first().textContent()).toContain('Elsa - Snow Queen');
    // Lyle Tiberius Rourke - Cunning Mercenary lies in the decks only: his short name, spelt with a double space, names him
    await page.getByRole('textbox', { name: 'Reason (every audience reads it)' }).fill('a ruling on Lyle Tiberius  Rourke');
    await tap(page, '+1 Lore');
    const warning = page.getByRole('alertdialog');
    await expect(warning.textContent()).resolves.toContain('This reason names Lyle Tiberius Rourke - Cunning Mercenary');
    await warning.getByRole('button', { name: 'Edit the reason' }).tap();
    expect(await revisionOf(page)).toBe(3);
    await page.getByRole('textbox', { name: 'Reason (every audience reads it)' }).fill('a ruling on the bag');
    await tap(page, '+1 Lore');
    await recorded(page, 4);
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
    expect((await serverEvents(match.matchId, match.tokens.judge)).at(-1)?.data).toMatchObject({ reason: 'a ruling on the bag' });
    await page.close();
  }, 120_000);

  it("runs under the page's own Content-Security-Policy: the journal, the search and a tap work, and nothing is refused", async () => {
    const match = await create('paper-csp');
    const context = await rig.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.matchId}.recorder`)}, ${JSON.stringify(match.tokens.recorder)})`);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));
    await page.goto(`${rig.base}/viewer/record/${match.matchId}`);
    await tap(page, 'Draw');
    await pick(page, 'Ink', 'elsa snow');
    await page.locator('.sync-status[data-revision="3"][data-pending="0"]').waitFor();
    expect(refused).toEqual([]);
    expect((await serverEvents(match.matchId, match.tokens.judge)).map((e) => e.type)).toEqual(['MatchCreated', 'CardMoved', 'CardMoved']);
    await page.close();
  }, 120_000);
});

const withoutCorrects = (data: Json): Json => {
  const { corrects: _corrects, ...rest } = data;
  return rest;
};
/** a sent event as the server's log holds it: a shuffle gets salt and commitment, nothing else changes */
const sameShape = (event: Sent) => ({ type: event.type, data: withoutCorrects(event.data) });
