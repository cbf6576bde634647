import { formatRoundEntry } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { matchlogFromSource } from './run-source-cli';

describe('matchlog log verify and matchlog monitor (offline, on mirrors)', () => {
  let dir: string;
  const log = TestLog.of(300);
  const fork = TestLog.of(300, log.origin, 'fork');
  const at = (name: string) => join(dir, name);
  const mirror = (name: string, of: TestLog, size: number) => (of.writeMirror(at(name), size), at(name));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-monitor-'));
    writeFileSync(at('policy'), `log ${log.vkey}\nquorum none\n`);
    writeFileSync(at('old-checkpoint'), log.checkpoint(100));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('log verify: a grown log passes; a forked one is refused (exit 1)', async () => {
    const grown = await matchlogFromSource(['log', 'verify', '--from', at('old-checkpoint'), '--log', mirror('grown', log, 300), '--policy', at('policy')]);
    expect(grown).toMatchObject({ code: 0, stdout: expect.stringContaining('the log grew: log.test/matchlog from size 100 to 300') });
    const forked = await matchlogFromSource(['log', 'verify', '--from', at('old-checkpoint'), '--log', mirror('forked', fork, 300), '--policy', at('policy')]);
    expect(forked).toMatchObject({ code: 1, stdout: expect.stringContaining('ALARM') });
  }, 60_000);

  it('monitor: follows a growing log, then alarms on a fork of the size it saw', async () => {
    const monitor = (where: string) => matchlogFromSource(['monitor', '--log', where, '--policy', at('policy'), '--state', at('state')]);
    expect(await monitor(mirror('m100', log, 100))).toMatchObject({ code: 0, stdout: expect.stringContaining('100 new entries checked') });
    expect(await monitor(mirror('m300', log, 300))).toMatchObject({ code: 0, stdout: expect.stringContaining('consistent with size 100; 200 new entries') });
    const forked = await monitor(mirror('f300', fork, 300));
    expect(forked).toMatchObject({ code: 1, stdout: expect.stringContaining('ALARM: a fork: size 300') });
    expect(await monitor(at('m300'))).toMatchObject({ code: 0 });
  }, 60_000);

  it('monitor: a void after an end is legitimate, a match ended again with another head alarms', async () => {
    const small = TestLog.of(10);
    small.append({ kind: 'match-voided', matchId: 'm-3', revision: 9, head: 'head-void', kid: 'test-kid' });
    const monitor = (name: string) => matchlogFromSource(['monitor', '--log', at(name), '--policy', at('policy'), '--state', at(`state-${name}`)]);
    mirror('voided', small, small.size);
    expect(await monitor('voided')).toMatchObject({ code: 0 });
    small.append({ kind: 'match-ended', matchId: 'm-5', revision: 6, head: 'another-head', kid: 'test-kid' });
    mirror('rewritten', small, small.size);
    expect(await monitor('rewritten')).toMatchObject({ code: 1, stdout: expect.stringContaining('match m-5: revision 6 is logged with head another-head') });
  }, 60_000);

  it('monitor: a round closed again with another slip is a notice naming both slips; a round counting a match at another head than its end alarms', async () => {
    const small = TestLog.of(4);
    const round = (slip: string, head: string) =>
      formatRoundEntry({ kind: 'round-closed', event: 'Lyon', round: 3, slip, counts: [{ matchId: 'm-1', revision: 2, head }], kid: 'test-kid' });
    const monitor = (name: string) => matchlogFromSource(['monitor', '--log', at(name), '--policy', at('policy'), '--state', at('state-rounds')]);
    small.append(round('a'.repeat(64), 'head-m-1'));
    mirror('closed', small, small.size);
    expect(await monitor('closed')).toMatchObject({ code: 0, stdout: expect.not.stringContaining('notice') });
    small.append(round('b'.repeat(64), 'head-m-1'));
    mirror('closed-again', small, small.size);
    const again = await monitor('closed-again');
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`notice: entry 5: round 3 of "Lyon" was closed again with another slip: ${'b'.repeat(64)}, after ${'a'.repeat(64)}`),
    });
    small.append(round('c'.repeat(64), 'another-head'));
    mirror('contradicted', small, small.size);
    expect(await monitor('contradicted')).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('ALARM: entry 6: round 3 of "Lyon" counts match m-1 at revision 2 with head another-head'),
    });
  }, 60_000);
});
