import { readFileSync } from 'fs';
import { join } from 'path';
import { Page } from 'playwright-core';
import { captureDeliveries, leaksIn } from './support/deliveries';
import { testTime } from './support/scored-match';
import { recorderPhone } from './support/recorder-phone';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS_IMAGES = join(ROOT, 'docs', 'images');
/** a real list, as Omnidex exports it: Lorraine's material deck (Spirit of Fire, her three levels, her regalia) and a 60-card main deck */
const OMNIDEX = readFileSync(join(ROOT, 'libs', 'cards', 'test', 'fixtures', 'grand-archive-lorraine-omnidex.txt'), 'utf8');
const MATCH_ID = 'riverside-archive-r1-t4';
const DELAY_MINUTES = 1;

type Json = Record<string, unknown>;
interface Sent {
  type: string;
  data: Json;
}
const zone = (name: string, player?: string) => ({ zone: name, ...(player !== undefined && { player }) });
const move = (cardId: string, from: Json, to: Json, extra: Json = {}): Sent => ({ type: 'CardMoved', data: { cardId, from, to, ...extra } });
const damaged = (cardId: string, damage: number): Sent => ({ type: 'CardStatusChanged', data: { cardId, damage } });
const turn = (player: string, number: number): Sent => ({ type: 'TurnStarted', data: { player, turn: number } });

const tokenOf = (link: string) => decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));

/**
 * A Grand Archive feature match as it is run: created on the organizer's form from two Omnidex exports, best of one,
 * broadcast behind a delay; recorded by touch on a phone with the game's own buttons until a champion dies; shown on
 * the overlay at 1920×1080 as the delay lets it on. Its views equal those of a match given the same events by hand.
 */
describe('a Grand Archive best-of-one from Omnidex exports, recorded on a phone and broadcast behind a delay, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig(time)), 120_000);
  afterAll(() => rig?.close());

  const tap = (page: Page, name: string) => page.getByRole('button', { name: name === 'End turn' ? /^End turn: / : name, exact: true }).tap();
  /** in the open sheet: the best choice for part of a name typed */
  const choose = async (page: Page, search: string) => {
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('searchbox').fill(search);
    await sheet.getByRole('listitem').first().tap();
  };
  /** in the open sheet: the card of that id (two Spirits of Fire lie on the table) */
  const chooseCard = (page: Page, cardId: string) => page.getByRole('dialog').locator(`[data-value="${cardId}"]`).tap();
  const seat = (page: Page, name: string) => page.locator('.seat', { hasText: name }).tap();
  const seatLine = (page: Page, name: string) => page.locator('.seat', { hasText: name }).locator('.seat-lore').textContent();
  const recorded = (page: Page, revision: number) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '${revision}'`);
  const synced = (page: Page) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
  const view = async (matchId: string, audience: string, token?: string) =>
    (
      await rig.app
        .http()
        .get(`/matches/${matchId}/views/${audience}`)
        .set(token ? rig.app.bearer(token) : {})
        .expect(200)
    ).body as Json;

  it('creates the match on the form, records it by touch until a champion dies, shows it behind the delay, and every view equals the reference match', async () => {
    // the organizer's form: Grand Archive, both lists pasted as Omnidex exports, best of one, a broadcast by link behind a delay
    const form = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const sent: Json[] = [];
    form.on('request', (request) => void (request.method() === 'POST' && new URL(request.url()).pathname === '/matches' && sent.push(request.postDataJSON())));
    await form.goto(`${rig.base}/viewer/organize`);
    await form.getByLabel('Organizer key').fill('test-organizer-key');
    await form.locator('#new-game-id').selectOption('grand-archive');
    const p1 = form.getByRole('group', { name: 'Player 1' });
    const p2 = form.getByRole('group', { name: 'Player 2' });
    await p1.getByLabel('Name').fill('Ada');
    await p1.getByLabel('Deck list').fill(OMNIDEX);
    await p2.getByLabel('Name').fill('Grace');
    await p2.getByLabel('Deck list').fill(OMNIDEX);
    await form.getByLabel('Event').fill('Riverside Archive Open');
    await form.getByLabel('Round').fill('1');
    await form.getByLabel('Table', { exact: true }).fill('4');
    await form.getByLabel('Best of').selectOption('1');
    await form.getByLabel('Only with the broadcast link, behind a delay').check();
    await form.getByLabel('Delay (minutes)').fill(String(DELAY_MINUTES));
    await form.getByLabel('Match id').fill(MATCH_ID);
    await form.getByRole('button', { name: 'Create the match' }).click();
    await form.locator('.role-link').first().waitFor();
    const links: Record<string, string> = Object.fromEntries(
      await form.locator('.role-link').evaluateAll((items) => items.map((item) => [(item as HTMLElement).dataset.role, item.querySelector('a')!.getAttribute('href')])),
    );
    expect(Object.keys(links)).toEqual(['recorder', 'p1', 'p2', 'judge', 'broadcast']);
    // the lists went as the text pasted, the table as typed
    expect(sent).toEqual([
      expect.objectContaining({
        game: 'grand-archive',
        deckLists: { p1: OMNIDEX, p2: OMNIDEX },
        tournament: { event: 'Riverside Archive Open', round: 1, table: 4, game: 1, bestOf: 1 },
        broadcastAccess: 'token',
        broadcastDelay: { seconds: DELAY_MINUTES * 60 },
      }),
    ]);
    await form.close();
    const tokens = { recorder: tokenOf(links.recorder), judge: tokenOf(links.judge), p1: tokenOf(links.p1), p2: tokenOf(links.p2), broadcast: tokenOf(links.broadcast) };

    // each list became its player's zones: the material deck's 8 cards, the main deck's 60, unnamed (a paper deck's order is nobody's)
    const created = (await view(MATCH_ID, 'judge', tokens.judge)) as { tournament: Json; zones: Record<string, { count: number; cards: { definition?: string }[] }> };
    expect(created.tournament).toEqual({ event: 'Riverside Archive Open', round: 1, table: 4, game: 1, bestOf: 1 });
    for (const p of ['p1', 'p2']) {
      expect([created.zones[`material-deck@${p}`].count, created.zones[`main-deck@${p}`].count]).toEqual([8, 60]);
      expect(created.zones[`main-deck@${p}`].cards.some((card) => card.definition !== undefined)).toBe(false);
    }

    // the reference: a match of the same body, given the same events by hand once the game is over
    const { matchId: _formId, ...body } = sent[0];
    const reference = (
      await rig.app
        .http()
        .post('/matches')
        .set(rig.app.organizer)
        .send({ ...body, matchId: `${MATCH_ID}-reference` })
        .expect(201)
    ).body as { matchId: string; tokens: { judge: string; players: Record<string, string>; broadcast: string } };

    const { page } = await recorderPhone(rig, MATCH_ID, tokens.recorder);
    expect(await page.locator('[data-action=ink], [data-action=quest]').count()).toBe(0);
    // no Grand Archive button records a reason: no box takes one, to lose what is typed there
    expect(await page.getByRole('textbox', { name: 'Reason (every audience reads it)' }).count()).toBe(0);
    const expected: Sent[] = [];
    let revision = 1;
    const step = async (work: () => Promise<unknown>, ...events: Sent[]) => {
      await work();
      expected.push(...events);
      revision += events.length;
      await recorded(page, revision);
    };
    const repeat = async (times: number, work: (i: number) => [() => Promise<unknown>, ...Sent[]]) => {
      for (let i = 1; i <= times; i++) await step(...work(i));
    };

    // before the first turn each player materializes a level-0 champion, named as it is revealed from the material
    // deck (its latest unnamed card), and draws; the hand's size is only a title in ../shared/rules 004, so seven is this test's
    await step(
      () => tap(page, 'Materialize').then(() => choose(page, 'spirit of fire')),
      move('p1-m8', zone('material-deck', 'p1'), zone('field', 'p1'), { definition: 'Spirit of Fire' }),
    );
    expect(await seatLine(page, 'Ada')).toBe('15 life · level 0');
    expect(await seatLine(page, 'Grace')).toBe('no champion yet');
    await repeat(7, (i) => [() => tap(page, 'Draw'), move(`p1-${i}`, zone('main-deck', 'p1'), zone('hand', 'p1'))]);
    await seat(page, 'Grace');
    await step(
      () => tap(page, 'Materialize').then(() => choose(page, 'spirit of fire')),
      move('p2-m8', zone('material-deck', 'p2'), zone('field', 'p2'), { definition: 'Spirit of Fire' }),
    );
    await repeat(7, (i) => [() => tap(page, 'Draw'), move(`p2-${i}`, zone('main-deck', 'p2'), zone('hand', 'p2'))]);
    await step(() => tap(page, 'End turn'), turn('p1', 1));

    // turn 1, Ada: levels up to Lorraine, Wandering Warrior; plays Crusader of Aesa onto the effects stack, it resolves
    // onto her field; a card she does not show goes to memory
    await step(
      () => tap(page, 'Level up').then(() => choose(page, 'wandering warrior')),
      move('p1-m7', zone('material-deck', 'p1'), zone('field', 'p1'), { definition: 'Lorraine, Wandering Warrior' }),
    );
    expect(await seatLine(page, 'Ada')).toBe('20 life · level 1');
    await step(() => tap(page, 'Play').then(() => choose(page, 'crusader of aesa')), move('p1-7', zone('hand', 'p1'), zone('effects-stack'), { definition: 'Crusader of Aesa' }));
    await step(() => tap(page, 'Resolve → field'), move('p1-7', zone('effects-stack'), zone('field', 'p1')));
    await step(
      () => tap(page, 'To memory').then(() => page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'A card I cannot see' }).tap()),
      move('p1-6', zone('hand', 'p1'), zone('memory', 'p1')),
    );
    await step(() => tap(page, 'End turn'), turn('p2', 2));

    // turn 2, Grace: draws, plays Blazing Throw (an action: to the graveyard once resolved), which deals Lorraine 3
    await step(() => tap(page, 'Draw'), move('p2-8', zone('main-deck', 'p2'), zone('hand', 'p2')));
    await step(() => tap(page, 'Play').then(() => choose(page, 'blazing throw')), move('p2-8', zone('hand', 'p2'), zone('effects-stack'), { definition: 'Blazing Throw' }));
    await step(() => tap(page, 'Resolve → graveyard'), move('p2-8', zone('effects-stack'), zone('graveyard', 'p2'), { reason: 'resolved' }));
    await repeat(3, (i) => [() => tap(page, '+1 Damage').then(() => chooseCard(page, 'p1-m7')), damaged('p1-m7', i)]);
    expect(await seatLine(page, 'Ada')).toBe('17 life · level 1');
    await step(() => tap(page, 'End turn'), turn('p1', 3));
    // what the broadcast will show first: the game up to here, a delay's length before the rest
    await synced(page);
    const firstPart = revision;
    time.advance(DELAY_MINUTES * 60 + 30);

    // turn 3, Ada: draws, recollects her memory, levels up to Lorraine, Blademaster (the damage on the lineage carries),
    // attacks Grace's Spirit of Fire with the Crusader (its power as damage), and damage follows until the champion dies
    await step(() => tap(page, 'Draw'), move('p1-8', zone('main-deck', 'p1'), zone('hand', 'p1')));
    await step(() => tap(page, 'Recollect'), { type: 'CardsMoved', data: { moves: [{ cardId: 'p1-6', from: zone('memory', 'p1'), to: zone('hand', 'p1') }] } });
    await step(
      () => tap(page, 'Level up').then(() => choose(page, 'blademaster')),
      move('p1-m6', zone('material-deck', 'p1'), zone('field', 'p1'), { definition: 'Lorraine, Blademaster' }),
      damaged('p1-m6', 3),
    );
    expect(await seatLine(page, 'Ada')).toBe('21 life · level 2');
    await step(() => tap(page, 'Attack').then(() => chooseCard(page, 'p1-7').then(() => chooseCard(page, 'p2-m8'))), damaged('p2-m8', 2));
    expect(await seatLine(page, 'Grace')).toBe('13 life · level 0');
    await repeat(12, (i) => [() => tap(page, '+1 Damage').then(() => chooseCard(page, 'p2-m8')), damaged('p2-m8', 2 + i)]);
    await step(
      () => tap(page, '+1 Damage').then(() => chooseCard(page, 'p2-m8')),
      damaged('p2-m8', 15),
      { type: 'PlayerLeft', data: { player: 'p2' } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: "Grace's champion died" } },
    );
    await synced(page);
    expect(await page.locator('.turn-line').textContent()).toBe('The game is over');
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-grand-archive-phone.png'), fullPage: true });

    // the server holds exactly what was tapped, in order, once each
    const events = await rig.events(MATCH_ID, tokens.judge);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([expect.objectContaining({ type: 'MatchCreated' }), ...expected]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    // the overlay at 1920×1080 by the broadcast's link: the game a delay behind, the first part only
    const overlayContext = await rig.browser.newContext({ ...TESTING, viewport: { width: 1920, height: 1080 } });
    const overlay = await overlayContext.newPage();
    const delivered = captureDeliveries(overlay, 'broadcast');
    await overlay.goto(rig.onRig(links.broadcast));
    const overlayAt = (at: number) => overlay.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${at}'`, undefined, { timeout: 15_000 });
    const figure = (player: string, counter: string) => overlay.locator(`.scoreboard .score[data-player=${player}] [data-counter=${counter}]`).getAttribute('data-value');
    await overlayAt(firstPart);
    expect((await view(MATCH_ID, 'broadcast', tokens.broadcast)).revision).toBe(firstPart);
    expect(await overlay.locator('.delay-badge').textContent()).toBe(`Delayed ${DELAY_MINUTES} min`);
    expect([await figure('p1', 'life'), await figure('p1', 'level'), await figure('p2', 'life'), await figure('p2', 'level')]).toEqual(['17', '1', '15', '0']);
    // nothing of the rest yet: Grace's champion has no damage, Blademaster is not on the board
    expect(await overlay.locator('.board .card.named', { hasText: 'Lorraine, Blademaster' }).count()).toBe(0);
    // and the page was served nothing past it
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.filter((d) => d.revision > firstPart).map((d) => d.path)).toEqual([]);

    // the reference match gets the same events by hand; then, past the delay, the overlay follows to the end
    await rig.app.http().post(`/matches/${reference.matchId}/events`).set(rig.app.organizer).send({ expectedRevision: 1, events: expected }).expect(201);
    time.advance(DELAY_MINUTES * 60 + 30);
    await overlayAt(revision);
    expect([await figure('p1', 'life'), await figure('p1', 'level'), await figure('p2', 'life'), await figure('p2', 'level')]).toEqual(['21', '2', '0', '0']);
    expect(await overlay.locator('.board .card.named', { hasText: 'Lorraine, Blademaster' }).count()).toBe(1);
    expect(await overlay.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1920, 1080]);
    await overlay.screenshot({ path: join(DOCS_IMAGES, 'overlay-grand-archive.png') });
    // every payload the overlay received is what the broadcast may see at its revision
    expect(leaksIn(delivered, new Map([[MATCH_ID, events]]))).toEqual([]);
    await overlay.close();

    // the judge, each player, the broadcast and the public see the match as they see the reference
    for (const [audience, a, b] of [
      ['judge', tokens.judge, reference.tokens.judge],
      ['p1', tokens.p1, reference.tokens.players.p1],
      ['p2', tokens.p2, reference.tokens.players.p2],
      ['broadcast', tokens.broadcast, reference.tokens.broadcast],
      ['public', undefined, undefined],
    ] as const)
      expect([audience, await view(MATCH_ID, audience, a)]).toEqual([audience, await view(reference.matchId, audience, b)]);

    // the audit: no violation
    const audit = (await rig.app.http().get(`/matches/${MATCH_ID}/audit`).set(rig.app.bearer(tokens.judge)).expect(200)).body as { findings: { severity: string }[] };
    expect(audit.findings.filter((f) => f.severity === 'violation')).toEqual([]);
    await page.close();
  }, 300_000);
});
