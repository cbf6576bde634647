import { ed25519NoteSigner, encodeEntryBundle, formatCheckpoint, parseCheckpoint, parseNote, privateKeyFromSeed, signNote } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { createHash } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { Server, createServer } from 'http';
import { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { logMirror } from '../src/log-mirror';
import { LogSource, LogUnreachable, logSourceOf, readEntries } from '../src/log-source';
import { matchlogFromSource } from './run-source-cli';

/** A hostile log's operator: it holds the log's key, so its checkpoints verify; what it serves is up to it. */
describe('a hostile log fed to log verify and monitor', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let handle: (path: string, reply: (status: number, body?: string | Buffer) => void) => void = () => undefined;
  const log = TestLog.of(10);
  const signer = ed25519NoteSigner(log.origin, privateKeyFromSeed(createHash('sha256').update(log.origin).digest()));
  /** A checkpoint the log's key signs, of a tree of `size` entries with a root that no tiles back. */
  const claimed = (size: number) => signNote(formatCheckpoint({ origin: log.origin, size, root: Buffer.alloc(32, 7), extensions: [] }), [signer]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-hostile-'));
    writeFileSync(join(dir, 'policy'), `log ${log.vkey}\nquorum none\n`);
    server = createServer((request, response) =>
      handle(request.url!.replace(/^\/log\//, ''), (status, body) => {
        response.statusCode = status;
        response.end(body);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/log/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('a log that never answers: the read gives up (LogUnreachable), it does not hang', async () => {
    handle = () => undefined;
    await expect(logSourceOf(base, { timeoutMs: 200 }).read('checkpoint')).rejects.toThrow(LogUnreachable);
    await expect(logSourceOf(base, { timeoutMs: 200 }).read('checkpoint')).rejects.toThrow(/no answer within 0.2 s/);
  });

  it('an answer over what the file can hold is refused, not read into memory', async () => {
    handle = (_path, reply) => reply(200, Buffer.alloc(2 * 1024 * 1024, 'a'));
    const source = logSourceOf(base);
    await expect(source.read('checkpoint')).rejects.toThrow(/over 1048576 bytes/);
    await expect(source.read('tile/0/000')).rejects.toThrow(/over 8192 bytes/);
  });

  it('a checkpoint claiming a huge tree: the entries are checked a bundle at a time, so the first bad bundle stops the read', async () => {
    const tree = parseCheckpoint(parseNote(claimed(256 * 100_000)).text);
    const reads: string[] = [];
    const source: LogSource = {
      name: 'hostile',
      read: async (path) => {
        reads.push(path);
        if (path.startsWith('tile/entries/')) return encodeEntryBundle(Array.from({ length: 256 }, () => Buffer.alloc(0)));
        return new Uint8Array(8192);
      },
    };
    await expect(readEntries(source, tree, 0)).rejects.toThrow(/not 32|does not hash|do not hash/);
    expect(reads.filter((path) => path.startsWith('tile/entries/')).length).toBe(1);
  });

  it('monitor: a log that stops answering mid-read is exit 2 (could not be read), not an ALARM', async () => {
    const whole = TestLog.of(300, log.origin);
    const mirror = join(dir, 'mirror');
    whole.writeMirror(mirror);
    const { readFileSync } = await import('fs');
    handle = (path, reply) => {
      if (path.startsWith('tile/entries/001')) return reply(503, 'busy');
      try {
        reply(200, readFileSync(join(mirror, path)));
      } catch {
        reply(404);
      }
    };
    const run = await matchlogFromSource(['monitor', '--log', base, '--policy', join(dir, 'policy'), '--state', join(dir, 'state'), '--server', 'http://127.0.0.1:9/']);
    expect(run.stdout).not.toContain('ALARM');
    expect(run).toMatchObject({ code: 2, stderr: expect.stringContaining('tile/entries/001.p/44 answered 503') });
  }, 60_000);

  it('log mirror: a server that stalls on a tile is exit 1 with what timed out, not a hang', async () => {
    const mirror = join(dir, 'mirror-of');
    TestLog.of(3, log.origin).writeMirror(mirror);
    const { readFileSync } = await import('fs');
    handle = (path, reply) => {
      if (path === 'key') return reply(200, `${log.vkey}\n`);
      if (path.startsWith('tile/entries/')) return;
      reply(200, readFileSync(join(mirror, path)));
    };
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(await logMirror([join(dir, 'copy'), '--server', base.replace(/\/log\/$/, '')], () => undefined, { timeoutMs: 200 })).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join('\n')).toMatch(/tile\/entries\/000\.p\/3 could not be fetched: no answer within 0.2 s/);
  });
});
