import { execFile } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import { TestApp, startTestApp } from './support/test-app';

const REDOCLY = join(__dirname, '..', '..', '..', 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** An outside reader of /docs-json: Redocly's recommended rules, offline (no telemetry, no update check). */
const lint = async (document: unknown): Promise<{ code: number; output: string }> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-redocly-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // cwd: the temporary directory, so no redocly.yaml of the checkout changes the rules
    const run = promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'stylish', file], { cwd: dir, env });
    return await run.then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('the OpenAPI document, read by Redocly with its recommended rules', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('has no error (warnings are allowed)', async () => {
    const { code, output } = await lint((await t.http().get('/docs-json').expect(200)).body);
    expect(output.split('\n').filter((line) => /^\s*\d+:\d+\s+error\s/.test(line))).toEqual([]);
    expect(output).toContain('Your API description is valid');
    expect(code).toBe(0);
  });

  it('would see an error: a nullable without a type, and no servers', async () => {
    const document = (await t.http().get('/docs-json').expect(200)).body;
    const { type: _type, ...untyped } = document.components.schemas.JudgeView.properties.game;
    document.components.schemas.JudgeView.properties.game = untyped;
    const { code, output } = await lint({ ...document, servers: [] });
    expect(code).not.toBe(0);
    expect(output).toMatch(/error\s+nullable-type-sibling/);
    expect(output).toMatch(/error\s+no-empty-servers/);
  });
});
