import { execFile } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { BrowserContext } from 'playwright-core';
import { P1_LIST, P2_LIST } from './support/deck-lists';
import { testTime } from './support/scored-match';
import { TESTING, ViewerRig, startViewerRig } from './support/viewer-fixture';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS_IMAGES = join(ROOT, 'docs', 'images');
const FULL_HD = { width: 1920, height: 1080 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PLAYERS = [
  { id: 'p1', name: 'Ada' },
  { id: 'p2', name: 'Grace' },
];
const TOURNAMENT = { event: 'Harbor Paper Open', round: 2, table: 7, game: 1, bestOf: 1 };
const DELAY = { seconds: 30, events: 5 };
/** seconds the table's clock moves between two taps of the recorder */
const SECONDS_APART = 3;

type Json = Record<string, unknown>;
type Observation = { revision: number; observation: Json };

const matchlog = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [join(ROOT, 'bin', 'matchlog.js'), ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );

/** lower case, every dash a hyphen, runs of white space one space: a name written as a page or a payload writes it */
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ');

/**
 * What names each card of the lists in a text: its whole name, its subtitle ("Snow Queen": a page may write the name
 * and the subtitle apart), and its character's name where no other card of the lists has it ("Moana", not "Elsa").
 */
const namingWords = (definitions: readonly string[]): Map<string, string[]> => {
  const characters = definitions.map((name) => name.split(' - ')[0]);
  return new Map(
    definitions.map((name) => {
      const [character, subtitle] = name.split(' - ');
      const unique = subtitle !== undefined && characters.filter((c) => c === character).length === 1;
      return [name, [name, ...(subtitle !== undefined ? [subtitle] : []), ...(unique ? [character] : [])].map(normal)];
    }),
  );
};

/** The payload without its `lists` (a judge's view and MatchCreated carry the registered lists: that is no card named). */
const withoutLists = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutLists)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (key === 'lists' ? [] : [[key, withoutLists(inner)]])))
      : value;

/**
 * A best-of-one at a paper table, recorded as a scorekeeper records it: on a phone beside the table, by touch, on the
 * recorder's screen only, from a match created from the players' deck lists as text, while the stream's overlay runs
 * at 1920×1080 behind a delay of 30 s and 5 events, and the second player follows the match on her own page. Then
 * nothing that any audience was given, at any revision, names a card the recorder had not entered as seen.
 */
describe('a best-of-one at a paper table, recorded on a phone, with the overlay behind a delay, in Chromium', () => {
  const time = testTime();
  let rig: ViewerRig;
  let dir: string;
  beforeAll(async () => {
    rig = await startViewerRig(time);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-paper-table-'));
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names no card before it is entered as seen on any page, feed, view or export; verifies, audits clean, counts the game on the round page and the slip, and the overlay shows the winner after the delay', async () => {
    const http = () => rig.app.http();
    const created = (
      await http()
        .post('/matches')
        .set(rig.app.organizer)
        .send({
          matchId: 'harbor-r2-t7-g1',
          game: 'lorcana',
          players: PLAYERS,
          deckLists: { p1: P1_LIST, p2: P2_LIST },
          tournament: TOURNAMENT,
          broadcastAccess: 'token',
          broadcastDelay: DELAY,
        })
        .expect(201)
    ).body as { matchId: string; tokens: { judge: string; recorder: string; broadcast: string; players: Record<string, string> } };
    const id = created.matchId;
    const { tokens } = created;
    const judgeView = async (at?: number) =>
      (
        await http()
          .get(`/matches/${id}/views/judge`)
          .query(at === undefined ? {} : { at })
          .set(rig.app.bearer(tokens.judge))
          .expect(200)
      ).body as Json & { revision: number; lists: { player: string; cards: { definition: string }[] }[]; ended: Json | null };
    // every name the two lists hold, as the server read them (the lists were pasted as text)
    const listed = [...new Set((await judgeView()).lists.flatMap((list) => list.cards.map((card) => card.definition)))].sort();
    expect(listed.length).toBe(P1_LIST.split('\n').length);
    const words = namingWords(listed);

    /** what the recorder tapped in the name sheet, and the revision of the event that named it */
    const entered = new Map<string, number>();
    const enteredAt = (revision: number) => new Set([...entered].flatMap(([name, at]) => (at <= revision ? [name] : [])));
    /** the cards a text names that were not entered as seen by `revision` */
    const unseenIn = (text: string, revision: number): string[] => {
      const seen = enteredAt(revision);
      const written = normal(text);
      return listed.filter((name) => !seen.has(name) && words.get(name)!.some((word) => written.includes(word)));
    };
    const definitionsIn = (payload: unknown): string[] => [...JSON.stringify(payload).matchAll(/"definition":"([^"]+)"/g)].map((m) => m[1]);

    // the stream's overlay: OBS's 1920×1080 browser source, opened with the broadcast link (its token after #token=)
    const overlay = await rig.browser.newPage({ ...TESTING, viewport: FULL_HD });
    await overlay.goto(`${rig.base}/viewer/overlay/${id}#token=${tokens.broadcast}`);
    // nothing of the match is out of the window yet: to the broadcast it is not there (as a missing match), and the
    // overlay waits for the table, asking again
    await overlay.locator('.overlay-waiting[data-code="MATCH_NOT_FOUND"]').waitFor({ state: 'attached' });
    expect(await overlay.locator('.overlay-root').getAttribute('data-revision')).toBeNull();
    const overlayRevision = async () => Number(await overlay.locator('.overlay-root').getAttribute('data-revision'));
    // Grace follows the match on her phone, live, with her own link
    const player = await (await rig.browser.newContext({ ...TESTING, ...PHONE })).newPage();
    await player.goto(`${rig.base}/viewer/${id}?audience=p2&live=1#token=${tokens.players.p2}`);
    // the scorekeeper's phone
    const phone: BrowserContext = await rig.browser.newContext({ ...TESTING, ...PHONE });
    const recorder = await phone.newPage();
    await recorder.goto(`${rig.base}/viewer/record/${id}#token=${tokens.recorder}`);
    await recorder.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    const revisionOf = async () => Number(await recorder.locator('.sync-status').getAttribute('data-revision'));

    /** every page as it is now, its whole markup (attributes too): no card named that was not entered by now */
    const pagesChecked: Record<string, number> = { recorder: 0, player: 0, overlay: 0 };
    const checkPages = async () => {
      const now = await revisionOf();
      for (const [name, page] of [
        ['recorder', recorder],
        ['player', player],
        ['overlay', overlay],
      ] as const) {
        const markup = await page.evaluate(() => `${document.title}\n${document.body.outerHTML}`);
        expect({ page: name, revision: now, unseen: unseenIn(markup, now) }).toEqual({ page: name, revision: now, unseen: [] });
        pagesChecked[name]++;
      }
    };

    /** One action on the recorder's screen, a few seconds after the last at the table's clock: it has recorded once its revision moved. */
    const act = async (work: () => Promise<unknown>, recorded: (revision: number) => void = () => {}) => {
      const before = await revisionOf();
      time.advance(SECONDS_APART);
      await work();
      await recorder.waitForFunction(`Number(document.querySelector('.sync-status')?.dataset.revision) > ${before}`);
      const revision = await revisionOf();
      recorded(revision);
      await checkPages();
      return revision;
    };
    const tap = (name: string | RegExp) => recorder.getByRole('button', { name, exact: true }).tap();
    const seat = (name: string) => recorder.locator('.seat', { hasText: name }).tap();
    const sheet = () => recorder.getByRole('dialog');
    /** Taps the action, then the choice the sheet offers whose whole text is `choice` (typing `search` first); returns what was tapped. */
    const choose = async (action: string, choice: string, search = '') => {
      await tap(action);
      if (search) await sheet().getByRole('searchbox').fill(search);
      const item = sheet()
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${choice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
        .first();
      const tapped = (await item.textContent())!;
      await item.tap();
      return tapped;
    };
    /** Play: the card shown, tapped by name in the sheet; the name is entered as seen at the revision that records it. */
    const play = async (name: string, search: string) => {
      let tapped = '';
      const revision = await act(
        async () => (tapped = await choose('Play', name, search)),
        (at) => void (entered.has(tapped) || entered.set(tapped, at)),
      );
      expect(tapped).toBe(name);
      return revision;
    };
    const inkUnseen = () => act(() => choose('Ink', 'A card I cannot see'));
    const questWith = (name: string) => act(() => choose('Quest', name));
    /** The Correct button of the action recorded at `revision`, and the sheet's Correct. */
    const correct = (revision: number) =>
      act(async () => {
        await recorder
          .locator(`.recent li[data-revision="${revision}"]`)
          .getByRole('button', { name: /^Correct: / })
          .tap();
        await recorder.getByRole('alertdialog').getByRole('button', { name: 'Correct', exact: true }).tap();
      });

    // the players sit down and shuffle (a paper shuffle has no order): the broadcast, 5 events and 30 s behind, waits
    // for the table, and knows no name yet, not even the players'
    time.advance(DELAY.seconds + 1);
    await act(() => tap('Shuffle'));
    await seat('Grace');
    await act(() => tap('Shuffle'));
    expect(await overlay.locator('.overlay-root').getAttribute('data-waiting')).toBe('true');
    expect(await overlay.locator('.waiting-players').count()).toBe(0);

    // the opening hands, drawn unseen: seven each. Once the match's creation is out of the window, the overlay names
    // the players, and still waits
    await seat('Ada');
    for (let i = 0; i < 7; i++) await act(() => tap('Draw'));
    await overlay.waitForFunction(`document.querySelector('.waiting-players')?.textContent === 'Ada vs Grace'`, undefined, { timeout: 10_000 });
    expect(await overlay.locator('.overlay-root').getAttribute('data-waiting')).toBe('true');
    expect(await overlayRevision()).toBe(1);
    await checkPages();
    await overlay.screenshot({ path: join(DOCS_IMAGES, 'overlay-paper-waiting.png') });
    await seat('Grace');
    for (let i = 0; i < 7; i++) await act(() => tap('Draw'));
    // Grace sends two back
    await act(() => choose('Mulligan', '2'));
    await act(() => tap(/^End turn: /));
    expect(await recorder.locator('.turn-line').textContent()).toBe('Turn 1: Ada');

    // turn 1, Ada: a card inked face down, Elsa played; the next card misread as Moana, corrected, and played as Stitch
    await inkUnseen();
    await play('Elsa - Snow Queen', 'elsa snow');
    const misread = await play('Moana - Of Motunui', 'moana');
    const firstCorrection = await correct(misread);
    expect(await recorder.locator(`.recent li[data-revision="${firstCorrection}"] .recent-text`).textContent()).toMatch(
      new RegExp(`^#${firstCorrection} Correction of #${misread}: `),
    );
    await play('Stitch - Rock Star', 'stitch');
    await act(() => tap(/^End turn: /));

    // turn 2, Grace: a draw, a card inked face down, Simba and a song shown as they are played
    await act(() => tap('Draw'));
    await inkUnseen();
    await play('Simba - Protective Cub', 'simba');
    await play('Friends on the Other Side', 'friends');
    await act(() => tap(/^End turn: /));

    // turn 3, Ada: a draw, Elsa quests; a lore tapped by mistake, corrected
    await act(() => tap('Draw'));
    await questWith('Elsa - Snow Queen');
    const slip = await act(() => tap('+1 Lore'));
    await correct(slip);
    await act(() => tap(/^End turn: /));

    // turn 4, Grace, with the venue's network down: a draw and Simba's quest wait on the phone, and go once it is back
    // (the network goes once the server has every action so far: under load, End turn's send may still be on its way)
    await recorder.waitForFunction(`document.querySelector('.sync-status')?.dataset.sync === 'synced'`, undefined, { timeout: 20_000 });
    await phone.setOffline(true);
    await act(() => tap('Draw'));
    await questWith('Simba - Protective Cub');
    await recorder.waitForFunction(`document.querySelector('.sync-status')?.dataset.sync === 'offline'`);
    await expect(recorder.locator('.sync-status').textContent()).resolves.toMatch(/^Offline · 2 actions wait · /);
    const held = await revisionOf();
    const serverHead = async () => (await judgeView()).revision;
    expect(await serverHead()).toBeLessThan(held);
    await phone.setOffline(false);
    await recorder.waitForFunction(`document.querySelector('.sync-status')?.dataset.sync === 'synced'`, undefined, { timeout: 20_000 });
    expect(await serverHead()).toBe(held);
    await recorder.screenshot({ path: join(DOCS_IMAGES, 'recorder-phone-paper.png') });
    await act(() => tap(/^End turn: /));

    // turn 5, Ada: she readies, and concedes
    await act(() => tap('Ready all'));
    await act(async () => {
      await tap('Concede');
      await recorder.getByRole('alertdialog').getByRole('button', { name: 'Concede', exact: true }).tap();
    });
    await recorder.waitForFunction(`document.querySelector('.sync-status')?.dataset.sync === 'synced'`, undefined, { timeout: 20_000 });
    expect(await recorder.locator('.turn-line').textContent()).toBe('The game is over');
    const head = await revisionOf();
    const ended = (await judgeView()).ended as { winner?: string } | null;
    expect(ended?.winner).toBe('p2');
    expect([...entered.keys()]).toEqual(['Elsa - Snow Queen', 'Moana - Of Motunui', 'Stitch - Rock Star', 'Simba - Protective Cub', 'Friends on the Other Side']);

    // behind the delay, the overlay has not reached the end
    const behind = (await http().get(`/matches/${id}/views/broadcast`).set(rig.app.bearer(tokens.broadcast)).expect(200)).body as { revision: number; ended: unknown };
    expect(behind.revision).toBeLessThan(head);
    expect(behind.ended).toBeNull();
    await overlay.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${behind.revision}'`, undefined, { timeout: 10_000 });
    expect(await overlay.locator('.scoreboard .turn').textContent()).not.toContain('game over');
    // the delay's seconds pass since the end: the overlay shows it, and who won
    time.advance(DELAY.seconds + 1);
    await overlay.waitForFunction(`document.querySelector('.overlay-root')?.dataset.revision === '${head}'`, undefined, { timeout: 10_000 });
    await checkPages();
    // the score bar names the winner, in every layout (the scorebug has no log)
    expect(await overlay.locator('.scoreboard .turn').textContent()).toMatch(/game over: Grace won$/);
    expect(await overlay.locator('.overlay-log li').last().textContent()).toBe('Grace won (Ada conceded)');
    await overlay.screenshot({ path: join(DOCS_IMAGES, 'overlay-paper-end.png') });
    // the pages name what was shown, so the check reads their names: the overlay and Grace's page the cards in play,
    // and Grace's page the end at once (a player's own token is not held back)
    const inPlay = ['Elsa - Snow Queen', 'Simba - Protective Cub', 'Stitch - Rock Star'];
    const namedOn = async (page: typeof overlay) => {
      const markup = normal(await page.evaluate(() => document.body.outerHTML));
      return listed.filter((name) => markup.includes(normal(name)));
    };
    expect(await namedOn(overlay)).toEqual(inPlay);
    await player.locator('.result-banner').waitFor();
    expect(await player.locator('.result-banner').getAttribute('data-winner')).toBe(ended!.winner);
    expect(await namedOn(player)).toEqual(expect.arrayContaining(inPlay));

    // the card misread as Moana went back to the hand, and took its name with it
    const last = await judgeView();
    expect(definitionsIn(withoutLists(last.zones)).sort()).toEqual(['Elsa - Snow Queen', 'Friends on the Other Side', 'Simba - Protective Cub', 'Stitch - Rock Star']);

    // every audience's view at every revision names only cards entered as seen by then
    const audiences: [string, string][] = [
      ['public', ''],
      ['broadcast', tokens.broadcast],
      ['p1', tokens.players.p1],
      ['p2', tokens.players.p2],
      ['judge', tokens.judge],
    ];
    for (let revision = 1; revision <= head; revision++)
      for (const [audience, token] of audiences) {
        const request = http().get(`/matches/${id}/views/${audience}`).query({ at: revision });
        const view = (await (token ? request.set(rig.app.bearer(token)) : request).expect(200)).body as Json;
        expect(view.revision).toBe(revision);
        if (audience !== 'judge') expect(view.lists).toBeUndefined();
        const text = JSON.stringify(withoutLists(view));
        expect({ revision, audience, unseen: unseenIn(text, revision) }).toEqual({ revision, audience, unseen: [] });
        for (const name of definitionsIn(withoutLists(view)))
          expect({ revision, audience, name, entered: enteredAt(revision).has(name) }).toEqual({ revision, audience, name, entered: true });
      }
    // each audience's feed, observation by observation
    for (const [audience, token] of audiences) {
      const request = http().get(`/matches/${id}/events`).query({ audience, from: 0 });
      const { observations } = (await (token ? request.set(rig.app.bearer(token)) : request).expect(200)).body as { observations: Observation[] };
      expect(observations.length).toBe(head);
      for (const { revision, observation } of observations) {
        if (audience !== 'judge') expect(JSON.stringify(observation)).not.toContain('"lists"');
        expect({ revision, audience, unseen: unseenIn(JSON.stringify(withoutLists(observation)), revision) }).toEqual({ revision, audience, unseen: [] });
      }
    }
    const exported = (await http().get(`/matches/${id}/export`).set(rig.app.bearer(tokens.judge)).expect(200)).text;
    // the judge's export, line by line: line n is revision n, and the last line the signed head
    const [signed, ...events] = exported.split('\n').filter(Boolean).reverse();
    expect(JSON.parse(signed).signedHead.head).toMatchObject({ matchId: id, revision: head, purpose: 'export' });
    const lines = events.reverse();
    expect(lines.length).toBe(head);
    lines.forEach((line, i) => expect({ revision: i + 1, unseen: unseenIn(JSON.stringify(withoutLists(JSON.parse(line))), i + 1) }).toEqual({ revision: i + 1, unseen: [] }));
    // the check itself finds a name given too early: the lists in MatchCreated name every card
    expect(unseenIn(lines[0], 1).length).toBe(listed.length);
    expect(Object.values(pagesChecked).every((count) => count > 40)).toBe(true);

    // the signed log verifies offline against the server's key, and the audit finds no violation
    writeFileSync(join(dir, 'match.jsonl'), exported);
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify((await http().get('/.well-known/jwks.json').expect(200)).body));
    const verified = await matchlog('verify', join(dir, 'match.jsonl'), '--key', join(dir, 'jwks.json'));
    expect({ code: verified.code, stderr: verified.stderr }).toEqual({ code: 0, stderr: '' });
    const audit = (await http().get(`/matches/${id}/audit`).set(rig.app.bearer(tokens.judge)).expect(200)).body as {
      findings: { code: string; severity: string; message: string }[];
    };
    expect(audit.findings.filter((finding) => finding.severity === 'violation')).toEqual([]);
    expect(audit.findings.filter((finding) => finding.code === 'CORRECTION').map((finding) => finding.message)).toEqual([
      expect.stringMatching(new RegExp(`^Correction of #${misread}: `)),
      expect.stringMatching(new RegExp(`^Correction of #${slip}: `)),
    ]);

    // the round: the slip and the round page count the one game, won by its winner
    const results = (await http().get('/rounds/results').query({ event: TOURNAMENT.event, round: TOURNAMENT.round }).expect(200)).body as {
      tables: { table: number; bestOf: number; games: Json[]; result: { wins: Record<string, number>; draws: number; decided: boolean; winner: string | null } }[];
    };
    expect(results.tables).toHaveLength(1);
    const [table] = results.tables;
    expect(table).toMatchObject({ table: TOURNAMENT.table, bestOf: 1 });
    expect(table.games).toEqual([
      { game: 1, matchId: id, ended: true, winner: ended!.winner, draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
    ]);
    expect(table.result).toMatchObject({ wins: { p1: 0, p2: 1 }, draws: 0, decided: true, winner: ended!.winner });
    const round = await rig.open(`/viewer/rounds?event=${encodeURIComponent(TOURNAMENT.event)}&round=${TOURNAMENT.round}`);
    await round.locator('.round-table').waitFor();
    expect(await round.locator('.round-table').getAttribute('data-table')).toBe(String(TOURNAMENT.table));
    expect(await round.locator('.table-score').textContent()).toBe('Ada 0–1 Grace');
    expect(await round.locator('.table-outcome').textContent()).toBe('Best of 1 · Grace wins the match');
    expect(await round.locator('.table-games > li').allTextContents()).toEqual(['Game 1: Grace won']);
    expect(await round.locator('.table-games a').getAttribute('data-match')).toBe(id);
    expect(unseenIn(await round.evaluate(() => document.body.outerHTML), head)).toEqual([]);
  }, 180_000);
});
