import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ServerProcess, freePort, startServerProcess } from './server-process';

export type Exit = Awaited<ServerProcess['exited']>;

/** The compiled server as one API instance that a test kills and starts again, on the same port and settings. */
export interface RestartableServer {
  readonly base: string;
  readonly port: number;
  /** the process running now (or the last one, once killed) */
  readonly process: ServerProcess;
  readonly running: boolean;
  /** Ends the process (SIGKILL by default: no graceful shutdown) and resolves with how it ended. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
  /** Kills the process if it runs, then starts a new one on the same port and environment; resolves once it is ready (/health/ready: caught up with the log). */
  restart(signal?: NodeJS.Signals): Promise<void>;
  /** Ends it gracefully (SIGTERM). */
  stop(): Promise<void>;
}

const alive = (process: ServerProcess) => process.child.exitCode === null && process.child.signalCode === null;

/** Starts the compiled server with `env` on a free port (or `port`), and keeps both for its restarts. */
export const startRestartableServer = async ({ env, port, cwd }: { env: NodeJS.ProcessEnv; port?: number; cwd?: string }): Promise<RestartableServer> => {
  const chosen = port ?? (await freePort());
  let current = await startServerProcess({ env, port: chosen, cwd });
  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<Exit> => {
    if (alive(current)) current.child.kill(signal);
    return current.exited;
  };
  return {
    base: `http://127.0.0.1:${chosen}`,
    port: chosen,
    get process() {
      return current;
    },
    get running() {
      return alive(current);
    },
    kill,
    restart: async (signal?: NodeJS.Signals) => {
      await kill(signal);
      current = await startServerProcess({ env, port: chosen, cwd });
    },
    stop: async () => {
      await kill('SIGTERM');
    },
  };
};

export interface SqliteServer extends RestartableServer {
  readonly dataDir: string;
  readonly organizerKey: string;
  /** stops it and removes its data directory */
  stop(): Promise<void>;
}

/**
 * One API instance on the default store (SQLite) in a fresh data directory that its restarts keep:
 * what a single-server venue runs. `env`: more settings (MATCHLOG_FEED_HEARTBEAT_MS, say).
 */
export const startSqliteServer = async (env: NodeJS.ProcessEnv = {}): Promise<SqliteServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-restartable-'));
  const organizerKey = `mlo_${randomBytes(24).toString('base64url')}`;
  try {
    const server = await startRestartableServer({ env: { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: organizerKey, ...env } });
    return {
      base: server.base,
      port: server.port,
      get process() {
        return server.process;
      },
      get running() {
        return server.running;
      },
      kill: server.kill,
      restart: server.restart,
      dataDir,
      organizerKey,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
};
