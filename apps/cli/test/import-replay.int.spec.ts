import { parseJsonLines } from '@matchlog/audit';
import { TCG_ONLINE_SAMPLES, sharedReplaysFolder, tcgOnlineSamples } from '@matchlog/testkit';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { matchlogFromSource as matchlog } from './run-source-cli';

/** `npx matchlog import-replay <folder>` without --server: each replay to JSON Lines the offline commands read. */
describe('npx matchlog import-replay, offline', () => {
  const samples = tcgOnlineSamples();
  let dir: string;
  let out: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-import-'));
    out = join(dir, 'out');
    mkdirSync(out);
    for (const sample of samples) copyFileSync(join(TCG_ONLINE_SAMPLES, sample.name), join(dir, sample.name));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const jsonl = (name: string) => join(out, name.replace(/\.zip$/, '.jsonl'));

  it('converts a folder of the four samples, one line per replay, a summary table, and what the files expose per audience', async () => {
    const run = await matchlog(['import-replay', dir, '--out', out]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    samples.forEach((sample, i) => expect(run.stdout).toContain(`${i + 1}/4 ${sample.name}: converted`));
    expect(run.stdout).toMatch(/replay +result +match, file or why/);
    expect(run.stdout).toContain('4 converted, 0 refused');
    expect(run.stdout).toMatch(/ {2}p1: deck@p1 in order, deck@p2 in order, hand@p2, .*the seed that predicts every shuffle/);
    const single = await matchlog(['import-replay', join(dir, samples[0].name), '--out', out]);
    expect(single.stdout).toMatch(/ {2}p1: 60 cards of deck@p1 in order, 60 cards of deck@p2 in order, \d+ cards of hand@p2, .*the seed that predicts every shuffle/);
    expect(run.stdout).toMatch(/ {2}public: deck@p1 in order, deck@p2 in order, hand@p1, hand@p2/);
    for (const sample of samples) {
      const log = parseJsonLines(readFileSync(jsonl(sample.name), 'utf8'));
      if ('error' in log) throw new Error(log.error.message);
      expect(log.events[0]).toMatchObject({ type: 'MatchCreated', meta: { recordedBy: 'organizer', chainSalt: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      // every shuffle sealed as the server seals it: a salt drawn, a commitment computed
      const shuffles = log.events.filter((e) => e.type === 'ZoneShuffled');
      expect(shuffles.length).toBeGreaterThan(0);
      for (const shuffle of shuffles) expect(shuffle.data).toMatchObject({ salt: expect.stringMatching(/^[0-9a-f]{32}$/), commitment: expect.any(String) });
    }
  });

  // one test a sample: four CLI runs each, which fit jest's limit on a loaded machine where sixteen did not
  it.each(samples.map((sample) => [sample.name, sample]))('%s: the output is a log verify, audit, replay and knowledge read offline', async (_name, sample) => {
    const file = jsonl(sample.name);
    const verified = await matchlog(['verify', file, '--allow-unsigned']);
    expect([sample.name, verified.code, verified.stdout]).toEqual([sample.name, 0, expect.stringContaining('shuffle commitments: all match')]);
    // the audit's verdict on tcg.online's games (docs/explanation/importing.md): no finding, offline as on the server
    const audited = await matchlog(['audit', file, '--json']);
    expect([sample.name, audited.stderr]).toEqual([sample.name, '']);
    expect([sample.name, JSON.parse(audited.stdout).findings]).toEqual([sample.name, []]);
    expect(JSON.parse(audited.stdout).revision).toBe((parseJsonLines(readFileSync(file, 'utf8')) as { events: unknown[] }).events.length);
    const knowledge = await matchlog(['knowledge', file]);
    expect(knowledge).toMatchObject({ code: 0, stderr: '' });
    expect(knowledge.stdout).toMatch(/what this log names beyond each audience's view, up to revision \d+/);
    expect(knowledge.stdout).toMatch(/\n {2}p1: 60 cards of deck@p1 in order, 60 cards of deck@p2 in order, \d+ cards of hand@p2/);
    const seen = await matchlog(['replay', file, '--as', 'p2', '--json']);
    expect(seen.code).toBe(0);
    expect(JSON.parse(seen.stdout).audience).toBe('p2');
  });

  it("gives each replay's steps in the match: printed, in --json, and as each event's meta.step of the .jsonl (the judge's forfeit, r12)", async () => {
    const name = 'r12-amber-amethyst-control-vs-emerald-amethyst-ink-judge-forfeit-turn6.replay.json';
    const file = join(dir, name);
    copyFileSync(join(sharedReplaysFolder(), name), file);
    const printed = await matchlog(['import-replay', file, '--out', out]);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toContain(`${name}, its steps in the match:`);
    const run = await matchlog(['import-replay', file, '--out', out, '--json']);
    const [result] = JSON.parse(run.stdout).results as { kind: string; revision: number; steps: { step: number; from: number; to: number }[] }[];
    expect(result.kind).toBe('converted');
    const last = result.steps.at(-1)!;
    expect(last).toEqual({ step: 21, from: result.revision - 1, to: result.revision });
    expect(printed.stdout).toContain(`step 21: #${last.from}-#${last.to}`);
    const log = parseJsonLines(readFileSync(join(out, name.replace(/\.json$/, '.jsonl')), 'utf8'));
    if ('error' in log) throw new Error(log.error.message);
    expect(log.events.slice(last.from - 1).map((event) => [event.type, event.meta?.step])).toEqual([
      ['PlayerLeft', 21],
      ['MatchEnded', 21],
    ]);
    for (const { step, from, to } of result.steps) expect(log.events.slice(from - 1, to).every((event) => event.meta?.step === step)).toBe(true);
  });

  it('refuses what it cannot read, naming the code and why, and exits 1; a bad argument exits 2', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(join(bad, 'broken.json'), '{"version": 3}');
    copyFileSync(join(TCG_ONLINE_SAMPLES, samples[3].name), join(bad, samples[3].name));
    const run = await matchlog(['import-replay', bad]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/broken\.json +refused +REPLAY_/);
    expect(run.stdout).toContain('1 converted, 1 refused');
    expect(await matchlog(['import-replay'])).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: matchlog import-replay') });
    expect(await matchlog(['import-replay', join(dir, 'nothing-here')])).toMatchObject({ code: 2, stderr: expect.stringContaining('can not be read') });
    expect(await matchlog(['import-replay', bad, '--server', 'http://localhost:1'], { MATCHLOG_ORGANIZER_KEY: '' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs the organizer key'),
    });
  });
});
