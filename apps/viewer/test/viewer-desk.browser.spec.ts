import { join } from 'path';
import { Page } from 'playwright-core';
import { ORGANIZER } from '../../api/test/support/test-app';
import { example } from './support/viewer-fixture';
import { createPaperMatch, recorderPhone } from './support/recorder-phone';
import { Recorded, TESTING, ViewerRig, shownAt, startViewerRig } from './support/viewer-fixture';

const SCREENSHOTS = join(__dirname, '..', '..', '..', 'test-output', 'viewer');
const EVENT = 'Desk Cup';
const ROUND = 2;
const TABLE = 7;
/**
 * examples/lorcana, recorded up to turn 4: at revision 20 Ana Ortiz has looked at the top card of her deck (Yzma's
 * "YOU'RE EXCUSED", CardsLookedAt), so her deck has one known position and the rest is random. The call is about it.
 */
const CALLED_AT = 20;
const RECORDED = 30;
/** in Ana's hand from revision 16 on: naming it in a remedy (which Ben reads) gives away a hidden card */
const HIDDEN_IN_HAND = 'Be Prepared';
const JUDGE = 'Sam Rivera';

/**
 * A whole judge call in Chromium, as people do it: a player calls from their page at revision N; the judge's desk
 * shows it without a reload, the judge claims it, investigates both seats side by side with the knowledge ledger,
 * records a ruling with a time extension (after a refusal that keeps what was typed), resolves it; the round's slip
 * shows the extension. A phone shows the desk too; reload and back keep the place.
 */
describe("the judge's desk: a call from a player's page to the round's slip, in Chromium", () => {
  let rig: ViewerRig;
  let match: Recorded;

  const desktop = () => rig.browser.newPage({ ...TESTING, viewport: { width: 1280, height: 900 } });
  const openDesk = async (page: Page) => {
    await page.goto(`${rig.base}/viewer/judge?event=${encodeURIComponent(EVENT)}`);
    // the desk asks for the organizer key and the judge's name, as the organizer's pages ask
    const form = page.getByRole('form', { name: 'Open the desk' });
    await form.getByLabel('Organizer key').fill(ORGANIZER);
    await form.getByLabel('Your name (on every claim and ruling)').fill(JUDGE);
    await form.getByRole('button', { name: 'Open the desk' }).click();
    await page.getByRole('heading', { name: `The judge's desk · ${EVENT}` }).waitFor();
    await page.getByText(`At the desk: ${JUDGE}.`).waitFor();
  };
  const callOnDesk = (page: Page, who = 'Ana Ortiz') => page.getByRole('article', { name: new RegExp(`^Call at Table ${TABLE} .*, by ${who} `) });

  beforeAll(async () => {
    rig = await startViewerRig();
    const events = JSON.parse(example('lorcana', 'events.json')).events.slice(0, RECORDED - 1);
    match = await rig.recordOneByOne({ ...JSON.parse(example('lorcana', 'match.json')), tournament: { event: EVENT, round: ROUND, table: TABLE, game: 1, bestOf: 1 } }, events);
    expect(match.revision).toBe(RECORDED);
  }, 180_000);
  afterAll(() => rig?.close());

  it('a player calls at revision N; the judge claims it live, investigates both seats with the ledger, rules with a time extension and resolves; the slip shows it', async () => {
    // the judge's desk is open before the call: it must show it without a reload
    const desk = await desktop();
    await openDesk(desk);
    await desk.getByText('No open call. A new one shows here without a reload.').waitFor();
    const navigations: string[] = [];
    desk.on('framenavigated', (frame) => frame === desk.mainFrame() && navigations.push(frame.url()));

    // Ana, on her own page (her token), at revision N
    const player = await rig.open(`/viewer/${match.id}?audience=p1&at=${CALLED_AT}`, { matchId: match.id, audience: 'p1', token: match.tokens.players.p1 });
    await shownAt(player, CALLED_AT);
    await player.getByRole('button', { name: 'Call a judge' }).click();
    await player.getByLabel('What happened (short)').fill('I saw more cards than Yzma lets me');
    await player.getByRole('button', { name: 'Send the call' }).click();
    await player.getByText(`A judge is called about revision ${CALLED_AT}. Stay at the table.`).waitFor();

    // the desk shows the call by itself: no navigation happened
    const call = callOnDesk(desk);
    await call.waitFor({ timeout: 15_000 });
    expect(navigations).toEqual([]);
    expect(await call.getByRole('heading').textContent()).toBe(`Table ${TABLE} · round ${ROUND} · Game 1`);
    expect(await call.textContent()).toContain(`Called by Ana Ortiz (p1) at revision ${CALLED_AT}`);
    expect(await call.textContent()).toContain('I saw more cards than Yzma lets me');
    expect(await call.locator('.call-status').textContent()).toBe('Open: nobody has taken it');
    await desk.getByText('1 open call. The list updates by itself.').waitFor();

    // claimed from the keyboard: the buttons are reachable and the status follows
    await call.getByRole('button', { name: 'Claim' }).focus();
    await desk.keyboard.press('Enter');
    await call.getByText('You claimed the call.').waitFor();
    await desk.waitForFunction(`document.querySelector('.call .call-status')?.textContent === 'Claimed by ${JUDGE}'`);
    expect(await call.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    // Ben calls too while the judge's focus is on Ana's call: his call joins the list, the focus stays where it was
    await call.getByRole('button', { name: 'Escalate' }).focus();
    await rig.app.http().post(`/matches/${match.id}/calls`).set(rig.app.bearer(match.tokens.players.p2)).send({ at: RECORDED, reason: 'my opponent shuffled oddly' }).expect(201);
    await callOnDesk(desk, 'Ben Kowalski').waitFor({ timeout: 15_000 });
    await desk.getByText('2 open calls. The list updates by itself.').waitFor();
    await desk.screenshot({ path: join(SCREENSHOTS, 'viewer-desk.png'), fullPage: true });
    expect(await desk.evaluate(() => [(document.activeElement as HTMLElement | null)?.dataset.step, document.activeElement?.closest('.call')?.getAttribute('aria-label')])).toEqual(
      ['escalate', expect.stringContaining('by Ana Ortiz')],
    );
    expect(await desk.locator('.call').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')?.replace(/^.*, by /, '')))).toEqual([
      'Ana Ortiz (p1)',
      'Ben Kowalski (p2)',
    ]);

    // Ben's call goes to the head judge, with a word only judges read
    const bens = callOnDesk(desk, 'Ben Kowalski');
    expect(await bens.getByLabel('For the head judge (optional)').isVisible()).toBe(false);
    await bens.getByRole('button', { name: 'Escalate' }).click();
    await bens.getByLabel('For the head judge (optional)').fill('needs the head judge: a shuffle question');
    await bens.getByRole('button', { name: 'Send to the head judge' }).click();
    await bens.getByText('The call went to the head judge.').waitFor();
    await desk.waitForFunction(`[...document.querySelectorAll('.call-status')].some((s) => s.textContent === 'Escalated to the head judge by ${JUDGE}')`);
    expect(await bens.getByLabel('For the head judge (optional)').isVisible()).toBe(false);
    expect(await bens.locator('.call-escalation').textContent()).toBe('For the head judge: needs the head judge: a shuffle question');

    // a reload keeps the desk open on the event (the key is kept for this tab)
    await desk.reload();
    await callOnDesk(desk).waitFor();
    expect(await callOnDesk(desk).locator('.call-status').textContent()).toBe(`Claimed by ${JUDGE}`);

    // investigating: the call's revision from both seats, side by side
    await callOnDesk(desk).getByRole('link', { name: 'Investigate' }).click();
    await desk.waitForURL(/\/viewer\/judge\/[^/]+\/[^/?]+\?/);
    expect(new URL(desk.url()).searchParams.get('at')).toBe(String(CALLED_AT));
    await desk.getByRole('heading', { name: `Call at revision ${CALLED_AT}` }).waitFor();
    const ana = desk.getByRole('region', { name: "Ana Ortiz's seat (p1)" });
    const ben = desk.getByRole('region', { name: "Ben Kowalski's seat (p2)" });
    await ana.locator('.board').waitFor();
    await ben.locator('.board').waitFor();
    const [a, b] = [await ana.boundingBox(), await ben.boundingBox()];
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    // each seat as that player saw it then: Ana's hand named on her side, a back on Ben's
    const anaView = (await rig.app.http().get(`/matches/${match.id}/views/p1`).query({ at: CALLED_AT }).set(rig.app.organizer).expect(200)).body;
    const anaHand = anaView.zones['hand@p1'].cards.map((c: { definition?: string }) => c.definition);
    expect(anaHand.length).toBeGreaterThan(0);
    expect(await ana.locator('[data-zone="hand@p1"] .card-name').allTextContents()).toEqual(anaHand);
    expect(await ben.locator('[data-zone="hand@p1"] .card-name').count()).toBe(0);
    expect(await desk.getByText(new RegExp(`^Revision ${CALLED_AT} of \\d+: the call's$`)).count()).toBe(1);

    // the knowledge ledger then: Ana's deck, its one known position (she looked at it) and its random part
    const ledger = desk.getByRole('region', { name: `What was known at revision ${CALLED_AT}` });
    await ledger.waitFor();
    const knowledge = (await rig.app.http().get(`/matches/${match.id}/knowledge`).query({ at: CALLED_AT }).set(rig.app.organizer).expect(200)).body;
    const deck = knowledge.decks.find((d: { zone: string }) => d.zone === 'deck@p1');
    expect(deck.random.length).toBe(deck.count - 1);
    const anaDeck = ledger.locator('[data-zone="deck@p1"]');
    expect(await anaDeck.getByRole('heading').textContent()).toBe(`Ana Ortiz's Deck: ${deck.count} cards, ${deck.count - 1} random, 1 known`);
    expect(await anaDeck.locator('.random-part').textContent()).toBe(`Random part: positions 2–${deck.count} from the top (${deck.count - 1} cards).`);
    expect(await anaDeck.locator('tbody tr').allTextContents()).toEqual([`1Kuzco - Wanted LlamaAna Ortiz: looked at it (#${CALLED_AT})`]);
    // outside the decks, no one knows a hidden card of the other's at that moment (each knows their own hand)
    expect(await ledger.locator('.ledger-cards p').textContent()).toBe('Nobody knows a hidden card beyond their own.');
    // the findings near the revision, and the clock
    await desk.getByRole('region', { name: 'Audit findings' }).waitFor();
    await desk.locator('.clock-chart').waitFor();
    await desk.screenshot({ path: join(SCREENSHOTS, 'viewer-desk-call.png'), fullPage: true });

    // a step forward is kept in the address: a reload stays there, and the ledger follows
    await desk.getByRole('button', { name: 'Show the revision after' }).click();
    await desk.getByText(new RegExp(`^Revision ${CALLED_AT + 1} of \\d+ \\(the call's is ${CALLED_AT}\\)$`)).waitFor();
    await desk.reload();
    await desk.getByText(new RegExp(`^Revision ${CALLED_AT + 1} of \\d+ \\(the call's is ${CALLED_AT}\\)$`)).waitFor();
    await desk.getByRole('region', { name: `What was known at revision ${CALLED_AT + 1}` }).waitFor();
    await desk.getByRole('button', { name: `Back to the call's revision (${CALLED_AT})` }).click();
    await desk.getByText(new RegExp(`^Revision ${CALLED_AT} of \\d+: the call's$`)).waitFor();

    // the ruling: a remedy that names a card hidden from Ben is refused, and what was typed stays
    const ruling = desk.getByRole('form', { name: 'Ruling' });
    await ruling.getByLabel('Player penalized').selectOption('p1');
    await ruling.getByLabel('Infraction').fill('Looking at extra cards');
    await ruling.getByLabel('Penalty').selectOption('Warning');
    await ruling.getByLabel('Remedy (the players read it)').fill(`Shuffle the seen card back; keep ${HIDDEN_IN_HAND} in hand`);
    await ruling.getByLabel('Time extension (seconds)').fill('90');
    await ruling.getByRole('button', { name: 'Record the ruling' }).click();
    const refused = ruling.getByRole('alert');
    await refused.waitFor();
    expect(await refused.getAttribute('data-code')).toBe('FREE_TEXT_NAMES_HIDDEN_CARD');
    expect(await refused.textContent()).toContain('What you typed is kept');
    expect(await ruling.getByLabel('Infraction').inputValue()).toBe('Looking at extra cards');
    expect(await ruling.getByLabel('Remedy (the players read it)').inputValue()).toContain(HIDDEN_IN_HAND);
    expect(await ruling.getByLabel('Time extension (seconds)').inputValue()).toBe('90');
    // reworded, it is recorded with its extension
    await ruling.getByLabel('Remedy (the players read it)').fill('Shuffle the seen card back into the random part of the deck');
    await ruling.getByRole('button', { name: 'Record the ruling' }).click();
    await ruling.getByText(/^Ruling recorded \(revision \d+\)\.$/).waitFor();
    await desk.locator('.clock-notes', { hasText: 'min 30 s' }).waitFor();
    // a note at the revision shown, for judges only; it joins the match's notes and rulings
    const note = desk.getByRole('form', { name: `Note at revision ${CALLED_AT}` });
    await note.getByLabel('Note').fill('Asked both players: one card seen, the trigger allows one');
    await note.getByRole('button', { name: `Note revision ${CALLED_AT}` }).click();
    await note.getByText(new RegExp(`^Note at revision ${CALLED_AT} recorded \\(revision \\d+\\)\\.$`)).waitFor();
    const record = desk.getByRole('region', { name: 'Notes and rulings in this match' });
    await record.getByText('Asked both players: one card seen, the trigger allows one (judges only)').waitFor();
    expect(await record.locator('.desk-ruling').textContent()).toMatch(new RegExp(`^#\\d+ Ruling for Ana Ortiz: Looking at extra cards, Warning \\(${JUDGE}\\) \\(\\+90 s\\)$`));

    // resolved; back on the desk (the browser's back), the call has left the open list
    await desk.locator('.call').getByRole('button', { name: 'Resolve' }).click();
    await desk.getByText('The call is resolved.').waitFor();
    await desk.goBack();
    await desk.getByRole('heading', { name: `The judge's desk · ${EVENT}` }).waitFor();
    await desk.getByText('1 open call. The list updates by itself.').waitFor();
    await callOnDesk(desk, 'Ben Kowalski').waitFor();
    expect(await callOnDesk(desk).count()).toBe(0);
    await desk.getByRole('link', { name: 'Show resolved calls too' }).click();
    await callOnDesk(desk).waitFor();
    // each player's calls and penalties across the event, on the desk only
    await desk.getByRole('link', { name: 'Show penalty history' }).click();
    const history = desk.getByRole('region', { name: 'Penalty history' });
    await history.waitFor();
    const anaHistory = history.getByRole('listitem').filter({ has: desk.getByRole('heading', { name: 'Ana Ortiz' }) });
    expect(await anaHistory.locator('p').textContent()).toBe('Calls: 1 · rulings: 1');
    expect(await anaHistory.locator('.history-rulings li').allTextContents()).toEqual([
      expect.stringMatching(/^Warning — Looking at extra cards \(1 min 30 s extension\) · .*revision \d+$/),
    ]);
    expect(
      await history
        .getByRole('listitem')
        .filter({ has: desk.getByRole('heading', { name: 'Ben Kowalski' }) })
        .locator('p')
        .textContent(),
    ).toBe('Calls: 1 · rulings: 0');
    expect(await callOnDesk(desk).locator('.call-status').textContent()).toBe(`Resolved by ${JUDGE}`);

    // Ben's page, at the head: that Ana called and the ruling as announced at the table, never her reason
    const other = await rig.open(`/viewer/${match.id}?audience=p2`, { matchId: match.id, audience: 'p2', token: match.tokens.players.p2 });
    const seen = other.getByRole('region', { name: 'Judge calls' });
    await seen.waitFor();
    const told = await seen.textContent();
    expect(told).toContain(`Ana Ortiz called a judge about revision ${CALLED_AT}: Resolved.`);
    expect(told).toContain('Ruling for Ana Ortiz: Warning. 90 s more on the clock.');
    // the infraction and remedy as announced, in Ben's log at the ruling's revision
    await other.locator('.log-entry', { hasText: 'Looking at extra cards' }).waitFor();
    expect((await other.locator('.log-entry').allTextContents()).join('\n')).not.toContain('Yzma lets me');
    expect(told).not.toContain('Yzma lets me');

    // the round's slip counts the extension
    const round = await rig.open(`/viewer/rounds?event=${encodeURIComponent(EVENT)}&round=${ROUND}`);
    const table = round.locator(`.round-table[data-table="${TABLE}"]`);
    await table.waitFor();
    expect(await table.locator('.game-extensions').textContent()).toBe(' · time extended +1 min 30 s');
    // and so does the judge's slip on the match page
    const judged = await rig.open(`/viewer/${match.id}?audience=judge`, { matchId: match.id, audience: 'judge', token: match.tokens.judge });
    await judged.locator('.result-slip .slip-extensions').waitFor();
    expect(await judged.locator('.result-slip .slip-extensions').textContent()).toBe('Time extensions: Game 1 +1 min 30 s');
  }, 180_000);

  it('shows the desk on a phone: the call, its buttons in reach, nothing wider than the screen', async () => {
    // the page's own Content-Security-Policy kept: the desk needs no inline style or script
    const context = await rig.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const phone = await context.newPage();
    const refused: string[] = [];
    phone.on('console', (message) => /Content.Security.Policy/i.test(message.text()) && refused.push(message.text()));
    await openDesk(phone);
    await phone.goto(`${rig.base}/viewer/judge?event=${encodeURIComponent(EVENT)}&calls=all`);
    const call = callOnDesk(phone);
    await call.waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    for (const name of ['Claim', 'Escalate', 'Resolve']) {
      const box = await call.getByRole('button', { name }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await phone.screenshot({ path: join(SCREENSHOTS, 'viewer-desk-phone.png'), fullPage: true });
    // the call investigated on the phone: the seats one above the other, the ruling form in reach
    await call.getByRole('link', { name: 'Investigate' }).tap();
    await phone.getByRole('region', { name: "Ben Kowalski's seat (p2)" }).locator('.board').waitFor();
    const [a, b] = [
      await phone.getByRole('region', { name: "Ana Ortiz's seat (p1)" }).boundingBox(),
      await phone.getByRole('region', { name: "Ben Kowalski's seat (p2)" }).boundingBox(),
    ];
    expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y);
    await phone.getByRole('form', { name: 'Ruling' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(refused).toEqual([]);
  }, 60_000);

  it('asks again for a key the server does not take', async () => {
    const page = await desktop();
    await page.goto(`${rig.base}/viewer/judge?event=${encodeURIComponent(EVENT)}`);
    const form = page.getByRole('form', { name: 'Open the desk' });
    await form.getByLabel('Organizer key').fill('not-the-key');
    await form.getByLabel('Your name (on every claim and ruling)').fill(JUDGE);
    await form.getByRole('button', { name: 'Open the desk' }).click();
    // the desk tried the key, forgot it and asks again, the name kept
    await page.waitForURL(/\/viewer\/judge\?event=/);
    await page.getByRole('form', { name: 'Open the desk' }).getByLabel('Organizer key').waitFor();
    await page.waitForFunction(`document.querySelector('input[name=judge-name]')?.value === '${JUDGE}' && sessionStorage.getItem('matchlog.desk.key') === null`);
  });

  it("calls a judge from the recorder's screen, through the recorder's free-text warning", async () => {
    const paper = await createPaperMatch(rig, 'desk-paper-table');
    const { page } = await recorderPhone(rig, paper.matchId, paper.tokens.recorder);
    await page.getByRole('button', { name: 'Draw', exact: true }).tap();
    await page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '2'`);
    await page.getByRole('button', { name: 'Call a judge' }).tap();
    const reason = page.getByLabel('What happened (short)');
    // nobody has shown a Be Prepared: the warning asks first, and editing keeps the words
    await reason.fill('Ada drew Be Prepared from the bottom');
    await page.getByRole('button', { name: 'Send the call' }).tap();
    const sheet = page.getByRole('alertdialog');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('This reason names Be Prepared, which not everyone at the table knows; the judge reads it.');
    await sheet.getByRole('button', { name: 'Edit the reason' }).tap();
    expect(await reason.inputValue()).toBe('Ada drew Be Prepared from the bottom');
    await reason.fill('Ada drew from the bottom of her deck');
    await page.getByRole('button', { name: 'Send the call' }).tap();
    await page.getByText('A judge is called about revision 2. Stay at the table.').waitFor();
    const calls = (await rig.app.http().get(`/matches/${paper.matchId}/calls`).set(rig.app.bearer(paper.tokens.judge)).expect(200)).body.calls;
    expect(calls.map((c: { by: string; at: number; reason: string }) => [c.by, c.at, c.reason])).toEqual([['recorder', 2, 'Ada drew from the bottom of her deck']]);
  }, 60_000);
});
