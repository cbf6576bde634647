import { join } from 'path';
import { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { create } from 'qrcode';
import { lorcanaMatch, scoredEvents, testTime } from './support/scored-match';
import { Recorded, TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

/** the screenshots the README and docs show */
const DOCS_IMAGES = join(__dirname, '..', '..', '..', 'docs', 'images');
const FULL_HD = { width: 1920, height: 1080 };
/** seconds between two events at the table: 60-odd events make some ten minutes, twice the delay */
const SECONDS_APART = 10;
const DELAY = { seconds: 300 };

type Card = { handle: string; definition?: string; printed?: { cost?: number; strength?: number; willpower?: number; lore?: number } };
type BroadcastView = {
  revision: number;
  players: { id: string; name?: string }[];
  turn: { player: string | null; number: number };
  counters: Record<string, Record<string, number>>;
  zones: Record<string, { count: number; cards: Card[] }>;
};
type Observations = { observations: { revision: number; observation: { type: string } }[] };

/**
 * Every answer the page reads, as the page reads it: fetch wrapped before any script of the page runs, each body
 * copied (an event stream chunk by chunk, as it comes) into window.__loaded.
 */
const RECORD_LOADS = `(() => {
  const loaded = (window.__loaded = []);
  const original = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await original(...args);
    const entry = { url: response.url, type: response.headers.get('content-type') || '', body: '' };
    loaded.push(entry);
    const reader = response.clone().body?.getReader();
    const decoder = new TextDecoder();
    if (reader) void (async () => { for (;;) { const { done, value } = await reader.read(); if (done) break; entry.body += decoder.decode(value, { stream: true }); } })();
    return response;
  };
})()`;

type Loaded = { url: string; type: string; body: string };

/** Every number a payload gives as a revision (a view's or an observation's `revision`, an observations page's `to`, a detail's `eventCount`, an SSE frame's id). */
const revisionsIn = (loaded: Pick<Loaded, 'type' | 'body'>): number[] => {
  const found: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (['revision', 'to', 'eventCount'].includes(key) && typeof inner === 'number') found.push(inner);
        walk(inner);
      }
  };
  if (loaded.type.includes('event-stream'))
    // whole lines only: the stream may be read mid-frame
    for (const line of loaded.body.split('\n').slice(0, -1)) {
      if (line.startsWith('id:')) found.push(Number(line.slice(3)));
      if (line.startsWith('data:')) walk(JSON.parse(line.slice(5)));
    }
  else if (loaded.type.includes('json')) walk(JSON.parse(loaded.body));
  return found;
};

/** alpha (0–255) of the screenshot `png` at each point */
const alphaAt = (png: Buffer, points: [number, number][]): number[] => {
  const image = PNG.sync.read(png);
  return points.map(([x, y]) => image.data[(y * image.width + x) * 4 + 3]);
};

/** two squares of grey each way, 32 px a side: tiled behind the overlay, they show what is transparent */
const checkerTile = (square = 32): Buffer => {
  const tile = new PNG({ width: 2 * square, height: 2 * square });
  for (let y = 0; y < tile.height; y++)
    for (let x = 0; x < tile.width; x++) {
      const grey = (Math.floor(x / square) + Math.floor(y / square)) % 2 === 0 ? 0x5a : 0x8a;
      tile.data.set([grey, grey, grey, 255], (y * tile.width + x) * 4);
    }
  return PNG.sync.write(tile);
};

describe('the broadcast overlay and the links that carry tokens, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let game: Recorded;
  const broadcastView = async (id: string, token?: string): Promise<{ view: BroadcastView; delay: string }> => {
    const answer = await rig.app
      .http()
      .get(`/matches/${id}/views/broadcast`)
      .set(token ? rig.app.bearer(token) : {})
      .expect(200);
    return { view: answer.body, delay: answer.headers['broadcast-delay'] };
  };
  const overlayAt = async (page: Page, revision: number) => {
    try {
      await page.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${revision}'`, undefined, { timeout: 10_000 });
    } catch {
      throw new Error(
        `the overlay did not show revision ${revision}: ${await page.locator('main').evaluate((main: HTMLElement) => `${main.dataset.revision} ${main.innerText.slice(0, 300)}`)}`,
      );
    }
  };
  const open = async (path: string) => {
    const page = await rig.browser.newPage(TESTING);
    await page.setViewportSize(FULL_HD);
    await page.addInitScript(RECORD_LOADS);
    const requested: string[] = [];
    const sent: { url: string; authorization?: string }[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      sent.push({ url: request.url(), authorization: request.headers().authorization });
    });
    await page.goto(rig.base + path);
    return { page, requested, sent };
  };
  beforeAll(async () => {
    rig = await startViewerRig(time);
    game = await rig.recordOneByOne({ ...lorcanaMatch({ event: 'Riverside Stream Cup', round: 4, table: 1, game: 1, bestOf: 3 }), broadcastDelay: DELAY }, scoredEvents(), () =>
      time.advance(SECONDS_APART),
    );
  }, 120_000);
  afterAll(() => rig?.close());

  it("at a delay shows exactly the broadcast's view at the delayed revision, loads nothing past it, and follows it live", async () => {
    const { view, delay } = await broadcastView(game.id);
    expect(delay).toBe('seconds=300, events=0');
    expect(view.revision).toBeGreaterThan(10);
    expect(view.revision).toBeLessThan(game.revision);
    const { page, requested } = await open(`/viewer/overlay/${game.id}`);
    await overlayAt(page, view.revision);

    for (const player of view.players) {
      const seat = page.locator(`.scoreboard .player[data-player="${player.id}"]`);
      expect(await seat.locator('.name').textContent()).toBe(player.name);
      for (const [counter, value] of Object.entries(view.counters[player.id] ?? {}))
        expect(await seat.locator(`.counter[data-counter="${counter}"]`).getAttribute('data-value')).toBe(String(value));
    }
    expect(await page.locator('.scoreboard .turn').getAttribute('data-turn')).toBe(String(view.turn.number));
    expect(await page.locator('.scoreboard .turn').getAttribute('data-player')).toBe(view.turn.player ?? '');
    expect(await page.locator('.scoreboard .player.active').getAttribute('data-player')).toBe(view.turn.player);
    for (const [key, zone] of Object.entries(view.zones)) {
      if (key === 'bag') continue;
      expect(await page.locator(`[data-zone="${key}"]`).getAttribute('data-count')).toBe(String(zone.count));
    }
    const hands = Object.entries(view.zones).filter(([key, zone]) => key.startsWith('hand@') && zone.count > 0);
    expect(hands.length).toBeGreaterThan(0);
    // the broadcast knows what each player knows of their own hand: those cards by name, any other as a back
    for (const [key, zone] of hands) {
      expect(await page.locator(`[data-zone="${key}"] .card.named .card-name`).allTextContents()).toEqual(zone.cards.flatMap((card) => card.definition ?? []));
      expect(await page.locator(`[data-zone="${key}"]`).getAttribute('data-count')).toBe(String(zone.count));
    }
    const inPlay = Object.entries(view.zones)
      .filter(([key]) => key.startsWith('play@'))
      .flatMap(([, zone]) => zone.cards);
    expect(inPlay.length).toBeGreaterThan(0);
    for (const card of inPlay)
      if (card.printed?.cost !== undefined) expect(await page.locator(`.card[data-handle="${card.handle}"] .cost`).textContent()).toBe(String(card.printed.cost));
    expect(await page.locator('.delay-badge').textContent()).toBe('Delayed 5 min');
    const said = ((await rig.app.http().get(`/matches/${game.id}/events?audience=broadcast&from=0`).expect(200)).body as Observations).observations.filter(
      (o) => o.observation.type !== 'Nothing',
    );
    expect(said.at(-1)!.revision).toBeLessThanOrEqual(view.revision);
    expect(await page.locator('.overlay-log li').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.revision)))).toEqual(
      said.slice(-5).map((o) => o.revision),
    );

    // what the page loaded until now (its feed open): nothing past the delayed revision
    await page.waitForFunction(`document.querySelector('.overlay-root')?.dataset.live === 'open'`);
    const before: Loaded[] = await page.evaluate('window.__loaded.map((entry) => ({ ...entry }))');
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const entry of before) for (const revision of revisionsIn(entry)) expect(revision).toBeLessThanOrEqual(view.revision);

    // a minute later at the table's clock, the delay lets on what it held: the overlay follows, still no further
    time.advance(60);
    const later = (await broadcastView(game.id)).view;
    expect(later.revision).toBeGreaterThan(view.revision);
    expect(later.revision).toBeLessThan(game.revision);
    await overlayAt(page, later.revision);
    expect(await page.locator('.scoreboard .turn').getAttribute('data-turn')).toBe(String(later.turn.number));

    // everything the page loaded: the broadcast's view, its observations and its feed, nothing past what the delay lets on
    const loaded: Loaded[] = await page.evaluate('window.__loaded');
    const api = loaded.filter((entry) => new URL(entry.url).pathname.startsWith('/matches/'));
    // the feed's frames were read as they came: the last one is the delayed revision
    const frames = api.filter((entry) => entry.type.includes('event-stream')).flatMap(revisionsIn);
    expect(Math.max(...frames)).toBe(later.revision);
    for (const entry of api) {
      expect(new URL(entry.url).pathname).toMatch(new RegExp(`^/matches/${game.id}/(views/broadcast|events|feed)$`));
      for (const revision of revisionsIn(entry)) expect(revision).toBeLessThanOrEqual(later.revision);
    }
    expect(requested.filter((url) => new URL(url).pathname === `/matches/${game.id}`)).toEqual([]);
  });

  it('is transparent around its panels, in each layout, and takes the colours the address gives, and no other value', async () => {
    const { page } = await open(`/viewer/overlay/${game.id}?layout=scorebug&accent=%23ff0066&text=red;background:url(x)`);
    await page.locator('.scoreboard').waitFor();
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor])).toEqual([
      'rgba(0, 0, 0, 0)',
      'rgba(0, 0, 0, 0)',
    ]);
    expect(await page.locator('.scoreboard').evaluate((bar) => getComputedStyle(bar).borderBottomColor)).toBe('rgb(255, 0, 102)');
    expect(await page.locator('main').getAttribute('data-ignored')).toBe('text');
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).color)).toBe('rgb(255, 255, 255)');
    expect(await page.locator('.overlay-board, .overlay-log').count()).toBe(0);
    const bar = (await page.locator('.overlay-scorebug').boundingBox())!;
    const scorebug = await page.screenshot({ omitBackground: true });
    // below the bar, and in the margin around it, the stream's picture shows through; the bar itself is opaque enough to read
    expect(
      alphaAt(scorebug, [
        [960, 900],
        [5, 5],
        [1915, 1075],
      ]),
    ).toEqual([0, 0, 0]);
    expect(alphaAt(scorebug, [[Math.round(bar.x + 40), Math.round(bar.y + bar.height / 2)]])[0]).toBeGreaterThan(200);

    const full = (await open(`/viewer/overlay/${game.id}?layout=full`)).page;
    await full.locator('.overlay-log li').first().waitFor();
    expect(await full.locator('.overlay-board .board').count()).toBe(1);
    const shot = await full.screenshot({ omitBackground: true });
    expect(
      alphaAt(shot, [
        [5, 5],
        [1915, 1075],
      ]),
    ).toEqual([0, 0]);
    // for the docs: the overlay as OBS lays it over a picture, here a checkerboard that shows what is transparent
    await full.evaluate((tile) => document.documentElement.style.setProperty('background', `url(data:image/png;base64,${tile}) repeat`), checkerTile().toString('base64'));
    await full.screenshot({ path: join(DOCS_IMAGES, 'overlay-1920.png') });
  }, 90_000);

  it('a broadcast by token: the #token= link opens it, the token leaves the address and no request carries it; without it, the overlay says how to open it', async () => {
    const locked = await rig.recordOneByOne(
      { ...lorcanaMatch({ event: 'Riverside Stream Cup', round: 4, table: 2 }), broadcastAccess: 'token', broadcastDelay: DELAY },
      scoredEvents(),
      () => time.advance(SECONDS_APART),
    );
    const token = locked.tokens.broadcast!;
    const { view } = await broadcastView(locked.id, token);
    const { page, requested } = await open(`/viewer/overlay/${locked.id}#token=${token}`);
    await overlayAt(page, view.revision);
    expect(page.url()).toBe(`${rig.base}/viewer/overlay/${locked.id}`);
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `matchlog.token.${locked.id}.broadcast`)).toBe(token);
    expect(requested.filter((url) => url.includes(token))).toEqual([]);
    const without = (await open(`/viewer/overlay/${locked.id}`)).page;
    await without.locator('.overlay-message').waitFor();
    expect(await without.locator('.overlay-message').textContent()).toContain('#token=');
  });

  it.each([
    ['a player', (id: string) => `/viewer/${id}?audience=p1`, 'p1'],
    ['the recorder', (id: string) => `/viewer/record/${id}`, 'recorder'],
    ['the judge', (id: string) => `/viewer/${id}?audience=judge`, 'judge'],
  ])("%s's link: the token goes to session storage for that role, before any request, and leaves the address", async (_who, path, role) => {
    const token = role === 'p1' ? game.tokens.players.p1 : role === 'judge' ? game.tokens.judge : (game.tokens as unknown as { recorder: string }).recorder;
    const { page, requested, sent } = await open(`${path(game.id)}#token=${token}`);
    await page.waitForFunction(`!location.hash`);
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `matchlog.token.${game.id}.${role}`)).toBe(token);
    if (role === 'p1') {
      // opened as that seat: p1's own hand by name
      await page.locator('[data-zone="hand@p1"] .card.named').first().waitFor();
      expect(await page.locator('[data-zone="hand@p1"] .card.named').count()).toBeGreaterThan(0);
    }
    if (role !== 'recorder') {
      // the page's first read of that audience already carries the link's token, in the header only (the page's
      // chunk loads once the token has left the address: its board drawn, the read was made)
      await page.locator('[data-zone="hand@p1"]').waitFor();
      const reads = sent.filter(({ url }) => new URL(url).pathname === `/matches/${game.id}/views/${role}`);
      expect(reads.length).toBeGreaterThan(0);
      expect(reads[0].authorization).toBe(`Bearer ${token}`);
    }
    expect(requested.filter((url) => url.includes(token))).toEqual([]);
  });

  it("the organizer's page: a link with #token= and its QR code for each role, each link opening its page as that role", async () => {
    const table = await rig.recordOneByOne({ ...lorcanaMatch({ event: 'Riverside Stream Cup', round: 4, table: 3 }), broadcastDelay: DELAY }, scoredEvents().slice(0, 20));
    const { page, requested } = await open(`/viewer/organize/${table.id}`);
    await page.fill('input[name=organizer-key]', 'test-organizer-key');
    await page.getByRole('button', { name: 'Make new links' }).click();
    await page.locator('.role-link').first().waitFor();
    const roles = await page.locator('.role-link').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.role));
    expect(roles).toEqual(['recorder', 'p1', 'p2', 'judge', 'broadcast']);
    const links: Record<string, string> = {};
    for (const role of roles as string[]) {
      const item = page.locator(`.role-link[data-role="${role}"]`);
      const href = (await item.locator('a').getAttribute('href'))!;
      links[role] = href;
      expect(await item.locator('input').inputValue()).toBe(href);
      expect(new URL(href).search).not.toMatch(/token/);
      // a public broadcast has no token: its overlay link carries none
      if (role === 'broadcast') expect(href).toBe(`${rig.linkBase}/viewer/overlay/${table.id}`);
      else expect(href).toMatch(/#token=mlt_[A-Za-z0-9_-]+$/);
      // the QR code says the link: its dark modules are those of the link's own QR code
      const qr = item.locator('svg.qr');
      expect(await qr.getAttribute('data-text')).toBe(href);
      const { modules } = create(href, { errorCorrectionLevel: 'M' });
      const dark = new Set([...(await qr.locator('path').getAttribute('d'))!.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`));
      const expected = new Set<string>();
      for (let row = 0; row < modules.size; row++) for (let column = 0; column < modules.size; column++) if (modules.get(row, column)) expected.add(`${row},${column}`);
      expect(dark).toEqual(expected);
    }
    expect(new URL(links.recorder).pathname).toBe(`/viewer/record/${table.id}`);
    expect(new URL(links.judge).searchParams.get('audience')).toBe('judge');
    expect(requested.filter((url) => Object.values(links).some((link) => link.includes('#token=') && url.includes(link.split('#token=')[1])))).toEqual([]);
    // the link opens the match as that seat with the token just issued
    const seat = await rig.browser.newPage(TESTING);
    await seat.goto(rig.onRig(links.p2));
    await seat.locator('[data-zone="hand@p2"] .card.named').first().waitFor();
    expect(seat.url()).not.toContain('#token=');
  });
  it("under the pages' own CSP (no test bypass): the overlay's colours through the CSSOM and the QR codes drawn, with no violation", async () => {
    const page = await rig.browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
    await page.goto(`${rig.base}/viewer/overlay/${game.id}?layout=scorebug&accent=%2300aa55`);
    await page.locator('.scoreboard').waitFor();
    expect(await page.locator('.scoreboard').evaluate((bar) => getComputedStyle(bar).borderBottomColor)).toBe('rgb(0, 170, 85)');
    const table = await rig.recordOneByOne({ ...lorcanaMatch({ event: 'Riverside Stream Cup', round: 4, table: 4 }), broadcastAccess: 'token' }, scoredEvents().slice(0, 3));
    await page.goto(`${rig.base}/viewer/organize/${table.id}`);
    await page.fill('input[name=organizer-key]', 'test-organizer-key');
    await page.getByRole('button', { name: 'Make new links' }).click();
    await page.locator('.role-link[data-role="broadcast"] svg.qr path').waitFor();
    expect(await page.locator('.role-link[data-role="broadcast"] a').getAttribute('href')).toMatch(new RegExp(`/viewer/overlay/${table.id}#token=mlt_`));
    expect(violations).toEqual([]);
  });
});
