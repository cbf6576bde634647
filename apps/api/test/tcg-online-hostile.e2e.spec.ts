import { tcgOnlineSamples } from '@matchlog/testkit';
import { strToU8, zipSync } from 'fflate';
import { TestApp, startTestApp } from './support/test-app';

/** Issue 37, findings 4, 6, 8, 9 and 11 over HTTP: each malformed replay a clear 4xx naming what is wrong, nothing stored. */
const small = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!;

describe('POST /matches/import/tcg-online: malformed replays, each a clear 4xx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = () => t.http().post('/matches/import/tcg-online').set(t.organizer);
  const variant = (gameId: string, change: (replay: any) => void) => {
    const replay = JSON.parse(small.json);
    replay.gameId = gameId;
    change(replay);
    return JSON.stringify(replay);
  };
  const nothingStoredFor = async (gameId: string) => {
    const answer = await t.http().get(`/matches/tcg-online-${gameId}/views/judge`).set(t.organizer);
    expect([answer.status, answer.body.code]).toEqual([404, 'MATCH_NOT_FOUND']);
  };

  it('no seed, or a null one: 422 REPLAY_MALFORMED with details naming seed (was 500 INTERNAL_ERROR)', async () => {
    for (const [gameId, change] of [
      ['no-seed', (replay: any) => delete replay.seed],
      ['null-seed', (replay: any) => (replay.seed = null)],
    ] as const) {
      const answer = await post().set('Content-Type', 'application/json').send(variant(gameId, change));
      expect([answer.status, answer.body.code, answer.body.details?.[0]?.path]).toEqual([422, 'REPLAY_MALFORMED', 'seed']);
      await nothingStoredFor(gameId);
    }
  });

  it('a patch setting __proto__ as its last key: 422 REPLAY_MALFORMED naming the step', async () => {
    const body = variant('proto-last', (replay) => replay.steps[5].patches.push({ op: 'replace', path: ['G', '__proto__'], value: { polluted: true } }));
    const answer = await post().set('Content-Type', 'application/json').send(body);
    expect([answer.status, answer.body.code, answer.body.step]).toEqual([422, 'REPLAY_MALFORMED', 5]);
    await nothingStoredFor('proto-last');
  });

  it('a createdAt of 9999-12-31: 422 REPLAY_TIME_IMPLAUSIBLE naming metadata.createdAt, and the match does not lead GET /matches', async () => {
    const body = variant('far-future', (replay) => (replay.metadata.createdAt = '9999-12-31T23:59:59.000Z'));
    const answer = await post().set('Content-Type', 'application/json').send(body);
    expect([answer.status, answer.body.code, answer.body.details?.[0]?.path]).toEqual([422, 'REPLAY_TIME_IMPLAUSIBLE', 'metadata.createdAt']);
    await nothingStoredFor('far-future');
    const list = await t.http().get('/matches').set(t.organizer).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('tcg-online-far-future');
  });

  it('a step after the server clock: 422 REPLAY_TIME_IMPLAUSIBLE naming the step', async () => {
    const future = Date.now() + 24 * 3600 * 1000;
    const body = variant('step-future', (replay) => (replay.steps.at(-1).acceptedMove.timestamp = future));
    const answer = await post().set('Content-Type', 'application/json').send(body);
    expect([answer.status, answer.body.code]).toEqual([422, 'REPLAY_TIME_IMPLAUSIBLE']);
    expect(answer.body.message).toMatch(/in the future/);
    await nothingStoredFor('step-future');
  });

  it('a zip with two replay.json entries: 422 REPLAY_ENTRIES_AMBIGUOUS naming both', async () => {
    const first = strToU8(variant('dup-first', () => undefined));
    const last = strToU8(variant('dup-last', () => undefined));
    const zip = zipWithTwoReplays(first, last);
    const answer = await post().set('Content-Type', 'application/zip').send(Buffer.from(zip));
    expect([answer.status, answer.body.code, answer.body.entries]).toEqual([422, 'REPLAY_ENTRIES_AMBIGUOUS', ['replay.json (entry 1 of 2)', 'replay.json (entry 2 of 2)']]);
    await nothingStoredFor('dup-first');
    await nothingStoredFor('dup-last');
  });

  it('a .zip labelled application/x-zip-compressed, as Windows browsers send it: imported (was 415)', async () => {
    const zip = zipSync({ 'replay.json': strToU8(variant('windows-zip', () => undefined)) });
    const answer = await post().set('Content-Type', 'application/x-zip-compressed').send(Buffer.from(zip));
    expect([answer.status, answer.body.matchId]).toEqual([201, 'tcg-online-windows-zip']);
  });

  it("a body over the import's limit: 413 naming MATCHLOG_REPLAY_LIMIT, the setting that limits this route, and its bytes", async () => {
    const huge = `{"version":2,"pad":"${'x'.repeat(9 * 1024 * 1024)}"}`;
    const answer = await post()
      .set('Content-Type', 'application/json')
      .send(huge)
      .catch((error: { response?: { status: number; body: { code: string; message: string; maxBytes: number } } }) => error.response);
    expect([answer?.status, answer?.body.code, answer?.body.maxBytes]).toEqual([413, 'BODY_TOO_LARGE', 8 * 1024 * 1024]);
    expect(answer?.body.message).toContain('MATCHLOG_REPLAY_LIMIT');
    expect(answer?.body.message).not.toContain('MATCHLOG_BODY_LIMIT');
  });

  it('a body over the limit elsewhere still names MATCHLOG_BODY_LIMIT', async () => {
    const answer = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .set('Content-Type', 'application/json')
      .send(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`)
      .catch((error: { response?: { status: number; body: { code: string; message: string } } }) => error.response);
    expect([answer?.status, answer?.body.code]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(answer?.body.message).toContain('MATCHLOG_BODY_LIMIT');
  });
});

/** A zip (stored, no compression) of two entries both named replay.json: fflate's zipSync keys entries by name, so it is written here (APPNOTE.txt 4.3). */
function zipWithTwoReplays(a: Uint8Array, b: Uint8Array): Uint8Array {
  const name = strToU8('replay.json');
  const crcOf = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const data of [a, b]) {
    const crc = crcOf(data);
    const local = new Uint8Array(30 + name.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(data, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 2, true);
  ev.setUint16(10, 2, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
