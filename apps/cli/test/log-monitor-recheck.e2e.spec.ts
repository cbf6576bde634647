import { chainEvents } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { draw, lorcanaMatch } from '../../api/test/support/fixtures';
import { listening } from '../../api/test/support/sse-client';
import { ORGANIZER, TestApp, startTestApp } from '../../api/test/support/test-app';
import { serverOfLog } from '../src/entry-recheck';
import { matchlogFromSource } from './run-source-cli';

const ended = { type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } };

describe('matchlog monitor re-checks each new entry against its match on the server', () => {
  let t: TestApp;
  let base: string;
  let dir: string;
  let dataDir: string;
  const at = (name: string) => join(dir, name);
  const start = async () => {
    t = await startTestApp({ dataDir, logIntervalMs: 50 });
    base = await listening(t.app);
  };
  /** The server stopped, the data directory kept (TestApp.close would remove it). */
  const stop = () => t.app.close();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-recheck-'));
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-recheck-data-'));
    await start();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sizeOf = async (want: number) => {
    for (let i = 0; i < 400; i++) {
      const answer = await t.http().get('/log/checkpoint');
      if (answer.status === 200 && Number(answer.text.split('\n')[1]) >= want) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the log never reached ${want} entries`);
  };
  const record = async (matchId: string) => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(matchId)).expect(201);
    await t
      .http()
      .post(`/matches/${matchId}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01'), ended] })
      .expect(201);
  };
  const monitor = (state: string, ...extra: string[]) => matchlogFromSource(['monitor', '--log', `${base}/log/`, '--policy', at('policy'), '--state', at(state), ...extra]);
  /** What an adversary with the database does to a finished match: its events rewritten in events.sqlite, the chain recomputed or not. */
  const rewrite = async (matchId: string, change: (event: MatchEvent) => MatchEvent, rechain: boolean) => {
    await stop();
    const db = new Database(join(dataDir, 'events.sqlite'));
    try {
      const rows = db
        .prepare(
          'select e.position, e.event_id as id, e.type, e.data, e.meta from events e join streams s on s.stream_key = e.stream_key where s.stream_id = ? order by e.revision',
        )
        .all(matchId) as { position: number; id: string; type: string; data: string; meta: string }[];
      const events = rows.map((row) => change({ id: row.id, type: row.type, data: JSON.parse(row.data), meta: JSON.parse(row.meta) } as MatchEvent));
      const written = rechain ? chainEvents(events) : events;
      const update = db.prepare('update events set data = ?, meta = ? where position = ?');
      written.forEach((event, i) => update.run(JSON.stringify(event.data), JSON.stringify(event.meta), rows[i].position));
    } finally {
      db.close();
    }
    await start();
  };
  const wonByP2 = (event: MatchEvent) => (event.type === 'MatchEnded' ? ({ ...event, data: { ...event.data, winner: 'p2' } } as MatchEvent) : event);

  it('derives the server from an http log URL', () => {
    expect(serverOfLog('http://127.0.0.1:8080/log/')).toBe('http://127.0.0.1:8080/');
    expect(serverOfLog('https://matchlog.example/a/log')).toBe('https://matchlog.example/a/');
    expect(serverOfLog('/srv/mirror')).toBeUndefined();
  });

  it('passes honest matches (a void after an end skipped by receipt, checked by export), then alarms on a match rewritten after its end', async () => {
    await record('mr-a');
    await record('mr-b');
    await record('mr-v');
    await t.http().post('/matches/mr-v/void').set(t.organizer).send({ reason: 'recorded twice' }).expect(201);
    await sizeOf(4);
    writeFileSync(at('policy'), `log ${(await t.http().get('/log/key').expect(200)).text.trim()}\nquorum none\n`);

    const honest = await monitor('honest');
    expect(honest).toMatchObject({ code: 0, stdout: expect.stringContaining(`re-checked against ${base}/: 0 by export, 3 by receipt, 1 skipped`) });
    expect(honest.stdout).toContain('match mr-v: its receipt is at revision 4, the entry at 3');
    expect(await monitor('honest-token', '--token', ORGANIZER)).toMatchObject({ code: 0, stdout: expect.stringContaining('4 by export, 0 by receipt, 0 skipped') });
    expect(await matchlogFromSource(['monitor', '--log', `${base}/log/`, '--policy', at('policy'), '--state', at('offline'), '--server', 'http://127.0.0.1:9/'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('4 skipped'),
    });

    // replaced and re-chained: the receipt the public reads signs another head than the log holds
    await rewrite('mr-b', wonByP2, true);
    const replaced = await monitor('after-replace');
    expect(replaced.code).toBe(1);
    expect(replaced.stdout).toMatch(
      /ALARM: entry 1: match mr-b: its receipt signs head [0-9a-f]{64} at revision 3, and the log has [0-9a-f]{64}: the match was rewritten after it was logged/,
    );

    // edited in place, chain left as it was: only the export shows it (the receipt signs the stored head)
    await rewrite('mr-a', wonByP2, false);
    const edited = await monitor('after-edit', '--token', ORGANIZER);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain('ALARM: entry 0: match mr-a: its export does not verify (CHAIN_BROKEN)');
  }, 120_000);
});
