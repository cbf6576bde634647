import { join } from 'path';
import { Page } from 'playwright-core';
import { captureDeliveries, leaksIn } from './support/deliveries';
import { testTime } from './support/scored-match';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const FULL_HD = { width: 1920, height: 1080 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;
/** POST /matches, as the form sends it */
const CREATE = (url: URL) => url.pathname === '/matches';

type Json = Record<string, unknown>;
interface Sent {
  type: string;
  data: Json;
}
/** each seat and its character, from the card table (libs/cards/src/four-souls: b2.json's characters) */
const SEATS = [
  { id: 'p1', name: 'Chloe Martin', character: 'Isaac' },
  { id: 'p2', name: 'Dev Patel', character: 'Cain' },
  { id: 'p3', name: 'Ines Duarte', character: 'Maggy' },
  { id: 'p4', name: 'Kofi Mensah', character: 'Judas' },
];
const at = (zone: string, player?: string, slot?: number) => ({ zone, ...(player !== undefined && { player }), ...(slot !== undefined && { slot }) });
const moved = (cardId: string, from: Json, to: Json, extra: Json = {}): Sent => ({ type: 'CardMoved', data: { cardId, from, to, ...extra } });
const counter = (name: string, player: string, by: number, reason?: string): Sent => ({
  type: 'CounterChanged',
  data: { counter: name, player, by, ...(reason !== undefined && { reason }) },
});
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Four Souls table of four, set up on the new-match form from the real card table (characters, the base game's
 * shared decks, bonus souls), recorded on a phone with Four Souls' own buttons from its first deal to the fourth soul,
 * and shown on the overlay behind the broadcast's delay. What the screen recorded equals, for every audience, a
 * reference match of the same setup given the same events by hand; the audit finds no violation.
 */
describe('a four-player Four Souls game recorded from its setup, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  beforeAll(async () => (rig = await startViewerRig(time)), 120_000);
  afterAll(() => rig?.close());

  const tap = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true }).tap();
  /** the sheet's choice found by typing `search`: the one labelled `label` exactly, or the best match */
  const choose = async (page: Page, search: string, label?: string) => {
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('searchbox').fill(search);
    const items = sheet.getByRole('listitem');
    await (label === undefined ? items.first() : items.filter({ hasText: new RegExp(`^${escaped(label)}$`) })).tap();
  };
  const seat = (page: Page, name: string) => page.locator('.seat', { hasText: name }).tap();
  const recorded = (page: Page, revision: number) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.revision === '${revision}'`);
  const synced = (page: Page) => page.waitForFunction(`document.querySelector('.sync-status')?.dataset.pending === '0'`);
  const view = async (matchId: string, audience: string, token?: string) => {
    const request = rig.app.http().get(`/matches/${matchId}/views/${audience}`);
    const answer = await (token === undefined ? request : request.set(rig.app.bearer(token)));
    return { status: answer.status, body: answer.body as Json };
  };

  it('the form sets it up, the phone records it to four souls, the overlay shows it behind its delay, and every view equals the reference', async () => {
    // the organizer's form, against the real server
    const form = await (await rig.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await form.goto(`${rig.base}/viewer/organize`);
    await form.getByLabel('Organizer key').fill('test-organizer-key');
    await form.locator('#new-game-id').selectOption('four-souls');
    await form.getByRole('button', { name: 'Add a player' }).click();
    await form.getByRole('button', { name: 'Add a player' }).click();
    for (const [index, player] of SEATS.entries()) {
      const fields = form.getByRole('group', { name: `Player ${index + 1}` });
      await fields.getByLabel('Name').fill(player.name);
      await fields.getByLabel('Character').fill(player.character);
    }
    await form.getByLabel('Play with bonus souls').check();
    await form.getByLabel('Best of').selectOption('1');
    await form.getByLabel('Only with the broadcast link, behind a delay').check();
    await form.getByLabel('Delay (minutes)').fill('1');
    await form.getByLabel('Match id').fill('fs-table-of-four');
    const answered = form.waitForResponse((response) => response.request().method() === 'POST' && CREATE(new URL(response.url())));
    await form.getByRole('button', { name: 'Create the match' }).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Json;
    expect(sent).toMatchObject({
      game: 'four-souls',
      players: SEATS.map(({ id, name }) => ({ id, name })),
      setup: { characters: Object.fromEntries(SEATS.map((s) => [s.id, s.character])), bonusSouls: true },
      broadcastAccess: 'token',
      broadcastDelay: { seconds: 60 },
    });
    expect((sent.setup as Json).sets).toBeUndefined();
    const match = (await response.json()) as { matchId: string; tokens: { recorder: string; judge: string; broadcast: string; players: Record<string, string> } };
    await form.locator('.role-link').first().waitFor();
    await form.close();

    // the reference: a second match of the same setup, its events sent by hand below
    const reference = (
      await rig.app
        .http()
        .post('/matches')
        .set(rig.app.organizer)
        .send({ ...sent, matchId: 'fs-table-of-four-reference' })
        .expect(201)
    ).body as typeof match;
    const judgeView = (await view(reference.matchId, 'judge', reference.tokens.judge)).body as { zones: Record<string, { cards: { cardId: string; definition?: string }[] }> };
    expect(judgeView.zones['play@p1'].cards.map((card) => card.definition)).toEqual(['Isaac', 'The D6']);
    expect(judgeView.zones.outside.cards.map((card) => card.definition)).toEqual(['Soul Of Gluttony', 'Soul Of Greed', 'Soul Of Guppy']);
    /** the shared decks' cards as they lie, top first, none of them named: each is named as it is revealed */
    const deck = (name: string) => judgeView.zones[name].cards.map((card) => card.cardId);
    const [treasure, monsters, loot] = [deck('treasure-deck'), deck('monster-deck'), deck('loot-deck')];
    expect(judgeView.zones['monster-deck'].cards.every((card) => card.definition === undefined)).toBe(true);

    // the recorder's phone: Four Souls has no Draw, its screen is ready once Loot is there
    const context = await rig.browser.newContext({ ...TESTING, ...PHONE });
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.matchId}.recorder`)}, ${JSON.stringify(match.tokens.recorder)})`);
    const page = await context.newPage();
    await page.goto(`${rig.base}/viewer/record/${match.matchId}`);
    await page.getByRole('button', { name: 'Loot', exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.seat').count()).toBe(4);
    expect(await page.locator('.seat .seat-lore').allTextContents()).toEqual(['0 souls · 0¢ · 2 HP', '0 souls · 0¢ · 2 HP', '0 souls · 0¢ · 2 HP', '0 souls · 0¢ · 2 HP']);

    const expected: Sent[] = [];
    let revision = 1;
    const step = async (work: () => Promise<unknown>, ...events: Sent[]) => {
      await work();
      expected.push(...events);
      revision += events.length;
      await recorded(page, revision);
    };
    const endTurn = (player: string, turn: number) => step(() => tap(page, /^End turn: /), { type: 'TurnStarted', data: { player, turn } });
    const slotCard = (name: string, slot: number) => `${name} ${slot}`;
    let shopDealt = 0;
    let monstersDealt = 0;
    let looted = 0;
    const dealShop = (slot: number, name: string) =>
      step(
        async () => {
          await tap(page, 'Treasure to the shop');
          await choose(page, slotCard('Shop', slot), slotCard('Shop', slot));
          await choose(page, name, name);
        },
        moved(treasure[shopDealt++], at('treasure-deck'), at('shop-slot', undefined, slot), { definition: name }),
      );
    const dealMonster = (slot: number, name: string) =>
      step(
        async () => {
          await tap(page, 'Monster to a slot');
          await choose(page, slotCard('Monster', slot), slotCard('Monster', slot));
          await choose(page, name, name);
        },
        moved(monsters[monstersDealt++], at('monster-deck'), at('monster-slot', undefined, slot), { definition: name }),
      );
    const lootFor = (player: string) => step(() => tap(page, 'Loot'), moved(loot[looted++], at('loot-deck'), at('hand', player)));
    /** an attack roll on the Stack ("The Stack": dice rolls go there to resolve), resolved, and the hit it scored */
    const attack = async (player: string, slot: number, monster: string, cardId: string, face: number, damage: number) => {
      await step(
        async () => {
          await tap(page, 'Attack a monster');
          await choose(page, monster, `Monster ${slot}: ${monster}`);
          await choose(page, String(face), String(face));
        },
        { type: 'TriggerAdded', data: { triggerId: `roll-${revision + 1}`, player, sourceCardId: cardId, kind: 'dice roll', ability: `attack roll: ${face}` } },
      );
      const triggerId = `roll-${revision}`;
      await step(() => tap(page, 'Resolve the stack’s top'), { type: 'TriggerResolved', data: { triggerId, player } });
      await step(
        async () => {
          await tap(page, '+1 Damage');
          await choose(page, monster);
        },
        { type: 'CardStatusChanged', data: { cardId, damage } },
      );
    };
    const kill = (slot: number, monster: string, cardId: string) =>
      step(
        async () => {
          await tap(page, 'Monster killed');
          await choose(page, monster, `Monster ${slot}: ${monster}`);
        },
        moved(cardId, at('monster-slot', undefined, slot), at('monster-discard'), { reason: 'killed' }),
      );
    const taps = async (name: string, times: number, event: Sent) => {
      for (let i = 0; i < times; i++) await step(() => tap(page, name), event);
    };

    // the setup at the table: two shop slots and two monster slots dealt face up, each card named as it is revealed
    await dealShop(1, 'Baby Haunt');
    await dealShop(2, 'Belly Button');
    await dealMonster(1, 'Boom Fly');
    await dealMonster(2, 'Conquest');
    const [boomFly, conquest] = monsters;
    await expect(page.locator('.seat .seat-lore').first().textContent()).resolves.toBe('0 souls · 0¢ · 2 HP');

    // turn 1, Chloe (Isaac): loots, attacks Boom Fly (HP 1), kills it and takes its 4¢, buys Baby Haunt; the shop refills
    await endTurn('p1', 1);
    await lootFor('p1');
    await attack('p1', 1, 'Boom Fly', boomFly, 5, 1);
    await kill(1, 'Boom Fly', boomFly);
    await taps('+1¢', 4, counter('cents', 'p1', 1));
    await step(
      async () => {
        await tap(page, 'Buy');
        await choose(page, 'Baby Haunt', 'Shop 1: Baby Haunt');
      },
      moved(treasure[0], at('shop-slot', undefined, 1), at('play', 'p1'), { reason: 'bought' }),
    );
    await taps('−1¢', 3, counter('cents', 'p1', -1));
    await dealShop(1, 'Breakfast');
    await dealMonster(1, 'Carrion Queen');
    const carrionQueen = monsters[2];

    // turns 2 to 4: each of the others loots and passes; Dev shows his loot as he plays it, A Penny!, which resolves
    for (const [index, player] of SEATS.slice(1).entries()) {
      await endTurn(player.id, index + 2);
      await seat(page, player.name);
      await lootFor(player.id);
    }
    const penny = loot[looted - 3];
    await seat(page, 'Dev Patel');
    await step(
      async () => {
        await tap(page, 'Play loot');
        await choose(page, 'A Penny', 'A Penny!');
      },
      moved(penny, at('hand', 'p2'), at('stack'), { definition: 'A Penny!' }),
    );
    await step(() => tap(page, 'Resolve the stack’s top'), moved(penny, at('stack'), at('loot-discard'), { reason: 'resolved' }));
    await step(() => tap(page, '+1¢'), counter('cents', 'p2', 1));
    await seat(page, 'Kofi Mensah');
    await synced(page);
    /** what the table had reached a minute and a half before the end: the overlay, a minute behind, shows this */
    const delayedAt = revision;
    time.advance(90);

    // turn 5, Chloe: Conquest (HP 2) falls to two hits, Carrion Queen (HP 3) to three, a soul each; two bonus souls end it
    await endTurn('p1', 5);
    await lootFor('p1');
    await attack('p1', 2, 'Conquest', conquest, 4, 1);
    await attack('p1', 2, 'Conquest', conquest, 6, 2);
    await kill(2, 'Conquest', conquest);
    await step(() => tap(page, '+1 Soul'), counter('souls', 'p1', 1));
    for (const damage of [1, 2, 3]) await attack('p1', 1, 'Carrion Queen', carrionQueen, 4 + (damage % 3), damage);
    await kill(1, 'Carrion Queen', carrionQueen);
    await step(() => tap(page, '+1 Soul'), counter('souls', 'p1', 1));
    await page.getByRole('textbox', { name: 'Reason (every audience reads it)' }).fill('a bonus soul');
    await step(() => tap(page, '+1 Soul'), counter('souls', 'p1', 1, 'a bonus soul'));
    await page.getByRole('textbox', { name: 'Reason (every audience reads it)' }).fill('a bonus soul');
    await step(
      () => tap(page, '+1 Soul'),
      counter('souls', 'p1', 1, 'a bonus soul'),
      // foursouls.com, rules overview: "the first player to control four souls is the winner"
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'Chloe Martin reached 4 souls' } },
    );
    await synced(page);
    await expect(page.locator('.turn-line').textContent()).resolves.toBe('The game is over');
    expect(await page.locator('.seat .seat-lore').allTextContents()).toEqual(['4 souls · 1¢ · 2 HP', '0 souls · 1¢ · 2 HP', '0 souls · 0¢ · 2 HP', '0 souls · 0¢ · 2 HP']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(DOCS_IMAGES, 'recorder-four-souls-phone.png') });
    await page.close();

    // the server holds exactly what was tapped, in order, once each
    const events = await rig.events(match.matchId, match.tokens.judge);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([expect.objectContaining({ type: 'MatchCreated' }), ...expected]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    // the overlay at 1920×1080, a minute behind: the table as it was before turn 5, then, the minute gone, its end
    const overlayContext = await rig.browser.newContext({ ...TESTING, viewport: FULL_HD });
    await overlayContext.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${match.matchId}.broadcast`)}, ${JSON.stringify(match.tokens.broadcast)})`);
    const overlay = await overlayContext.newPage();
    const deliveries = captureDeliveries(overlay, 'broadcast');
    const loaded: number[] = [];
    overlay.on('response', async (answer) => {
      const body = answer.headers()['content-type']?.includes('application/json') ? await answer.json().catch(() => undefined) : undefined;
      if (typeof body?.revision === 'number') loaded.push(body.revision);
    });
    await overlay.goto(`${rig.base}/viewer/overlay/${match.matchId}`);
    await overlay.locator('.board.compact').waitFor({ timeout: 60_000 });
    const figure = (player: string, key: string) => overlay.locator(`.scoreboard .score[data-player=${player}] [data-counter=${key}]`).getAttribute('data-value');
    const figures = (key: string) => Promise.all(SEATS.map(({ id }) => figure(id, key)));
    expect(await overlay.locator('.scoreboard .name').allTextContents()).toEqual(SEATS.map((s) => s.name));
    expect(await overlay.locator('.delay-badge').textContent()).toBe('Delayed 1 min');
    expect(await figures('souls')).toEqual(['0', '0', '0', '0']);
    expect(await figures('cents')).toEqual(['1', '1', '0', '0']);
    expect(Math.max(...loaded)).toBe(delayedAt);
    await expect(overlay.locator('.scoreboard .score[data-player=p1] [data-counter=souls] .goal').textContent()).resolves.toBe('/4');
    time.advance(70);
    await overlay.reload();
    await overlay.locator('.board.compact').waitFor();
    await overlay.waitForFunction(`document.querySelector('.scoreboard .score[data-player=p1] [data-counter=souls]')?.dataset.value === '4'`);
    expect(await figures('souls')).toEqual(['4', '0', '0', '0']);
    expect(await figures('hp')).toEqual(['2', '2', '2', '2']);
    expect(await overlay.locator('.seat[data-player]').count()).toBe(4);
    expect(await overlay.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1920, 1080]);
    expect(Math.max(...loaded)).toBe(revision);
    // the log says it as the table does: one soul, not "1 souls"
    expect(await overlay.locator('main').textContent()).toContain('Chloe Martin gained 1 soul (now 2)');
    await overlay.screenshot({ path: join(DOCS_IMAGES, 'overlay-four-souls.png') });
    // every payload the overlay received, before and after the delay passed, is what the broadcast may see at its revision
    await overlay.waitForLoadState('networkidle');
    expect(deliveries.length).toBeGreaterThan(0);
    expect(leaksIn(deliveries, new Map([[match.matchId, events]]))).toEqual([]);
    await overlay.close();

    // the reference, given the same events by hand: every audience sees the same match
    await rig.app
      .http()
      .post(`/matches/${reference.matchId}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: 1, events: expected.map((event, i) => ({ id: `ref-${i + 2}`, ...event })) })
      .expect(201);
    // the public view is held behind the broadcast's delay as well: past it for the reference's events too
    time.advance(70);
    const audiences: [string, string | undefined, string | undefined][] = [
      ['judge', match.tokens.judge, reference.tokens.judge],
      ...SEATS.map(({ id }): [string, string, string] => [id, match.tokens.players[id], reference.tokens.players[id]]),
      ['public', undefined, undefined],
    ];
    for (const [audience, token, referenceToken] of audiences) {
      const [recordedView, referenceView] = [await view(match.matchId, audience, token), await view(reference.matchId, audience, referenceToken)];
      expect({ audience, status: recordedView.status }).toEqual({ audience, status: 200 });
      expect({ audience, ...recordedView }).toEqual({ audience, ...referenceView });
    }
    // a player's own loot is theirs alone: p2 sees p1's hand as a count, the judge sees the card
    const p2 = (await view(match.matchId, 'p2', match.tokens.players.p2)).body as { zones: Record<string, { count: number; cards?: { cardId?: string }[] }> };
    expect([p2.zones['hand@p1'].count, p2.zones['hand@p2']?.count ?? 0]).toEqual([2, 0]);
    expect((p2.zones['hand@p1'].cards ?? []).filter((card) => card.cardId !== undefined)).toEqual([]);

    // the audit: no violation
    const audit = (await rig.app.http().get(`/matches/${match.matchId}/audit`).set(rig.app.bearer(match.tokens.judge)).expect(200)).body as {
      findings: { code: string; severity: string; message: string }[];
    };
    expect(audit.findings.filter((f) => f.severity === 'violation')).toEqual([]);
  }, 300_000);
});
