import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

/** The README walk-through's `json` shell helper, as the README defines it, run by bash on an answer. */
const helper = readFileSync(join(__dirname, '..', 'README.md'), 'utf8')
  .split('\n')
  .find((line) => line.startsWith('json() {'));

const json = (answer: string, expression: string): { stdout: string; status: number | null } => {
  const run = spawnSync('bash', ['-c', `${helper}\njson "$1"`, 'json', expression], { input: answer, encoding: 'utf8' });
  return { stdout: run.stdout, status: run.status };
};

describe("the README walk-through's json helper", () => {
  it('is defined in the README', () => {
    expect(helper).toBeDefined();
  });

  it('prints the part of an answer the expression names', () => {
    expect(json('{"counters":{"p1":{"lore":20}},"ok":false}', '.counters')).toEqual({ stdout: '{\n "p1": {\n  "lore": 20\n }\n}\n', status: 0 });
    expect(json('{"ok":false}', '.ok').stdout).toBe('false\n');
    expect(json('{"code":"BROADCAST_DELAYED","message":"wait"}', '.code').stdout).toBe('"BROADCAST_DELAYED"\n');
    expect(json('{"findings":[{"severity":"violation"},{"severity":"note"}]}', '.findings.filter((f) => f.severity === "violation").length').stdout).toBe('1\n');
  });

  it('prints an error answer whole instead of crashing on it', () => {
    const problem = { statusCode: 403, code: 'FORBIDDEN', message: 'this token may not do that' };
    for (const expression of ['.findings.filter((f) => f.severity === "violation").length', '.zones["hand@p1"]', '.matches.map((m) => m.matchId)']) {
      const { stdout, status } = json(JSON.stringify(problem), expression);
      expect(status).toBe(0);
      expect(JSON.parse(stdout)).toEqual(problem);
    }
  });

  it('prints an answer that is no JSON as it came, and says so when there is none', () => {
    expect(json('Bad Gateway', '.x')).toEqual({ stdout: 'Bad Gateway\n', status: 0 });
    expect(json('', '.x').stdout).toBe('(no answer: is the server running?)\n');
  });
});
