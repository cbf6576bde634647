import { chainEvents, toJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');

/** runs bin/matchlog.js as an auditor would: no server, no database */
const matchlog = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [join(root, 'bin', 'matchlog.js'), ...args], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    ),
  );

const lorcana = (): MatchEvent[] => {
  const match = JSON.parse(readFileSync(join(root, 'examples/lorcana/match.json'), 'utf8'));
  const body = JSON.parse(readFileSync(join(root, 'examples/lorcana/events.json'), 'utf8'));
  const stamp = { recordedBy: 'scorekeeper', recordedAt: '2026-11-21T10:00:00.000Z' };
  return [{ id: 'e0', type: 'MatchCreated', data: match, meta: stamp }, ...body.events.map((e: object, i: number) => ({ id: `e${i + 1}`, ...e, meta: stamp }))];
};

describe('npx matchlog (offline CLI)', () => {
  let dir: string;
  let exported: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-cli-'));
    exported = join(dir, 'match.jsonl');
    writeFileSync(exported, toJsonLines(chainEvents(lorcana())));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verify: an intact export passes; one changed line is found and located', async () => {
    const ok = await matchlog('verify', exported);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain('chain intact: 46 events');
    const lines = readFileSync(exported, 'utf8').split('\n');
    lines[9] = lines[9].replace(/"turn":\d+/, '"turn":99').replace(/"Ariel[^"]*"/, '"Forged"');
    const forged = join(dir, 'forged.jsonl');
    writeFileSync(forged, lines.join('\n'));
    const broken = await matchlog('verify', forged, '--json');
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).chain).toMatchObject({ ok: false, line: 10, reason: 'changed' });
  });

  it('audit: a clean match exits 0; a planted violation exits 1 and is named with its rule, in English or Spanish', async () => {
    expect(await matchlog('audit', exported)).toMatchObject({ code: 0, stdout: expect.stringContaining('no findings') });
    const planted = join(root, 'examples/audit/lorcana/look-without-effect.jsonl');
    const en = await matchlog('audit', planted);
    expect(en.code).toBe(1);
    expect(en.stdout).toMatch(/LOOK_WITHOUT_EFFECT\s+\(lorcana 7\.1\.3, violation/);
    const es = await matchlog('audit', planted, '--lang', 'es', '--json');
    expect(JSON.parse(es.stdout).findings[0].message).toMatch(/zona privada/);
  });

  it('replay --as p2 --at 20 prints what p2 saw then: p1 hand by count only; the judge sees it all', async () => {
    const p2 = await matchlog('replay', exported, '--as', 'p2', '--at', '20');
    expect(p2.code).toBe(0);
    expect(p2.stdout).toContain('as p2, revision 20');
    expect(p2.stdout).toMatch(/hand@p1 \(3\)\n {2}h\d+ \?\n {2}h\d+ \?\n {2}h\d+ \?/);
    const view = JSON.parse((await matchlog('replay', exported, '--as', 'judge', '--at', '20', '--json')).stdout);
    expect(view.zones['hand@p1'].cards.every((c: { cardId: string }) => c.cardId)).toBe(true);
  });

  it('knowledge --at 20: which deck positions are still random, and who knows which hidden card', async () => {
    const out = await matchlog('knowledge', exported, '--at', '20');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/deck@p1: \d+ cards, \d+ still random/);
    expect(JSON.parse((await matchlog('knowledge', exported, '--at', '20', '--json')).stdout).revision).toBe(20);
    expect(out.stdout).toMatch(/hidden cards someone other than their owner can identify:\n {2}none/);
    // 7.2.3: Under the Sea put them on the bottom of p1's deck face up, in a known order: everyone still knows them there
    const later = await matchlog('knowledge', exported, '--at', '40');
    expect(later.stdout).toMatch(/Ariel - On Human Legs \[c13\] in deck@p1: p2 \(public-zone at r\d+\), public/);
  });

  it('bad usage and unreadable files exit 2 with a message naming the problem', async () => {
    expect(await matchlog('replay', exported)).toMatchObject({ code: 2, stderr: expect.stringContaining('needs --as') });
    expect(await matchlog('replay', exported, '--as', 'p9')).toMatchObject({ code: 2, stderr: expect.stringContaining('audiences are p1, p2, public, judge') });
    expect(await matchlog('knowledge', exported, '--at', '999')).toMatchObject({ code: 2, stderr: expect.stringContaining('past the end') });
    expect(await matchlog('audit', join(dir, 'missing.jsonl'))).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    writeFileSync(join(dir, 'bad.jsonl'), '{"id":"a","type":"TurnStarted","data":{"player":"p1","turn":1}}\nnot json\n');
    expect(await matchlog('audit', join(dir, 'bad.jsonl'))).toMatchObject({ code: 2, stderr: expect.stringContaining('line 2') });
    expect(await matchlog('frobnicate', exported)).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
  });
});
