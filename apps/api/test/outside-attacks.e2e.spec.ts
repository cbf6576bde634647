// Attacks from an outside review of issue 8 (a forger, a curious spectator, a leaked token): each failed before its fix.
import { canonicalJson } from '@matchlog/audit';
import { chainEvents, eventHash } from '@matchlog/audit';
import { parseJsonLines } from '@matchlog/audit';
import { SignedHead, pinnedKeysOf } from '@matchlog/audit';
import { verifyLog } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { createHash } from 'crypto';
import { rmSync } from 'fs';
import { join } from 'path';
import { CATALOG_DB, EVENT_STORE } from '../src/injection-keys';
import { draw, lorcanaMatch, zone } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

const NDJSON = 'application/x-ndjson';
const asText = (req: any) =>
  req.buffer(true).parse((r: any, done: any) => {
    let s = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (s += c));
    r.on('end', () => done(null, s));
  });

describe('attacks from outside', () => {
  let t: TestApp;
  /** the data directory of the first app, which restarts keep */
  let dataDir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dataDir = t.dataDir;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A match as the version before chain salts and logged tokens wrote it: chained, unsalted, its judge token only in the catalog. */
  const legacyMatch = async (id: string, cards: unknown[]) => {
    const [created] = chainEvents([
      {
        id: `${id}-created`,
        type: 'MatchCreated',
        data: { ...lorcanaMatch(), cards },
        meta: { recordedBy: 'organizer', recordedAt: '2026-11-01T10:00:00.000Z' },
      } as unknown as MatchEvent,
    ]);
    await t.app.get<EventStore>(EVENT_STORE).append(id, 0, [created as never]);
    const judge = `mlt_legacy_${id}`;
    await t.app
      .get(CATALOG_DB)
      .insertInto('match_tokens')
      .values({ token_hash: createHash('sha256').update(judge).digest('hex'), match_id: id, role: 'judge', player_id: null, from_log: 0 })
      .execute();
    // such a token predates the instance, which reads the legacy grants when it starts
    await t.app.close();
    t = await startTestApp({ dataDir });
    return judge;
  };

  it('[leak] a match recorded before chain salts gives its receipt to its judge only: an unsalted hash lets a brute force find a hidden draw', async () => {
    const deck = Array.from({ length: 60 }, (_, i) => ({ cardId: `d${i}`, owner: 'p1', definition: `Card ${i}`, zone: zone('deck', 'p1') }));
    const judge = await legacyMatch('legacy-bf', [...deck, ...lorcanaMatch().cards.filter((c) => c.owner === 'p2')]);
    for (const caller of [{}, { Authorization: 'Bearer nobody' }]) {
      const refused = await t.http().get('/matches/legacy-bf/receipt').set(caller);
      expect([refused.status, refused.body.code]).toEqual(caller.Authorization ? [401, 'UNAUTHENTICATED'] : [403, 'RECEIPT_WITHHELD']);
    }
    const before = (await t.http().get('/matches/legacy-bf/receipt').set(t.bearer(judge)).expect(200)).body as SignedHead;
    await t
      .http()
      .post('/matches/legacy-bf/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ id: 'legacy-draw-1', ...draw('d37') }] })
      .expect(201);
    const after = (await t.http().get('/matches/legacy-bf/receipt').set(t.organizer).expect(200)).body as SignedHead;
    // what a spectator could have done with these two receipts: 60 cards x every millisecond between them
    const found: string[] = [];
    for (let ms = Date.parse(before.head.time); ms <= Date.parse(after.head.time); ms++) {
      const recordedAt = new Date(ms).toISOString();
      for (const card of deck) {
        const guess = {
          id: 'legacy-draw-1',
          type: 'CardMoved',
          data: { cardId: card.cardId, from: zone('deck', 'p1'), to: zone('hand', 'p1') },
          meta: { recordedBy: 'organizer', recordedAt },
        } as unknown as MatchEvent;
        if (eventHash(before.head.hash, guess) === after.head.hash) found.push(card.cardId);
      }
    }
    expect(found).toEqual(['d37']);
  });

  it('[wrong grant] re-issuing the judge token revokes a judge token issued before tokens were logged', async () => {
    const leaked = await legacyMatch('legacy-tok', lorcanaMatch().cards);
    await t.http().get('/matches/legacy-tok/audit').set(t.bearer(leaked)).expect(200);
    await t
      .http()
      .post('/matches/legacy-tok/tokens')
      .set(t.organizer)
      .send({ roles: ['judge'] })
      .expect(201);
    await t.http().get('/matches/legacy-tok/audit').set(t.bearer(leaked)).expect(401); // today: 200
  });

  it('[forgery accepted] an ended match cut back to an earlier revision, with a receipt any spectator fetched then as its head, fails verify and import', async () => {
    const id = 'cut-1';
    const { judge } = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw('c01')] })
      .expect(201);
    const receipt = (await t.http().get(`/matches/${id}/receipt`).expect(200)).body;
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 3, events: [{ type: 'MatchEnded', data: { winner: 'p2', reason: 'concession' } }] })
      .expect(201);
    const lines = ((await asText(t.http().get(`/matches/${id}/export`).set(t.bearer(judge))).expect(200)).body as string).trimEnd().split('\n');
    const cut = `${[...lines.slice(0, 3), canonicalJson({ signedHead: receipt })].join('\n')}\n`;
    const pinned = pinnedKeysOf(JSON.stringify((await t.http().get('/.well-known/jwks.json')).body)) as never;
    const parsed = parseJsonLines(cut);
    expect('error' in parsed ? { ok: false } : verifyLog(parsed, { pinned })).toMatchObject({ ok: false }); // today: ok, the MatchEnded gone
    const other = await startTestApp({ signingKeyFile: join(dataDir, 'signing-key.pem') });
    try {
      expect((await other.http().post('/matches/import').set(other.organizer).set('Content-Type', NDJSON).send(cut)).status).toBe(422); // today: 201, a live match
    } finally {
      await other.close();
    }
  });

  it('[minor] the signed head line has one reading: no field the signature does not cover', () => {
    const head = { head: { hash: 'a'.repeat(64), kid: 'k', matchId: 'm', revision: 1, time: 't' }, jwk: { crv: 'Ed25519', kty: 'OKP', x: 'AAAA' }, signature: 'AAAA' };
    for (const extra of [
      { ...head, note: 'approved by the head judge' },
      { ...head, jwk: { ...head.jwk, kid: 'anything' } },
    ]) {
      const line = canonicalJson({ signedHead: extra });
      expect(parseJsonLines(`${line}\n`)).toHaveProperty('error'); // today: accepted
    }
  });

  it('[minor] a signature has one spelling: flipping the spare low bits of its last character is refused', async () => {
    const { judge } = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('spell-1')).expect(201)).body.tokens;
    const lines = ((await asText(t.http().get('/matches/spell-1/export').set(t.bearer(judge))).expect(200)).body as string).trimEnd().split('\n');
    const { signedHead } = JSON.parse(lines.at(-1)!);
    const last = signedHead.signature.at(-1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1];
    const respelled = canonicalJson({ signedHead: { ...signedHead, signature: signedHead.signature.slice(0, -1) + twin } });
    const parsed = parseJsonLines(`${[...lines.slice(0, -1), respelled].join('\n')}\n`);
    expect('error' in parsed ? { ok: false } : verifyLog(parsed)).toMatchObject({ ok: false });
  });

  it('[minor] an export that fails answers its JSON error as application/json', async () => {
    const res = await t.http().get('/matches/nope/export').set(t.organizer).expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/); // today: application/x-ndjson
  });
});
