import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { SqliteEventStore, StoredEvent } from '@matchlog/store';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const APPENDER = join(__dirname, 'support', 'append-under-load.ts');
const KILL_AFTER_ACKS = 600;

interface Ack {
  stream: string;
  revision: number;
  position: number;
}

/** Runs the appender on `file`, SIGKILLs it once it has acknowledged `acks` appends, and returns what it acknowledged. */
const appendUntilKilled = (file: string, acks: number): Promise<Ack[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, APPENDER, file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killed && out.split('\n').length > acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`the appender ended by itself (${code}): ${err}`));
      // a line cut by the kill was not acknowledged
      const lines = out.split('\n').slice(0, -1);
      resolve(lines.map((line) => line.split(' ')).map(([stream, revision, position]) => ({ stream, revision: Number(revision), position: Number(position) })));
    });
  });

describe('SqliteEventStore durability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-durability-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append when the writing process is killed mid-flight, without gaps or duplicates', async () => {
    const file = join(dir, 'events.sqlite');

    const acks = await appendUntilKilled(file, KILL_AFTER_ACKS);

    expect(acks.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    const store = SqliteEventStore.open(file);
    try {
      const all = await store.readAll(0, Number.MAX_SAFE_INTEGER);
      all.slice(1).forEach((event, i) => expect(event.position).toBeGreaterThan(all[i].position));
      const streams = new Map<string, StoredEvent[]>();
      for (const event of all) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
      for (const [stream, events] of streams) {
        expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i + 1));
        expect(events.map((e) => e.id)).toEqual(events.map((_, i) => `${stream}-${i + 1}`));
        expect(await store.revisionOf(stream)).toBe(events.length);
      }
      for (const ack of acks) {
        const events = streams.get(ack.stream) ?? [];
        expect(events[ack.revision - 1]?.position).toBe(ack.position);
      }
    } finally {
      await store.close();
    }
  }, 60_000); // the appender is compiled on start (@swc-node/register): slow on 2 busy cores
});
