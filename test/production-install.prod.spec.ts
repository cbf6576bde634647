import { randomBytes } from 'crypto';
import { execFile } from 'child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { promisify } from 'util';
import { draw, lorcanaMatch } from '../apps/api/test/support/fixtures';
import { ROOT, ServerProcess, startServerProcess } from '@matchlog/testkit';
import { blocksOf } from './support/shell-blocks';

const run = promisify(execFile);
const KEY = randomBytes(24).toString('base64url');

/** The production install, as README says and the Dockerfile's build stage runs it (issue 15 §6). */
const SEQUENCE = [
  ['npm', 'ci'],
  ['npm', 'run', 'build'],
  ['npm', 'prune', '--omit=dev'],
];
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const buildStage = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('\nFROM ', dockerfile.indexOf('AS build')));
const RUNS = [...buildStage.matchAll(/^RUN (npm .*)$/gm)].flatMap((m) => m[1].split(' && ').map((command) => command.split(' ')));
const CMD = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].map((m) => JSON.parse(m[1]) as string[]).at(-1)!;
const HEALTHCHECK = /^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$/m.exec(dockerfile)?.[1];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };

/** A clean clone's files: what git tracks, as they stand in the working tree (so uncommitted edits are tested too). */
const cleanCopy = async (into: string) => {
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(ROOT, file), join(into, file));
  }
};

describe('a production install: npm ci && npm run build && npm prune --omit=dev && npm start, on a clean clone', () => {
  let app: string;
  let server: ServerProcess | undefined;
  beforeAll(() => (app = mkdtempSync(join(tmpdir(), 'matchlog-production-'))));
  // after each test, so a failed one leaves no server running (started by npm, the server is in its own process group)
  afterEach(() => {
    if (server?.child.exitCode !== null) return;
    try {
      process.kill(-server.child.pid!, 'SIGKILL');
    } catch {
      server.child.kill('SIGKILL');
    }
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it("is docs/guides/operator.md's production install, which test/docs-shell.e2e.spec.ts leaves to this file", () => {
    const install = blocksOf('docs/guides/operator.md').find((block) => block.code.startsWith('npm ci'))!;
    expect(install.notRun).toMatch(/^runs in test\/production-install\.prod\.spec\.ts/);
    expect(install.code).toBe([...SEQUENCE, ['npm', 'start']].map((command) => command.join(' ')).join(' && '));
  });

  it("is the Dockerfile's build stage, and its image runs what npm start runs", () => {
    expect(RUNS.filter(([npm]) => npm === 'npm').map((c) => c.join(' '))).toEqual(expect.arrayContaining(SEQUENCE.map((c) => c.join(' '))));
    expect(RUNS.map((c) => c.join(' ')).filter((c) => SEQUENCE.some((s) => s.join(' ') === c))).toEqual(SEQUENCE.map((c) => c.join(' ')));
    // npm start execs node (so a SIGTERM to npm reaches the server itself); the image runs the same node command
    expect(pkg.scripts.start).toMatch(/^exec node /);
    expect([
      'node',
      ...pkg.scripts.start
        .replace(/^exec /, '')
        .split(' ')
        .slice(1),
    ]).toEqual(CMD);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/node_modules \.\/node_modules$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it(
    'starts without building, with no devDependency, serves a match, and the CLI verifies its export',
    async () => {
      await cleanCopy(app);
      for (const [npm, ...args] of SEQUENCE) await run(npm, args, { cwd: app, env: { ...process.env, NODE_ENV: '' }, maxBuffer: 64 * 1024 * 1024 });
      const built = readFileSync(join(app, 'dist', '.built'), 'utf8');
      expect(existsSync(join(app, 'dist/apps/api/src/main.js.map'))).toBe(true);
      const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
      const devOnly = Object.entries(lock.packages)
        .filter(([path, entry]) => path !== '' && entry.dev)
        .map(([path]) => path);
      expect(devOnly).toEqual(expect.arrayContaining(['node_modules/@swc/core', 'node_modules/@swc-node/register', 'node_modules/typescript', 'node_modules/jest']));
      expect(devOnly.filter((path) => existsSync(join(app, path)))).toEqual([]);
      expect(existsSync(join(app, 'node_modules/better-sqlite3'))).toBe(true);
      // the pruned install has no node of its own: npm start runs the first on the PATH, the suite's, of the `node` devDependency's line
      expect((await run('sh', ['-c', 'node --version'], { cwd: app })).stdout.trim()).toBe(process.version);
      expect(process.version).toMatch(new RegExp(`^v${pkg.devDependencies.node.split('.')[0]}\\.`));

      server = await startServerProcess({
        cwd: app,
        command: 'npm',
        args: ['start'],
        env: { NODE_ENV: 'production', MATCHLOG_DATA_DIR: join(app, 'data'), MATCHLOG_ORGANIZER_KEY: KEY },
      });
      expect(server.stderr()).not.toContain('matchlog: built');
      expect(readFileSync(join(app, 'dist', '.built'), 'utf8')).toBe(built);
      const organizer = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
      const created = await fetch(`${server.base}/matches`, { method: 'POST', headers: organizer, body: JSON.stringify(lorcanaMatch('prod-1')) });
      expect(created.status).toBe(201);
      const { tokens } = (await created.json()) as { tokens: { players: Record<string, string>; judge: string } };
      const appended = await fetch(`${server.base}/matches/prod-1/events`, {
        method: 'POST',
        headers: organizer,
        body: JSON.stringify({ expectedRevision: 1, events: [draw('c01')] }),
      });
      expect(await appended.json()).toEqual({ matchId: 'prod-1', revision: 2, position: 3 });
      const view = (await (await fetch(`${server.base}/matches/prod-1/views/p1`, { headers: { authorization: `Bearer ${tokens.players.p1}` } })).json()) as {
        zones: Record<string, { cards: { definition?: string }[] }>;
      };
      expect(view.zones['hand@p1'].cards.map((c) => c.definition)).toContain('Ariel - On Human Legs');
      const exported = await fetch(`${server.base}/matches/prod-1/export`, { headers: { authorization: `Bearer ${tokens.judge}` } });
      expect(exported.status).toBe(200);
      writeFileSync(join(app, 'prod-1.jsonl'), await exported.text());
      process.kill(-server.child.pid!, 'SIGKILL');
      await server.exited;

      // the image's CMD, as written there, on the same files: ready by its HEALTHCHECK, and a graceful SIGTERM
      server = await startServerProcess({ cwd: app, args: CMD.slice(1), env: { NODE_ENV: 'production', MATCHLOG_DATA_DIR: join(app, 'data'), MATCHLOG_ORGANIZER_KEY: KEY } });
      const [healthNode, ...healthArgs] = JSON.parse(HEALTHCHECK!) as string[];
      expect(healthNode).toBe('node');
      await expect(run(process.execPath, healthArgs, { cwd: app, env: { ...process.env, PORT: new URL(server.base).port } })).resolves.toBeDefined();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      const verified = await run(process.execPath, ['bin/matchlog.js', 'verify', 'prod-1.jsonl'], { cwd: app });
      expect(verified.stdout).toContain('chain intact: 2 events');
      expect(readFileSync(join(app, 'dist', '.built'), 'utf8')).toBe(built);
    },
    15 * 60_000,
  );
});
