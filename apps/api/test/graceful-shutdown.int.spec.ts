import { randomBytes } from 'crypto';
import { parseJsonLines } from '@matchlog/audit';
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { Agent, request } from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from './support/fixtures';
import { ServerProcess, startServerProcess } from '@matchlog/testkit';

const KEY = randomBytes(24).toString('base64url');
const MATCHES = 12;
const organizer = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

/** POST over the writer's own keep-alive connection, as a busy client holds one open */
const post = (agent: Agent, url: string, body: unknown) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: organizer }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject).end(JSON.stringify(body));
  });

const batch = (matchId: string, revision: number) =>
  Array.from({ length: 5 }, (_, k) => ({ id: `${matchId}-r${revision + k + 1}`, type: 'TurnStarted', data: { player: k % 2 ? 'p2' : 'p1', turn: revision + k } }));

describe('SIGTERM on the compiled server (a real process)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'matchlog-shutdown-'))));
  afterEach(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('under append load: stops accepting, finishes the appends in flight, closes the stores, exits 0, and every acknowledged event is there after a restart', async () => {
    const env = { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY };
    server = await startServerProcess({ env });
    const { base } = server;
    const ids = Array.from({ length: MATCHES }, (_, i) => `m${i}`);
    for (const id of ids) expect((await fetch(`${base}/matches`, { method: 'POST', headers: organizer, body: JSON.stringify(lorcanaMatch(id)) })).status).toBe(201);

    const acknowledged = new Map<string, string[]>(ids.map((id) => [id, []]));
    const refused: string[] = [];
    let acks = 0;
    let loaded: () => void;
    const underLoad = new Promise<void>((resolve) => (loaded = resolve));
    // each match has one writer that appends batches back to back, over its own keep-alive connection, until the server stops answering
    const appendUntilRefused = async (id: string) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let revision = 1; ; revision += 5) {
        const events = batch(id, revision);
        let response: { status: number; text: string };
        try {
          response = await post(agent, `${base}/matches/${id}/events`, { expectedRevision: revision, events });
        } catch {
          return agent.destroy(); // not accepted: the server has stopped listening
        }
        if (response.status !== 201) return void refused.push(`${id}@${revision}: ${response.status} ${response.text}`);
        acknowledged.get(id)!.push(...events.map((e) => e.id));
        if (++acks === MATCHES * 4) loaded();
      }
    };
    const writers = ids.map(appendUntilRefused);
    await underLoad;
    server.child.kill('SIGTERM');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    await Promise.all(writers);
    expect(refused).toEqual([]);
    expect(server.stderr()).not.toContain('shutdown took more than');
    // the stores were closed: SQLite folds its write-ahead log back and removes it at the last close
    expect(readdirSync(dataDir).filter((file) => file.endsWith('-wal'))).toEqual([]);

    server = await startServerProcess({ env });
    for (const id of ids) {
      const exported = await fetch(`${server.base}/matches/${id}/export`, { headers: organizer });
      expect(exported.status).toBe(200);
      const parsed = parseJsonLines(await exported.text());
      const stored = new Set('events' in parsed ? parsed.events.map((e) => e.id) : []);
      expect(acknowledged.get(id)!.filter((event) => !stored.has(event))).toEqual([]);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
