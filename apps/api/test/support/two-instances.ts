import { generateKeyPairSync, randomBytes } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PostgresEventStore, StoredEvent } from '@matchlog/store';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { RestartableServer, ServerProcess, startRestartableServer } from '@matchlog/testkit';

export interface Instance {
  readonly name: string;
  readonly base: string;
  /** the process running now (a new one after `server.restart()`) */
  readonly process: ServerProcess;
  /** kill it (`server.kill()`, SIGKILL by default), start it again on the same port and settings (`server.restart()`) */
  readonly server: RestartableServer;
  /** fetch on this instance; JSON in and out */
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
}

export interface Cluster {
  readonly a: Instance;
  readonly b: Instance;
  readonly organizerKey: string;
  readonly database: TestDatabase;
  /** a third instance on the same database and keys (to restart one that was killed) */
  start(name: string): Promise<Instance>;
  stop(): Promise<void>;
}

/**
 * Two compiled API servers (libs/testkit/src/server-process.ts) on one PostgreSQL database,
 * events and read models, sharing the organizer key and the signing key file as a deployment does.
 * Each has a data directory of its own, which holds nothing they need; `settings`: more of the environment, for both.
 */
export const startTwoInstances = async (given?: TestDatabase, settings: Readonly<Record<string, string>> = {}): Promise<Cluster> => {
  const database = given ?? (await createTestDatabase());
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-multi-'));
  const signingKeyFile = join(dir, 'signing-key.pem');
  writeFileSync(signingKeyFile, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  const organizerKey = `mlo_${randomBytes(24).toString('base64url')}`;
  const running: RestartableServer[] = [];
  const start = async (name: string): Promise<Instance> => {
    const server = await startRestartableServer({
      env: {
        MATCHLOG_STORE: 'postgres',
        MATCHLOG_DATABASE_URL: database.url,
        MATCHLOG_DATA_DIR: join(dir, name),
        MATCHLOG_ORGANIZER_KEY: organizerKey,
        MATCHLOG_SIGNING_KEY_FILE: signingKeyFile,
        ...settings,
      },
    });
    running.push(server);
    return {
      name,
      base: server.base,
      server,
      get process() {
        return server.process;
      },
      call: (method, path, options) => call(server.base, method, path, options),
    };
  };
  const [a, b] = await Promise.all([start('a'), start('b')]);
  return {
    a,
    b,
    organizerKey,
    database,
    start,
    stop: async () => {
      for (const server of running) await server.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const call = async (base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token !== undefined && { Authorization: `Bearer ${options.token}` }),
      ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

/** A match's stream as the shared store holds it, read straight from PostgreSQL (no instance's cache in between). */
export const storedLog = async (cluster: Cluster, matchId: string): Promise<StoredEvent[]> => {
  const store = await PostgresEventStore.open(cluster.database.url, { poolSize: 1 });
  try {
    return await store.readStream(matchId);
  } finally {
    await store.close();
  }
};
