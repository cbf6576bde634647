import { execFile } from 'child_process';
import { generateKeyPairSync } from 'crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { ROOT, START_COMMAND, ServerProcess, startServerProcess } from '@matchlog/testkit';

/** Where one engine keeps its data, as the server's environment says it. */
export interface Engine {
  readonly name: 'sqlite' | 'postgres';
  readonly env: NodeJS.ProcessEnv;
  /** the bytes its data takes on disk: the store's and the catalog's */
  diskBytes(): Promise<number>;
}

export const sqliteEngine = (dataDir: string, organizerKey: string): Engine => ({
  name: 'sqlite',
  env: { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: organizerKey },
  // every file of the data directory: the store and the catalog with their WAL and shared-memory files
  diskBytes: async () => filesIn(dataDir).reduce((sum, file) => sum + statSync(file).size, 0),
});

/** A shared store wants the signing key in a file every instance reads (as the multi-instance tests make it). */
const signingKeyFileIn = (dir: string) => {
  const file = join(dir, 'signing-key.pem');
  writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  return file;
};

export const postgresEngine = (dir: string, databaseUrl: string, organizerKey: string): Engine => ({
  name: 'postgres',
  env: {
    MATCHLOG_DATA_DIR: ensureDir(join(dir, 'data')),
    MATCHLOG_STORE: 'postgres',
    MATCHLOG_DATABASE_URL: databaseUrl,
    MATCHLOG_SIGNING_KEY_FILE: signingKeyFileIn(dir),
    MATCHLOG_ORGANIZER_KEY: organizerKey,
  },
  diskBytes: async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
      return Number(rows[0].size);
    } finally {
      await client.end();
    }
  },
});

const ensureDir = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  return dir;
};

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)]));

/** The compiled server (dist/, built first if stale, as `npm start` does) on this engine; `nodeOptions` go to node before the script. */
export const startServer = async (engine: Engine, nodeOptions: readonly string[] = []): Promise<ServerProcess> => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(ROOT, 'scripts', 'build.js')).buildIfStale();
  return startServerProcess({ env: { ...engine.env, LOG_LEVEL: 'warn' }, args: [...nodeOptions, ...START_COMMAND] });
};

export const stopServer = async (server: ServerProcess): Promise<void> => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
};

/** The resident set of a process in bytes (VmRSS), undefined where /proc is missing. */
export const rssOf = (pid: number | undefined): number | undefined => {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
};

/** `matchlog rebuild`, compiled (dist/apps/cli/src/main.js rebuild), on this engine, the server stopped: its wall time in ms. */
export const timedRebuild = (engine: Engine): Promise<number> =>
  new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    execFile(
      process.execPath,
      [join(ROOT, 'dist/apps/cli/src/main.js'), 'rebuild'],
      { cwd: ROOT, env: { PATH: process.env.PATH, ...engine.env, LOG_LEVEL: 'warn' }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => (error ? reject(new Error(`rebuild failed: ${stderr || stdout}`)) : resolve(Number(process.hrtime.bigint() - start) / 1e6)),
    );
  });
