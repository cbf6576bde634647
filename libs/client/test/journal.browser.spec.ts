import { SqliteServer, startSqliteServer } from '@matchlog/testkit';
import { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../test/support/browser';
import { browserJournalBundle } from './support/browser-journal-bundle';

/**
 * The journal a recorder's page keeps offline: @matchlog/client's Journal over IndexedDB, in Chromium, sending
 * to the compiled API (SQLite). The faults `matchlog push` once showed, tried on it: none of them happens there.
 */
describe('the browser journal (IndexedDB, in Chromium): the faults push showed do not happen', () => {
  let server: SqliteServer;
  let base: string;
  let browser: Browser;
  let bundle: string;
  let n = 0;

  beforeAll(async () => {
    server = await startSqliteServer();
    base = server.base;
    browser = await launchBrowser();
    bundle = await browserJournalBundle();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = async (path: string, token: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    expect(response.ok).toBe(true);
    return response.json();
  };
  const newMatch = async () => {
    const created = await api('/matches', server.organizerKey, {
      matchId: `browser-journal-${++n}`,
      game: 'lorcana',
      players: [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'Grace' },
      ],
      cards: [
        { cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'deck', player: 'p1' } },
        { cardId: 'c02', owner: 'p2', definition: 'Moana - Of Motunui', zone: { zone: 'hand', player: 'p2' } },
      ],
    });
    return { matchId: created.matchId as string, token: created.tokens.recorder as string, judge: created.tokens.judge as string };
  };
  const idsOn = async (matchId: string, judge: string): Promise<string[]> =>
    (await api(`/matches/${matchId}/events?audience=judge`, judge)).observations.slice(1).map((o: { observation: { id: string } }) => o.observation.id);

  /** A page of the API's origin (so IndexedDB and fetch work as on the viewer's) with the journal loaded; `posts` counts the appends it sends. */
  const journalPage = async (): Promise<{ page: Page; posts: () => number }> => {
    const page = await browser.newPage();
    let posts = 0;
    page.on('request', (request) => void (request.method() === 'POST' && request.url().endsWith('/events') && posts++));
    await page.route(`${base}/journal-test`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>journal</title>' }));
    await page.goto(`${base}/journal-test`);
    await page.addScriptTag({ content: bundle });
    return { page, posts: () => posts };
  };

  it('two lines sharing a first event id: the second stays refused on every sync, never taken for acknowledged; refused when appended, it is marked so', async () => {
    const { matchId, token, judge } = await newMatch();
    const { page } = await journalPage();
    const result = await page.evaluate(
      async ({ base, matchId, token }) => {
        const { Journal, MatchlogClient, indexedDbStore, pendingBatches, refusedBatches } = (globalThis as any).matchlog;
        const client = new MatchlogClient({ baseUrl: base, token });
        const turn = (k: number) => ({ type: 'TurnStarted', data: { player: k % 2 ? 'p1' : 'p2', turn: k } });
        // lines another tool wrote into the store, the second reusing the first's id
        const store = indexedDbStore('shared-id');
        await store.appendLine(JSON.stringify({ expectedRevision: 1, events: [{ ...turn(1), id: 'shared-1' }] }));
        await store.appendLine(
          JSON.stringify({
            expectedRevision: 2,
            events: [
              { ...turn(2), id: 'shared-1' },
              { ...turn(3), id: 'own-2' },
            ],
          }),
        );
        // each sync by a new Journal on a new store handle: the page loaded again
        const run = () =>
          new Journal(indexedDbStore('shared-id')).sync(client, matchId).then(
            (synced: { line: number }[]) => `synced ${synced.map((s) => s.line).join()}`,
            (e: any) => `line ${e.batch?.line}: ${e.cause?.code}`,
          );
        const first = await run();
        const second = await run();
        const pending = pendingBatches(await new Journal(indexedDbStore('shared-id')).read(matchId)).map((b: { line: number }) => b.line);
        // the app's own append of a batch reusing an id: refused, marked refused on its line, blocking nothing after it
        const app = new Journal(indexedDbStore('shared-id-app'));
        await app.append(client, matchId, 2, [{ ...turn(2), id: 'app-1' }]);
        const refused = await app.append(client, matchId, 3, [{ ...turn(3), id: 'app-1' }]).then(
          () => 'recorded',
          (e: any) => e.code,
        );
        const next = await app.append(client, matchId, 3, [turn(3)]);
        const read = await app.read(matchId);
        return {
          first,
          second,
          pending,
          refused,
          next: next.revision,
          marked: refusedBatches(read).map(({ batch, code }: any) => [batch.line, code]),
          appPending: pendingBatches(read).length,
        };
      },
      { base, matchId, token },
    );
    expect(result).toEqual({
      first: 'line 2: DUPLICATE_EVENT_ID',
      second: 'line 2: DUPLICATE_EVENT_ID',
      pending: [2],
      refused: 'DUPLICATE_EVENT_ID',
      next: 4,
      marked: [[4, 'DUPLICATE_EVENT_ID']],
      appPending: 0,
    });
    expect(await idsOn(matchId, judge)).toEqual(['shared-1', 'app-1', expect.any(String)]);
  });

  it('a line of 10,000 events without ids: hashed once per read, refused before any request, marked refused; an append over the limit journals nothing', async () => {
    const { matchId, token, judge } = await newMatch();
    const { page, posts } = await journalPage();
    const result = await page.evaluate(
      async ({ base, matchId, token }) => {
        const { Journal, MatchlogClient, indexedDbStore, refusedBatches, lineHashes } = (globalThis as any).matchlog;
        const client = new MatchlogClient({ baseUrl: base, token });
        const turn = (k: number) => ({ type: 'TurnStarted', data: { player: k % 2 ? 'p1' : 'p2', turn: k } });
        const store = indexedDbStore('huge');
        await store.appendLine(JSON.stringify({ expectedRevision: 1, events: Array.from({ length: 10_000 }, (_, i) => turn(i + 1)) }));
        const journal = new Journal(store);
        lineHashes.calls = 0;
        const read = await journal.read(matchId);
        const hashesForOneRead = lineHashes.calls;
        const ids = new Set(read.batches[0].events.map((e: { id: string }) => e.id)).size;
        lineHashes.calls = 0;
        const sync = await journal.sync(client, matchId).then(
          () => 'sent',
          (e: any) => [e.batch.line, e.cause.code],
        );
        const hashesForSync = lineHashes.calls;
        const append = await journal
          .append(
            client,
            matchId,
            1,
            Array.from({ length: 501 }, (_, i) => turn(i + 1)),
          )
          .then(
            () => 'sent',
            (e: any) => e.code,
          );
        const after = await journal.read(matchId);
        return {
          hashesForOneRead,
          ids,
          sync,
          hashesForSync,
          append,
          marked: refusedBatches(after).map(({ batch, code }: any) => [batch.line, code]),
          batches: after.batches.length,
        };
      },
      { base, matchId, token },
    );
    expect(result).toEqual({
      hashesForOneRead: 1,
      ids: 10_000,
      sync: [1, 'BATCH_TOO_MANY_EVENTS'],
      hashesForSync: 1,
      append: 'BATCH_TOO_MANY_EVENTS',
      marked: [[1, 'BATCH_TOO_MANY_EVENTS']],
      batches: 1,
    });
    expect(posts()).toBe(0);
    expect(await idsOn(matchId, judge)).toEqual([]);
  });

  it('a last record with a JSON error (another tool wrote it): named, kept as it is, nothing sent, nothing appended after it', async () => {
    const { matchId, token, judge } = await newMatch();
    const { page, posts } = await journalPage();
    const result = await page.evaluate(
      async ({ base, matchId, token }) => {
        const { Journal, MatchlogClient, indexedDbStore } = (globalThis as any).matchlog;
        const client = new MatchlogClient({ baseUrl: base, token });
        const store = indexedDbStore('typo');
        await store.appendLine(JSON.stringify({ match: matchId }));
        await store.appendLine(JSON.stringify({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] }));
        await store.appendLine('{"expectedRevision":2,"events":[{"type":"TurnStarted","data":{"player":"p2","turn":2}}]');
        const before = await store.read();
        const journal = new Journal(indexedDbStore('typo'));
        const sync = await journal.sync(client, matchId).then(
          () => 'synced',
          (e: Error) => e.message,
        );
        const append = await journal.append(client, matchId, 2, [{ type: 'TurnStarted', data: { player: 'p2', turn: 2 } }]).then(
          () => 'sent',
          (e: Error) => e.message,
        );
        return { sync, append, kept: (await store.read()) === before };
      },
      { base, matchId, token },
    );
    expect(result).toEqual({ sync: expect.stringMatching(/^journal line 3: is not JSON/), append: expect.stringMatching(/^journal line 3: is not JSON/), kept: true });
    expect(posts()).toBe(0);
    expect(await idsOn(matchId, judge)).toEqual([]);
  });
});
