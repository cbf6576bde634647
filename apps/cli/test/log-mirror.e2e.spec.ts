import { ENTRIES_LEVEL, Tile, decodeEntryBundle, leafHash, openCheckpoint, proveInclusion, tileHashReader, tilePath, verifierFromKey, verifyInclusion } from '@matchlog/ledger';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from '../../api/test/support/fixtures';
import { listening } from '../../api/test/support/sse-client';
import { TestApp, startTestApp } from '../../api/test/support/test-app';
import { logMirror, tilesOf } from '../src/log-mirror';

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
