import { MatchEvent, MatchState, correctionOf, emptyMatch, validateBatch } from '@matchlog/domain';
import { execFile } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import * as record from '../src/record/recording';
import { TestApp, startTestApp } from '../../api/test/support/test-app';
import { P1_LIST, P2_LIST } from './support/deck-lists';

const root = join(__dirname, '..', '..', '..');
const matchlog = (...args: string[]) =>
  new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile(process.execPath, [join(root, 'bin', 'matchlog.js'), ...args], { cwd: root }, (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout })),
  );

/**
 * A paper match recorded with the recorder's own actions (apps/viewer/src/record/recording.ts), as its screen records
 * it: shuffles, opening hands drawn unseen, a mulligan, ink nobody sees, cards named as they are played, a quest, a
 * correction of a naming, and the end. Each batch is checked with the domain's validate first, as the screen does.
 */
describe('a paper match recorded as the recorder records it', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'matchlog-paper-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names no card that was not entered as seen, in any view at any revision, and passes the audit and `matchlog verify --key`', async () => {
    const created = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({
        matchId: 'paper-1',
        game: 'lorcana',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
        deckLists: { p1: P1_LIST, p2: P2_LIST },
      })
      .expect(201);
    const { tokens } = created.body;
    let state: MatchState = emptyMatch;
    const log: MatchEvent[] = [];
    let n = 0;
    const send = async (acts: record.Act[]) => {
      const events = acts.map((act) => ({ id: `paper-${++n}`, type: act.type, data: act.data }) as MatchEvent);
      const verdict = validateBatch(state, events);
      if (!verdict.ok) throw new Error(JSON.stringify(verdict.error));
      await t.http().post('/matches/paper-1/events').set(t.bearer(tokens.recorder)).send({ expectedRevision: log.length, events }).expect(201);
      state = verdict.state;
      log.push(...events);
    };
    // the match as the server created it from the lists, as the recorder's screen reads it
    const [opened] = (await t.http().get('/matches/paper-1/export').set(t.bearer(tokens.judge)).expect(200)).text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as MatchEvent);
    log.push(opened);
    state = stateBefore(log, 1);
    const random = () => 0.42;
    const drawMany = async (player: string, count: number) => {
      for (let i = 0; i < count; i++) await send(record.draw(state, player));
    };
    const shown = (player: string, name: string) => record.revealFromHand(state, player, name)!;

    await send([...record.shuffle(state, 'p1', random), ...record.shuffle(state, 'p2', random)]);
    await drawMany('p1', 7);
    await drawMany('p2', 7);
    await send(record.mulligan(state, 'p2', record.mulliganed(state, 'p2', 2), random));
    await send(record.endTurn(state));
    await send(record.ink(state, 'p1', { cardId: record.cardsIn(state, record.zone('hand', 'p1')).at(-1)!.cardId }));
    await send(record.play(state, 'p1', shown('p1', 'Elsa - Snow Queen')));
    const misnamed = log.length;
    await send(record.play(state, 'p1', shown('p1', 'Moana - Of Motunui')));
    // the recorder misread the card: the correction takes the card back to the hand and its name with it
    await send(correctionOf(stateBefore(log, misnamed), log[misnamed]));
    await send(record.play(state, 'p1', shown('p1', 'Stitch - Rock Star')));
    await send(record.endTurn(state));
    await drawMany('p2', 1);
    await send(record.play(state, 'p2', shown('p2', 'Friends on the Other Side')));
    await send(record.endTurn(state));
    await drawMany('p1', 1);
    const elsa = record.cardsIn(state, record.zone('play', 'p1')).find((card) => card.definition === 'Elsa - Snow Queen')!;
    await send(record.quest(state, elsa.cardId));
    await send(record.concede(state, 'p2'));

    // what was entered as seen, revision by revision: the names the log's moves gave
    const entered = (revision: number) =>
      new Set(
        log
          .slice(0, revision)
          .flatMap((e) => (e.type === 'CardMoved' ? [e.data] : e.type === 'CardsMoved' ? e.data.moves : []))
          .flatMap((m) => (typeof m.definition === 'string' ? [m.definition] : [])),
      );
    const names = (view: unknown): string[] => JSON.stringify((view as { zones: object }).zones).match(/"definition":"[^"]+"/g) ?? [];
    const audiences: [string, string][] = [
      ['judge', tokens.judge],
      ['p1', tokens.players.p1],
      ['p2', tokens.players.p2],
    ];
    for (let revision = 1; revision <= log.length; revision++)
      for (const [audience, token] of audiences) {
        const view = (await t.http().get(`/matches/paper-1/views/${audience}?at=${revision}`).set(t.bearer(token)).expect(200)).body;
        for (const name of names(view)) expect([revision, audience, entered(revision).has(name.slice(14, -1))]).toEqual([revision, audience, true]);
      }
    const hands = (await t.http().get('/matches/paper-1/views/judge').set(t.bearer(tokens.judge)).expect(200)).body.zones;
    expect(hands['hand@p2'].cards.every((card: { definition?: string }) => card.definition === undefined)).toBe(true);
    // what was named is named: the misread Moana was taken back into the hand, unnamed
    expect(hands['play@p1'].cards.map((card: { definition?: string }) => card.definition).sort()).toEqual(['Elsa - Snow Queen', 'Stitch - Rock Star']);
    expect(JSON.stringify(hands)).not.toContain('Moana');

    const audit = (await t.http().get('/matches/paper-1/audit').set(t.bearer(tokens.judge)).expect(200)).body;
    expect(audit.findings.filter((f: { severity: string }) => f.severity === 'violation')).toEqual([]);
    expect(audit.findings.map((f: { code: string }) => f.code)).toContain('CORRECTION');

    writeFileSync(join(dir, 'match.jsonl'), (await t.http().get('/matches/paper-1/export').set(t.bearer(tokens.judge)).expect(200)).text);
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify((await t.http().get('/.well-known/jwks.json').expect(200)).body));
    const verified = await matchlog('verify', join(dir, 'match.jsonl'), '--key', join(dir, 'jwks.json'));
    expect(verified.stdout).not.toMatch(/problem/);
    expect(verified.code).toBe(0);
    expect((await matchlog('audit', join(dir, 'match.jsonl'))).code).toBe(0);
  });
});

/** The match after the log's first `count` events. */
const stateBefore = (log: readonly MatchEvent[], count: number): MatchState => {
  const verdict = validateBatch(emptyMatch, log.slice(0, count));
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.error));
  return verdict.state;
};
