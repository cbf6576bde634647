import { BrowserContext, Page } from 'playwright-core';
import { P1_LIST, P2_LIST } from './deck-lists';
import { TESTING, ViewerRig } from './viewer-fixture';

export const PLAYERS = [
  { id: 'p1', name: 'Ada' },
  { id: 'p2', name: 'Grace' },
];

export interface PaperMatch {
  readonly matchId: string;
  readonly tokens: { readonly judge: string; readonly recorder: string; readonly players: Record<string, string> };
}

/** A paper match of Ada and Grace from the two deck lists, as the organizer's form creates one. */
export const createPaperMatch = async (rig: ViewerRig, matchId: string): Promise<PaperMatch> =>
  (
    await rig.app
      .http()
      .post('/matches')
      .set(rig.app.organizer)
      .send({ matchId, game: 'lorcana', players: PLAYERS, deckLists: { p1: P1_LIST, p2: P2_LIST } })
      .expect(201)
  ).body as PaperMatch;

/**
 * A phone in one hand: 390×844, touch; the recorder's token kept as the screen keeps a pasted one. Close its pages,
 * not its context: closing a context ended the single-process Chromium for the tests after it.
 */
export const recorderPhone = async (rig: ViewerRig, matchId: string, recorder: string): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await rig.browser.newContext({ ...TESTING, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(`matchlog.token.${matchId}.recorder`)}, ${JSON.stringify(recorder)})`);
  const page = await context.newPage();
  await page.goto(`${rig.base}/viewer/record/${matchId}`);
  await page.getByRole('button', { name: 'Draw', exact: true }).waitFor();
  return { context, page };
};
