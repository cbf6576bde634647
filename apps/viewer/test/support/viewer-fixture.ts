import { MatchEvent } from '@matchlog/domain';
import { mkdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../../test/support/browser';
import { TestApp, partsWithTime, startTestApp } from '../../../api/test/support/test-app';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** screenshots for people to look at: test-output/ is ignored by git */
export const SCREENSHOTS = join(ROOT, 'test-output', 'viewer');
export const example = (game: string, file: string) => readFileSync(join(ROOT, 'examples', game, file), 'utf8');

export interface Recorded {
  readonly id: string;
  readonly tokens: { players: Record<string, string>; judge: string; broadcast?: string };
  readonly revision: number;
}

/** The real API on a loopback port (stamping events with `time` where a test gives one), and headless Chromium. */
export const startViewerRig = async (time?: { now(): number }) => {
  const app: TestApp = await (time ? startTestApp({}, partsWithTime(time)) : startTestApp());
  await app.app.listen(0, '127.0.0.1');
  const base = await app.app.getUrl();
  const browser: Browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  /** where the organizer's links point: this machine's first LAN address on the rig's port, as the server tells the organizer (the rig opens at 127.0.0.1) */
  const linkBase: string = (await app.http().get('/health').set(app.organizer)).body.lanAddresses?.[0] ?? base;
  return {
    app,
    base,
    linkBase,
    /** an organizer's link, opened here: the rig listens on loopback only, so its LAN origin becomes the loopback one */
    onRig: (link: string) => link.replace(new URL(link).origin, base),
    browser,
    /** an example match recorded over HTTP as the README records it */
    record: async (game: string, settings: object = {}): Promise<Recorded> => {
      const created = await app
        .http()
        .post('/matches')
        .set(app.organizer)
        .send({ ...JSON.parse(example(game, 'match.json')), ...settings })
        .expect(201);
      const recorded = await app
        .http()
        .post(`/matches/${created.body.matchId}/events`)
        .set(app.organizer)
        .set('Content-Type', 'application/json')
        .send(example(game, 'events.json'))
        .expect(201);
      return { id: created.body.matchId, tokens: created.body.tokens, revision: recorded.body.revision };
    },
    /** a match created from `match`, its events appended one request each, `before` run ahead of each (a test's clock moves there) */
    recordOneByOne: async (match: object, events: { type: string; data: object }[], before: (event: { type: string; data: object }) => void = () => {}): Promise<Recorded> => {
      const created = await app.http().post('/matches').set(app.organizer).send(match).expect(201);
      let revision = 1;
      for (const event of events) {
        before(event);
        revision = (
          await app
            .http()
            .post(`/matches/${created.body.matchId}/events`)
            .set(app.organizer)
            .send({ expectedRevision: revision, events: [event] })
            .expect(201)
        ).body.revision;
      }
      return { id: created.body.matchId, tokens: created.body.tokens, revision };
    },
    /** a planted log of examples/audit/ recorded over HTTP afresh (the server salts its shuffles anew) */
    recordPlanted: async (game: string, name: string): Promise<Recorded> => {
      const lines = readFileSync(join(ROOT, 'examples', 'audit', game, `${name}.jsonl`), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{"data"') || line.startsWith('{"id"'));
      const [first, ...rest] = lines.map((line) => JSON.parse(line) as MatchEvent).filter((event) => event.type !== undefined);
      const created = await app.http().post('/matches').set(app.organizer).send(first.data).expect(201);
      const events = rest.map(({ type, data }) => ({ type, data: type === 'ZoneShuffled' ? { ...data, salt: undefined, commitment: undefined } : data }));
      const recorded = await app.http().post(`/matches/${created.body.matchId}/events`).set(app.organizer).send({ expectedRevision: 1, events }).expect(201);
      return { id: created.body.matchId, tokens: created.body.tokens, revision: recorded.body.revision };
    },
    /** a page with `token` kept for (match, audience) as the page keeps a pasted one */
    open: async (path: string, keep?: { matchId: string; audience: string; token: string }): Promise<Page> => {
      const page = await browser.newPage(TESTING);
      if (keep) await page.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${keep.matchId}.${keep.audience}`)}, ${JSON.stringify(keep.token)})`);
      await page.goto(base + path);
      return page;
    },
    /** the match's events, as the judge's feed gives them */
    events: async (id: string, judge: string): Promise<MatchEvent[]> =>
      (await app.http().get(`/matches/${id}/events`).query({ audience: 'judge' }).set(app.bearer(judge)).expect(200)).body.observations.map(
        (o: { observation: MatchEvent }) => o.observation,
      ),
    close: async () => {
      await browser.close();
      await app.close();
    },
  };
};

export type ViewerRig = Awaited<ReturnType<typeof startViewerRig>>;

/**
 * Pages for tests of what the viewer shows: its CSP bypassed, since waitForFunction's string predicates
 * are an eval, which the policy forbids. The policy itself is tested on a page that keeps it (viewer.browser.spec.ts).
 */
export const TESTING = { bypassCSP: true } as const;

/** The page has drawn revision `at`: the sentence line names it (within 30 s: a page drawn while another test file loads the other core). */
export const shownAt = async (page: Page, at: number) => {
  try {
    await page.waitForFunction(`document.querySelector('.sentence')?.textContent?.startsWith('#${at}:')`, undefined, { timeout: 30_000 });
  } catch {
    throw new Error(`the page did not show revision ${at}; it shows: ${(await page.locator('.sentence, [role=alert]').allInnerTexts()).join(' | ')}`);
  }
};
