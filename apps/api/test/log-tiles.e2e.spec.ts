import {
  ENTRIES_LEVEL,
  Tile,
  decodeEntryBundle,
  formatMatchEntry,
  inclusionProofIndexes,
  leafHash,
  openCheckpoint,
  parseTlogProof,
  verifyConsistency,
  parseMatchEntry,
  proveInclusion,
  tileHashReader,
  tilePath,
  tilesToRead,
  verifierFromKey,
  verifyInclusion,
} from '@matchlog/ledger';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, partsWithTime, startTestApp } from './support/test-app';

const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
};
const SECOND = 1000;
const ended = [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }];
const DEFINITIONS = lorcanaMatch().cards.map((card) => card.definition);

/** The log's tlog-tiles API over HTTP, checked with libs/ledger alone, as a monitor would. */
describe('the server log (GET /log/checkpoint, /log/tile/…, /log/key)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ logIntervalMs: 50 }, partsWithTime(time))));
  afterAll(() => t.close());

  const binary = async (path: string) => {
    const answer = await t
      .http()
      .get(`/log/${path}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return answer;
  };
  const verifier = async () => verifierFromKey((await t.http().get('/log/key').expect(200)).text.trim());
  const checkpointNote = async () => (await t.http().get('/log/checkpoint').expect(200)).text;
  const opened = async () => openCheckpoint(await checkpointNote(), [await verifier()]).checkpoint;
  /** Polls the checkpoint until the tree holds `size` entries (the sequencer runs every 50 ms). */
  const treeOf = async (size: number) => {
    for (let i = 0; i < 400; i++) {
      const checkpoint = await opened().catch(() => undefined);
      if (checkpoint && checkpoint.size >= size) return checkpoint;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the log never reached ${size} entries`);
  };
  const entriesAt = async (size: number) => {
    const tile: Tile = { level: ENTRIES_LEVEL, n: 0, width: size };
    const answer = await binary(tilePath(tile));
    expect(answer.status).toBe(200);
    return decodeEntryBundle(answer.body as Buffer, size);
  };
  const end = async (matchId: string, extra: object = {}) => {
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), ...extra })
      .expect(201);
    await t.http().post(`/matches/${matchId}/events`).set(t.organizer).send({ expectedRevision: 1, events: ended }).expect(201);
  };
  const logged = async (size: number) => (await entriesAt(size)).map((entry) => parseMatchEntry(entry.toString('utf8')));

  it('logs each ended match: its entry is in the signed tree, proved from the tiles the server serves', async () => {
    await end('log-a');
    await end('log-b');
    const checkpoint = await treeOf(2);
    const entries = await entriesAt(checkpoint.size);
    const parsed = entries.map((entry) => parseMatchEntry(entry.toString('utf8')));
    expect(parsed.map((entry) => [entry.matchId, entry.kind, entry.revision])).toEqual([
      ['log-a', 'match-ended', 2],
      ['log-b', 'match-ended', 2],
    ]);
    const receipt = (await t.http().get('/matches/log-a/receipt').expect(200)).body;
    expect(parsed[0]).toMatchObject({ head: receipt.head.hash, kid: receipt.head.kid });

    const fetched = new Map<string, Buffer>();
    for (const [index, entry] of entries.entries()) {
      for (const tile of tilesToRead(checkpoint, inclusionProofIndexes(checkpoint.size, index))) {
        const answer = await binary(tilePath(tile));
        expect(answer.status).toBe(200);
        fetched.set(tilePath(tile), answer.body as Buffer);
      }
      const read = tileHashReader(checkpoint, (tile) => fetched.get(tilePath(tile)));
      const proof = proveInclusion(checkpoint.size, index, read);
      expect(verifyInclusion(index, checkpoint.size, leafHash(entry), proof, checkpoint.root)).toBe(true);
    }
  });

  it('serves full tiles as immutable and the checkpoint briefly; refuses a bad tile path or one past the tree with 404 LOG_TILE_NOT_FOUND', async () => {
    const checkpoint = await treeOf(2);
    const partial = await binary(`tile/0/000.p/${checkpoint.size}`);
    expect(partial.headers['cache-control']).toBe('public, max-age=5');
    expect((await t.http().get('/log/checkpoint').expect(200)).headers['cache-control']).toBe('public, max-age=5');
    for (const path of ['tile/0/000', `tile/entries/000.p/${checkpoint.size + 1}`, 'tile/0/0', 'tile/x/000', 'tile/1/000.p/1']) {
      const answer = await t.http().get(`/log/${path}`).expect(404);
      expect(answer.body.code).toBe('LOG_TILE_NOT_FOUND');
    }
  });

  it('logs a match whose broadcastDelay holds its end back only once the end is shown', async () => {
    const before = (await treeOf(2)).size;
    await end('log-delayed', { broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' });
    await end('log-after');
    const grown = await treeOf(before + 1);
    expect((await t.http().get('/matches/log-delayed/receipt?proof=1').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    expect((await t.http().get('/matches/log-delayed/log').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    expect((await t.http().get('/matches/log-delayed/log').set(t.organizer).expect(200)).body.entries).toEqual([]);
    expect((await logged(grown.size)).map((entry) => entry.matchId)).not.toContain('log-delayed');
    expect((await logged(grown.size)).map((entry) => entry.matchId)).toContain('log-after');
    time.at += 31 * SECOND;
    const shown = await treeOf(before + 2);
    expect((await logged(shown.size)).map((entry) => entry.matchId).at(-1)).toBe('log-delayed');
    expect((await t.http().get('/matches/log-delayed/log').expect(200)).body).toEqual({
      entries: [{ index: shown.size - 1, kind: 'match-ended', revision: 2 }],
      checkpoint: { size: shown.size, signedAt: new Date(time.at).toISOString(), cosignatures: 0 },
    });
    expect((await t.http().get('/matches/no-such-match/log').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
  });

  it('logs a void as its own entry, and signs no new checkpoint while nothing arrives', async () => {
    const before = (await treeOf(4)).size;
    await t.http().post('/matches/log-a/void').set(t.organizer).send({ reason: 'recorded twice' }).expect(201);
    const checkpoint = await treeOf(before + 1);
    expect((await logged(checkpoint.size)).at(-1)).toMatchObject({ kind: 'match-voided', matchId: 'log-a', revision: 3 });
    const note = await checkpointNote();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await checkpointNote()).toBe(note);
  });

  it("proves a match's latest entry with its receipt (tlog-proof), and any two tree sizes consistent", async () => {
    const checkpoint = await treeOf(5);
    const { receipt, log } = (await t.http().get('/matches/log-a/receipt?proof=1').expect(200)).body;
    expect(receipt.head).toMatchObject({ purpose: 'receipt', matchId: 'log-a', revision: 3 });
    expect(parseMatchEntry(log.entry)).toMatchObject({ kind: 'match-voided', matchId: 'log-a', revision: 3, head: receipt.head.hash });
    const proof = parseTlogProof(log.proof);
    const signed = openCheckpoint(proof.checkpoint, [await verifier()]).checkpoint;
    expect(verifyInclusion(proof.index, signed.size, leafHash(Buffer.from(log.entry)), proof.inclusion, signed.root)).toBe(true);
    const first = (await logged(1))[0];
    const consistency = (await t.http().get('/log/proof/consistency').query({ from: 1, to: checkpoint.size }).expect(200)).text;
    const hashes = consistency
      .split('\n')
      .filter(Boolean)
      .map((line) => Buffer.from(line, 'base64'));
    expect(verifyConsistency(1, checkpoint.size, leafHash(Buffer.from(formatMatchEntry(first))), checkpoint.root, hashes)).toBe(true);
    expect(
      (
        await t
          .http()
          .get('/log/proof/consistency')
          .query({ from: 0, to: checkpoint.size + 1 })
          .expect(400)
      ).body.code,
    ).toBe('LOG_SIZE_OUT_OF_RANGE');
  });

  it('puts no card name and no chain salt in any entry, tile or checkpoint', async () => {
    const checkpoint = await treeOf(5);
    const salts = await Promise.all(
      ['log-a', 'log-b', 'log-delayed', 'log-after'].map(async (id) => {
        const body = (await t.http().get(`/matches/${id}/export`).set(t.organizer).expect(200)).text;
        return JSON.parse(body.split('\n')[0]).meta.chainSalt as string;
      }),
    );
    expect(salts.every((salt) => typeof salt === 'string' && salt.length > 0)).toBe(true);
    const bytes = [
      Buffer.from(await checkpointNote()),
      (await binary(`tile/0/000.p/${checkpoint.size}`)).body as Buffer,
      (await binary(`tile/entries/000.p/${checkpoint.size}`)).body as Buffer,
    ];
    const all = Buffer.concat(bytes);
    for (const secret of [...DEFINITIONS, ...salts]) expect(all.includes(Buffer.from(secret))).toBe(false);
  });
});
