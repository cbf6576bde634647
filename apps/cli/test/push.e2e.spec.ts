import { MatchlogClient, NetworkError } from '@matchlog/client';
import { journal } from '@matchlog/client/node';
import { execFile } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from '../../api/test/support/fixtures';
import { listening } from '../../api/test/support/sse-client';
import { TestApp, startTestApp } from '../../api/test/support/test-app';

const root = join(__dirname, '..', '..', '..');

/** `npx matchlog push …` as a recorder runs it: bin/matchlog.js, another process. */
const matchlog = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [join(root, 'bin', 'matchlog.js'), ...args], { cwd: root, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    ),
  );

const turn = (n: number) => ({ type: 'TurnStarted' as const, data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

describe('npx matchlog push: a journal written offline, synced when the network is back', () => {
  let t: TestApp;
  let base: string;
  let dir: string;
  let n = 0;
  const newMatch = async () => {
    const created = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send(lorcanaMatch(`push-${++n}`))
      .expect(201);
    return { matchId: created.body.matchId as string, recorder: created.body.tokens.recorder as string, judge: created.body.tokens.judge as string };
  };
  const idsOn = async (matchId: string, judge: string) =>
    (await t.http().get(`/matches/${matchId}/events?audience=judge`).set(t.bearer(judge)).expect(200)).body.observations
      .slice(1)
      .map((o: { observation: { id: string } }) => o.observation.id);

  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t.app);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-push-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('recorded while the server could not be reached, then pushed: every batch once, in order; pushed again: nothing', async () => {
    const { matchId, recorder, judge } = await newMatch();
    const file = join(dir, 'table-12.jsonl');
    // the venue's network is down: the client reaches nothing, each batch stays in the journal
    const offline = new MatchlogClient({ baseUrl: 'http://127.0.0.1:9', token: recorder, retry: { attempts: 2, firstDelayMs: 1, maxDelayMs: 1 } });
    const recorded = journal(file);
    let revision = 1;
    for (let batch = 0; batch < 30; batch++) {
      const events = [turn(revision), turn(revision + 1)];
      await expect(recorded.append(offline, matchId, revision, events)).rejects.toBeInstanceOf(NetworkError);
      revision += events.length;
    }
    const pushed = await matchlog(['push', file, '--server', base, '--match', matchId], { MATCHLOG_TOKEN: recorder });
    expect(pushed).toMatchObject({ code: 0, stderr: '' });
    expect(pushed.stdout.split('\n').filter((line) => line.startsWith('sent line'))).toHaveLength(30);
    expect(pushed.stdout).toContain('sent line 31: 2 events after revision 59, the match is at revision 61');
    const journaled = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('expectedRevision'))
      .flatMap((line) => JSON.parse(line).events.map((e: { id: string }) => e.id));
    expect(await idsOn(matchId, judge)).toEqual(journaled);
    const again = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('nothing to send');
    expect(await idsOn(matchId, judge)).toHaveLength(60);
  });

  it('a journal records one match: pushed to another, exit 2 before anything is sent', async () => {
    const first = await newMatch();
    const second = await newMatch();
    const file = join(dir, 'one-match.jsonl');
    writeFileSync(file, `${JSON.stringify({ expectedRevision: 1, events: [turn(1)] })}\n`);
    expect((await matchlog(['push', file, '--server', base, '--match', first.matchId, '--token', first.recorder])).code).toBe(0);
    const wrong = await matchlog(['push', file, '--server', base, '--match', second.matchId, '--token', second.recorder]);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining(`this journal records match ${first.matchId}, not ${second.matchId}`) });
    expect(await idsOn(second.matchId, second.judge)).toEqual([]);
  });

  it('a hand-written journal of batch lines alone, with no ids: pushed twice, recorded once', async () => {
    const { matchId, recorder, judge } = await newMatch();
    const file = join(dir, 'by-hand.jsonl');
    writeFileSync(file, `${JSON.stringify({ expectedRevision: 1, events: [turn(1)] })}\n${JSON.stringify({ expectedRevision: 2, events: [turn(2), turn(3)] })}\n`);
    // a copy without the acknowledgements the first push writes: the server still records nothing twice
    const copy = join(dir, 'by-hand-copy.jsonl');
    writeFileSync(copy, readFileSync(file));
    expect((await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder])).code).toBe(0);
    const second = await matchlog(['push', copy, '--server', base, '--match', matchId, '--token', recorder]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('sent line 2: 2 events after revision 2, the match is at revision 4');
    expect(await idsOn(matchId, judge)).toHaveLength(3);
  });

  it('a conflict it cannot resolve: exit 1 naming the line and the server’s revision; nothing after it is sent', async () => {
    const { matchId, recorder, judge } = await newMatch();
    await t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.bearer(recorder))
      .send({ expectedRevision: 1, events: [turn(1), turn(2)] })
      .expect(201);
    const file = join(dir, 'stale.jsonl');
    writeFileSync(file, `${JSON.stringify({ expectedRevision: 1, events: [turn(5)] })}\n${JSON.stringify({ expectedRevision: 2, events: [turn(6)] })}\n`);
    const res = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('line 1 (1 event after revision 1): the match is at revision 3, and what follows revision 1 there is not this batch');
    expect(await idsOn(matchId, judge)).toHaveLength(2);
  });

  it('usage: exit 2 on a missing --server or --match, a journal that is not JSON Lines; a wrong token is the server’s 401, exit 1', async () => {
    const { matchId } = await newMatch();
    const file = join(dir, 'ok.jsonl');
    writeFileSync(file, `${JSON.stringify({ expectedRevision: 1, events: [turn(1)] })}\n`);
    expect((await matchlog(['push', file, '--match', matchId])).code).toBe(2);
    expect((await matchlog(['push', file, '--server', base])).code).toBe(2);
    expect(await matchlog(['push', join(dir, 'tabel.jsonl'), '--server', base, '--match', matchId, '--token', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such journal'),
    });
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, 'not json\n');
    const bad = await matchlog(['push', broken, '--server', base, '--match', matchId, '--token', 'x']);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('journal line 1: is not JSON') });
    const denied = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', 'mlt_not-a-token']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('(UNAUTHENTICATED)');
  });

  describe('hostile journals: the faults push once had', () => {
    const lineOf = (expectedRevision: number, events: readonly object[]) => `${JSON.stringify({ expectedRevision, events })}\n`;

    it('two lines sharing a first event id: the second, refused, stays refused on every run (exit 1), never taken for acknowledged', async () => {
      const { matchId, recorder, judge } = await newMatch();
      const file = join(dir, 'shared-id.jsonl');
      writeFileSync(
        file,
        `${lineOf(1, [{ ...turn(1), id: 'shared-1' }])}${lineOf(2, [
          { ...turn(2), id: 'shared-1' },
          { ...turn(3), id: 'own-2' },
        ])}`,
      );
      const first = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
      expect(first.code).toBe(1);
      expect(first.stdout).toContain('sent line 1');
      expect(first.stderr).toContain('line 2 (2 events after revision 2)');
      expect(first.stderr).toContain('DUPLICATE_EVENT_ID');
      const second = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
      expect(second.code).toBe(1);
      expect(second.stdout).not.toContain('nothing to send');
      expect(second.stderr).toContain('line 2 (2 events after revision 2)');
      expect(await idsOn(matchId, judge)).toEqual(['shared-1']);
    });

    it('a line of 10,000 events without ids: refused by push itself before any network call, marked refused, and reported on every run (exit 1)', async () => {
      const { matchId, recorder, judge } = await newMatch();
      const file = join(dir, 'huge.jsonl');
      writeFileSync(
        file,
        lineOf(
          1,
          Array.from({ length: 10_000 }, (_, i) => turn(i + 1)),
        ),
      );
      // no server listens there: a network call would be exit 1 for the network, not the refusal
      const refused = await matchlog(['push', file, '--server', 'http://127.0.0.1:9', '--match', matchId, '--token', recorder]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("line 1 (10000 events after revision 1): not sent, over the server's limits (BATCH_TOO_MANY_EVENTS)");
      expect(refused.stderr).not.toContain('could not be reached');
      const rejected = JSON.parse(readFileSync(file, 'utf8').trimEnd().split('\n').pop()!);
      expect(rejected).toEqual({ rejected: expect.stringMatching(/^j-[0-9a-f]{16}-0$/), code: 'BATCH_TOO_MANY_EVENTS', hash: expect.any(String) });
      const again = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('line 1 (expectedRevision 1) is marked refused (BATCH_TOO_MANY_EVENTS): it is not on the server');
      expect(await idsOn(matchId, judge)).toEqual([]);
      // split as the refusal says, the same turns go through: 500 events a line, each line hashed and sent once
      const split = join(dir, 'split.jsonl');
      writeFileSync(
        split,
        [0, 1]
          .map((k) =>
            lineOf(
              1 + 500 * k,
              Array.from({ length: 500 }, (_, i) => turn(500 * k + i + 1)),
            ),
          )
          .join(''),
      );
      expect(await matchlog(['push', split, '--server', base, '--match', matchId, '--token', recorder])).toMatchObject({ code: 0 });
      expect(await idsOn(matchId, judge)).toHaveLength(1000);
    });

    it('a hand-written last line with a JSON error: exit 2 naming it, the file left as it was, nothing sent', async () => {
      const { matchId, recorder, judge } = await newMatch();
      const file = join(dir, 'typo.jsonl');
      const text = `${lineOf(1, [turn(1)])}{"expectedRevision":2,"events":[{"type":"TurnStarted","data":{"player":"p2","turn":2}}]`;
      writeFileSync(file, text);
      const res = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
      expect(res).toMatchObject({ code: 2, stderr: expect.stringContaining('journal line 2: is not JSON') });
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(await idsOn(matchId, judge)).toEqual([]);
    });

    it('the journal’s own line cut short by a crash: cut off and said so, the rest sent, exit 1 (that batch is not on the server)', async () => {
      const { matchId, recorder, judge } = await newMatch();
      const file = join(dir, 'crashed.jsonl');
      const torn = lineOf(2, [{ ...turn(2), id: 'torn-1' }]).trimEnd();
      writeFileSync(file, `${JSON.stringify({ match: matchId })}\n${lineOf(1, [{ ...turn(1), id: 'whole-1' }])}${torn.slice(0, 25)}`);
      writeFileSync(`${file}.appending`, torn);
      const res = await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("the journal's last line was cut short while it was written");
      expect(res.stdout).toContain('sent line 2');
      expect(await idsOn(matchId, judge)).toEqual(['whole-1']);
      expect(existsSync(`${file}.appending`)).toBe(false);
      expect(await matchlog(['push', file, '--server', base, '--match', matchId, '--token', recorder])).toMatchObject({ code: 0 });
    });
  });
});
