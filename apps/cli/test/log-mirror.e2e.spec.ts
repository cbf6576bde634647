import { ENTRIES_LEVEL, Tile, decodeEntryBundle, leafHash, openCheckpoint, proveInclusion, tileHashReader, tilePath, verifierFromKey, verifyInclusion } from '@matchlog/ledger';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { createServer } from 'http';
import { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from '../../api/test/support/fixtures';
import { listening } from '../../api/test/support/sse-client';
import { TestApp, startTestApp } from '../../api/test/support/test-app';
import { logMirror, tilesOf } from '../src/log-mirror';
import { matchlogFromSource as matchlog } from './run-source-cli';

describe('matchlog log mirror <dir> --server URL', () => {
  let t: TestApp;
  let server: string;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ logIntervalMs: 50 });
    server = await listening(t.app);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-mirror-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sizeOf = async (want: number) => {
    for (let i = 0; i < 400; i++) {
      const answer = await t.http().get('/log/checkpoint');
      if (answer.status === 200 && Number(answer.text.split('\n')[1]) >= want) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the log never reached ${want} entries`);
  };

  it('names every tile of a tree: each level, partial tiles last, then the entry bundles', () => {
    expect(tilesOf(0)).toEqual([]);
    expect(tilesOf(3).map(tilePath)).toEqual(['tile/0/000.p/3', 'tile/entries/000.p/3']);
    const paths = tilesOf(256 * 256 + 1).map(tilePath);
    expect(paths).toHaveLength(257 + 1 + 1 + 257);
    expect(paths).toEqual(expect.arrayContaining(['tile/0/255', 'tile/0/256.p/1', 'tile/1/000', 'tile/2/000.p/1', 'tile/entries/255', 'tile/entries/256.p/1']));
    expect(paths).not.toContain('tile/1/001.p/1');
  });

  it('writes the checkpoint and every tile in the tlog-tiles layout; each entry proves from the files alone', async () => {
    for (const id of ['mirror-a', 'mirror-b', 'mirror-c']) {
      await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201);
      await t
        .http()
        .post(`/matches/${id}/events`)
        .set(t.organizer)
        .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }] })
        .expect(201);
    }
    await sizeOf(3);
    expect(await logMirror([dir, '--server', server], () => undefined)).toBe(0);
    const vkey = (await t.http().get('/log/key').expect(200)).text.trim();
    const { checkpoint } = openCheckpoint(readFileSync(join(dir, 'checkpoint'), 'utf8'), [verifierFromKey(vkey)]);
    expect(checkpoint.size).toBe(3);
    const fromDisk = (tile: Tile) => (existsSync(join(dir, tilePath(tile))) ? readFileSync(join(dir, tilePath(tile))) : undefined);
    const entries = decodeEntryBundle(fromDisk({ level: ENTRIES_LEVEL, n: 0, width: 3 })!, 3);
    const read = tileHashReader(checkpoint, fromDisk);
    for (const [index, entry] of entries.entries()) expect(verifyInclusion(index, 3, leafHash(entry), proveInclusion(3, index, read), checkpoint.root)).toBe(true);
    expect(statSync(join(dir, 'tile/0/000.p/3')).size).toBe(3 * 32);
  });

  it('a copy on a static host, the server gone from the picture: monitor follows it and verify --proof proves a match, offline', async () => {
    const files = mkdtempSync(join(tmpdir(), 'matchlog-kept-'));
    const host = createServer((request, response) => {
      const path = join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      if (!path.startsWith(dir) || !existsSync(path) || !statSync(path).isFile()) return void response.writeHead(404).end();
      response.writeHead(200).end(readFileSync(path));
    });
    try {
      writeFileSync(join(files, 'policy'), `log ${(await t.http().get('/log/key').expect(200)).text.trim()}\nquorum none\n`);
      writeFileSync(join(files, 'match.jsonl'), (await t.http().get('/matches/mirror-b/export').set(t.organizer).expect(200)).text);
      writeFileSync(join(files, 'match.tlog-proof'), (await t.http().get('/matches/mirror-b/receipt?proof=1').expect(200)).body.log.proof);
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
      const fromDir = await matchlog(['monitor', '--log', dir, '--policy', join(files, 'policy'), '--state', join(files, 'state-dir')]);
      expect(fromDir).toMatchObject({ code: 0, stdout: expect.stringContaining('3 new entries checked') });
      const fromHost = await matchlog(['monitor', '--log', url, '--policy', join(files, 'policy'), '--state', join(files, 'state-host')]);
      expect(fromHost).toMatchObject({ code: 0, stdout: expect.stringContaining('3 new entries checked') });
      expect(await matchlog(['log', 'verify', '--from', join(dir, 'checkpoint'), '--log', url, '--policy', join(files, 'policy')])).toMatchObject({ code: 0 });
      const proved = await matchlog(['verify', join(files, 'match.jsonl'), '--proof', join(files, 'match.tlog-proof'), '--policy', join(files, 'policy')]);
      expect(proved).toMatchObject({ code: 0, stdout: expect.stringContaining('signed by the log') });
      // the proof is of this match: another match's export does not pass with it
      writeFileSync(join(files, 'other.jsonl'), (await t.http().get('/matches/mirror-c/export').set(t.organizer).expect(200)).text);
      expect((await matchlog(['verify', join(files, 'other.jsonl'), '--proof', join(files, 'match.tlog-proof'), '--policy', join(files, 'policy')])).code).toBe(1);
    } finally {
      host.close();
      rmSync(files, { recursive: true, force: true });
    }
  });

  it('exits 2 on a bad usage and 1 when the server cannot be reached', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await logMirror([], () => undefined)).toBe(2);
      expect(await logMirror([dir, '--server', 'http://127.0.0.1:1'], () => undefined)).toBe(1);
    } finally {
      errors.mockRestore();
    }
  });
});
