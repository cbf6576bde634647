import { randomBytes } from 'crypto';
import { execFile } from 'child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import { draw, lorcanaMatch } from '../apps/api/test/support/fixtures';
import { ROOT, ServerProcess, startServerProcess } from '../apps/api/test/support/server-process';

const { build } = require('../scripts/build.js') as { build: (into: string) => unknown };
const run = promisify(execFile);
const KEY = randomBytes(24).toString('base64url');

/**
 * The Dockerfile's production install and start, as written there: the test runs the same commands
 * on the same files the image's last stage holds, which is what stands in for building the image.
 */
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const INSTALL = [...dockerfile.matchAll(/^RUN (npm ci --omit=dev.*)$/gm)].map((m) => m[1].split(' '));
const CMD = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].map((m) => JSON.parse(m[1]) as string[]).at(-1);
const HEALTHCHECK = /^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$/m.exec(dockerfile)?.[1];
const IMAGE_FILES = ['package.json', 'package-lock.json', 'bin'];

describe('a production install (what the image holds): no devDependencies, the compiled server and CLI', () => {
  let app: string;
  let server: ServerProcess | undefined;
  beforeAll(() => (app = mkdtempSync(join(tmpdir(), 'matchlog-production-'))));
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(app, { recursive: true, force: true });
  });

  it('builds, installs with npm ci --omit=dev, serves a match from dist/, and the CLI verifies its export', async () => {
    expect(INSTALL).toHaveLength(1);
    expect(CMD?.[0]).toBe('node');

    build(join(app, 'dist'));
    for (const file of IMAGE_FILES) cpSync(join(ROOT, file), join(app, file), { recursive: true });
    expect(existsSync(join(app, 'dist/apps/api/src/main.js.map'))).toBe(true);

    const [npm, ...args] = INSTALL[0];
    await run(npm, args, { cwd: app, env: { ...process.env, NODE_ENV: 'production' } });
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.dev).map(([path]) => path);
    expect(devOnly).toEqual(expect.arrayContaining(['node_modules/@swc/core', 'node_modules/@swc-node/register', 'node_modules/typescript', 'node_modules/jest']));
    expect(devOnly.filter((path) => existsSync(join(app, path)))).toEqual([]);
    expect(existsSync(join(app, 'node_modules/better-sqlite3'))).toBe(true);

    server = await startServerProcess({ cwd: app, args: CMD!.slice(1), env: { NODE_ENV: 'production', MATCHLOG_DATA_DIR: join(app, 'data'), MATCHLOG_ORGANIZER_KEY: KEY } });
    const organizer = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.base}/matches`, { method: 'POST', headers: organizer, body: JSON.stringify(lorcanaMatch('prod-1')) });
    expect(created.status).toBe(201);
    const { tokens } = (await created.json()) as { tokens: { players: Record<string, string>; judge: string } };
    const appended = await fetch(`${server.base}/matches/prod-1/events`, { method: 'POST', headers: organizer, body: JSON.stringify({ expectedRevision: 1, events: [draw('c01')] }) });
    expect(await appended.json()).toEqual({ matchId: 'prod-1', revision: 2 });
    const view = (await (await fetch(`${server.base}/matches/prod-1/views/p1`, { headers: { authorization: `Bearer ${tokens.players.p1}` } })).json()) as { zones: Record<string, { cards: { definition?: string }[] }> };
    expect(view.zones['hand@p1'].cards.map((c) => c.definition)).toContain('Ariel - On Human Legs');
    const exported = await fetch(`${server.base}/matches/prod-1/export`, { headers: { authorization: `Bearer ${tokens.judge}` } });
    expect(exported.status).toBe(200);
    writeFileSync(join(app, 'prod-1.jsonl'), await exported.text());
    // the image's HEALTHCHECK, as written there, against this server: ready
    const [healthNode, ...healthArgs] = JSON.parse(HEALTHCHECK!) as string[];
    expect(healthNode).toBe('node');
    await expect(run(process.execPath, healthArgs, { cwd: app, env: { ...process.env, PORT: new URL(server.base).port } })).resolves.toBeDefined();

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const verified = await run(process.execPath, ['bin/matchlog.js', 'verify', 'prod-1.jsonl'], { cwd: app });
    expect(verified.stdout).toContain('chain intact: 2 events');
  }, 15 * 60_000);
});
