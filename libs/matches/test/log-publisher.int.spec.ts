import { createHash, generateKeyPairSync } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogDb, openCatalog, projectIntoCatalog } from '@matchlog/catalog';
import {
  WITNESS_SIZE_CONTENT_TYPE,
  cosignatureVerifier,
  ed25519Cosigner,
  formatWitnessSize,
  openCheckpoint,
  openNote,
  privateKeyFromSeed,
  rawPublicKey,
  verifierFromKey,
  witnessedLogsFromKeys,
} from '@matchlog/ledger';
import { LogReader, LogSequencer, LogWitness, StoredWitnessState, Witness, WitnessClient, WitnessStore } from '@matchlog/matches';
import { InMemoryEventStore } from '@matchlog/store';

const ORIGIN = 'log.test/matchlog';
const { privateKey } = generateKeyPairSync('ed25519');
const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const meta = (hash: string) => ({ recordedBy: 'test', recordedAt: new Date(T0).toISOString(), hash, chainSalt: 'salt' });
const created = (hash: string) => ({ id: hash, type: 'MatchCreated', data: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] }, meta: meta(hash) });
const ended = (hash: string) => ({ id: hash, type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' }, meta: meta(hash) });

const STATUS: Record<string, number> = { WITNESS_REQUEST_MALFORMED: 400, WITNESS_KEY_UNTRUSTED: 403, WITNESS_LOG_UNKNOWN: 404, WITNESS_FORK: 409, WITNESS_PROOF_INVALID: 422 };

class MemoryWitnessStore implements WitnessStore {
  readonly states = new Map<string, StoredWitnessState>();
  async held(origin: string) {
    return this.states.get(origin);
  }
  async compareAndSet(origin: string, expected: StoredWitnessState | undefined, next: StoredWitnessState) {
    if (this.states.get(origin) !== expected) return false;
    this.states.set(origin, next);
    return true;
  }
}

/** A witness (libs/matches' own, in memory) behind a fake network: it can be away, and counts what it was sent. */
class FakeWitness {
  up = true;
  readonly store = new MemoryWitnessStore();
  readonly bodies: string[] = [];
  readonly witness: Witness;
  readonly entry: LogWitness;

  constructor(
    readonly name: string,
    trustedLogKey: string,
    readonly url = `https://${name}/witness`,
    seed = url,
  ) {
    const key = privateKeyFromSeed(createHash('sha256').update(seed).digest());
    this.witness = new Witness(this.store, witnessedLogsFromKeys([trustedLogKey]), ed25519Cosigner(name, key), () => T0);
    this.entry = { url, verifier: cosignatureVerifier(name, rawPublicKey(key)) };
  }

  readonly client: WitnessClient['addCheckpoint'] = async (url, body) => {
    if (!this.up) throw new Error('connect ECONNREFUSED');
    expect(url).toBe(`${this.url}/add-checkpoint`);
    this.bodies.push(body);
    try {
      const answer = await this.witness.addCheckpoint(body);
      if ('heldSize' in answer) return { status: 409, contentType: WITNESS_SIZE_CONTENT_TYPE, body: formatWitnessSize(answer.heldSize) };
      return { status: 200, contentType: 'text/plain', body: answer.cosignature };
    } catch (e) {
      const { code, message } = e as { code: string; message: string };
      return { status: STATUS[code], contentType: 'application/json', body: JSON.stringify({ statusCode: STATUS[code], code, message }) };
    }
  };

  get held(): number | undefined {
    return this.store.states.get(ORIGIN)?.size;
  }
}

describe('the log publishes a checkpoint once the quorum of its witnesses cosigned it (SQLite)', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let db: CatalogDb;
  let matches = 0;
  const warnings: string[] = [];
  const reader = () => new LogReader(db, privateKey, ORIGIN);
  const logKey = () => reader().verifierKey;
  const sequencer = (witnesses: FakeWitness[], quorum?: number) =>
    new LogSequencer({
      catalog: db,
      store,
      time: { now: () => T0 },
      signingKey: privateKey,
      origin: ORIGIN,
      intervalMs: 1000,
      witnesses: witnesses.map((w) => w.entry),
      quorum,
      witnessClient: { addCheckpoint: (url, body) => witnesses.find((w) => url.startsWith(w.url))!.client(url, body) },
      onWarning: (message) => warnings.push(message),
    });
  /** One more ended match, then an interval: integrate and publish. */
  const endOne = async (s: LogSequencer) => {
    matches++;
    await store.append(`m${matches}`, 0, [created(`h${matches}-1`), ended(`h${matches}-2`)]);
    const events = await store.readAll(0, 10_000);
    await db.transaction().execute((trx) => projectIntoCatalog(trx, events));
    await s.integrate();
    await s.publish();
  };
  const publishedSize = async () => (await reader().published())?.size;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-publish-'));
    db = await openCatalog(dir);
    store = new InMemoryEventStore();
    matches = 0;
    warnings.length = 0;
  });
  afterEach(async () => {
    await db.destroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('flush (POST /matches/:id/log, /rounds/close) returns once integrated, not after a witness that answers slowly', async () => {
    const slow = new FakeWitness('slow.test/w', logKey());
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const s = new LogSequencer({
      catalog: db,
      store,
      time: { now: () => T0 },
      signingKey: privateKey,
      origin: ORIGIN,
      intervalMs: 1000,
      witnesses: [slow.entry],
      witnessClient: { addCheckpoint: async (url, body) => (await answered, slow.client(url, body)) },
    });
    await store.append('m-slow', 0, [created('hs-1'), ended('hs-2')]);
    await db.transaction().execute(async (trx) => projectIntoCatalog(trx, await store.readAll(0, 10)));
    const flushed = s.flush().then(() => 'flushed');
    expect(await Promise.race([flushed, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000))])).toBe('flushed');
    expect(await publishedSize()).toBeUndefined();
    release();
    await s.stop();
    await s.publish();
    expect(await publishedSize()).toBe(1);
  });

  it('with the quorum up: the published note carries every cosignature, each verified, and the tiles and proofs follow it', async () => {
    const [a, b] = [new FakeWitness('a.test/w', logKey()), new FakeWitness('b.test/w', logKey())];
    const s = sequencer([a, b]);
    await endOne(s);
    await endOne(s);
    const published = (await reader().published())!;
    expect(published).toMatchObject({ size: 2, signedAt: new Date(T0).toISOString(), cosignatures: 2 });
    expect(openCheckpoint(published.note, [verifierFromKey(logKey())]).checkpoint.size).toBe(2);
    expect(openNote(published.note, [a.entry.verifier, b.entry.verifier]).verified.map((sig) => sig.name)).toEqual(['a.test/w', 'b.test/w']);
    expect(await reader().checkpoint()).toBe(published.note);
    expect([a.held, b.held]).toEqual([2, 2]);
    expect(a.bodies.at(-1)).toMatch(/^old 1\n/);
    expect(warnings).toEqual([]);
  });

  it('publishes nothing new while the quorum is away, keeps the old checkpoint, and publishes the next one once it is back; a warning once, no secret in it', async () => {
    const a = new FakeWitness('a.test/w', logKey(), 'https://user:s3cret@a.test/witness');
    const s = sequencer([a]);
    await endOne(s);
    const before = (await reader().published())!;
    a.up = false;
    await endOne(s);
    await s.publish();
    expect(await reader().published()).toEqual(before);
    await expect(reader().tile('tile/0/000.p/2')).rejects.toMatchObject({ code: 'LOG_TILE_NOT_FOUND' });
    await expect(reader().proofOf('m2')).rejects.toMatchObject({ code: 'LOG_ENTRY_NOT_PUBLISHED' });
    expect(await reader().entriesOf('m2')).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/witness a\.test\/w \(https:\/\/a\.test\/witness\) could not be reached/);
    expect(warnings.join()).not.toContain('s3cret');
    a.up = true;
    await s.publish();
    expect(await reader().published()).toMatchObject({ size: 2, cosignatures: 1 });
    expect(await reader().entriesOf('m2')).toEqual([{ index: 1, kind: 'match-ended', revision: 2 }]);
    expect(await reader().proofOf('m2')).toMatchObject({ entry: expect.stringContaining('match m2') });
  });

  it('with a quorum of 1 of 2 publishes while one is away, and adds its cosignature once it is back', async () => {
    const [a, b] = [new FakeWitness('a.test/w', logKey()), new FakeWitness('b.test/w', logKey())];
    b.up = false;
    const s = sequencer([a, b], 1);
    await endOne(s);
    expect(await reader().published()).toMatchObject({ size: 1, cosignatures: 1 });
    b.up = true;
    await s.publish();
    expect(await reader().published()).toMatchObject({ size: 1, cosignatures: 2 });
    const asked = a.bodies.length + b.bodies.length;
    await s.publish();
    expect(a.bodies.length + b.bodies.length).toBe(asked);
  });

  it('asks again at the size a witness answers 409 with (a restart forgot it), with a consistency proof from the stored hashes', async () => {
    const a = new FakeWitness('a.test/w', logKey());
    await endOne(sequencer([a]));
    await endOne(sequencer([a]));
    await endOne(sequencer([a]));
    expect(a.bodies.map((body) => body.split('\n')[0])).toEqual(['old 0', 'old 0', 'old 1', 'old 0', 'old 2']);
    expect(await reader().published()).toMatchObject({ size: 3, cosignatures: 1 });
    expect(a.held).toBe(3);
  });

  it('publishes nothing a witness refuses (403 for another log key), and counts no cosignature that does not verify with the listed key', async () => {
    const stranger = new FakeWitness('a.test/w', new LogReader(db, generateKeyPairSync('ed25519').privateKey, ORIGIN).verifierKey);
    await endOne(sequencer([stranger]));
    expect(await reader().published()).toBeUndefined();
    expect(warnings[0]).toMatch(/refused the checkpoint of size 1 \(old size 0\): 403 WITNESS_KEY_UNTRUSTED/);

    const liar = new FakeWitness('b.test/w', logKey());
    const other = new FakeWitness('b.test/w', logKey(), liar.url, 'another key');
    const s = new LogSequencer({
      catalog: db,
      store,
      time: { now: () => T0 },
      signingKey: privateKey,
      origin: ORIGIN,
      intervalMs: 1000,
      witnesses: [{ url: liar.url, verifier: other.entry.verifier }],
      witnessClient: { addCheckpoint: (url, body) => liar.client(url, body) },
      onWarning: (message) => warnings.push(message),
    });
    // a different key under the same name: the same key ID only by chance, so no cosignature by the listed key
    await s.publish();
    expect(await publishedSize()).toBeUndefined();
    expect(warnings.at(-1)).toMatch(/b\.test\/w .*(no cosignature by its key|does not verify)/);
  });
});
