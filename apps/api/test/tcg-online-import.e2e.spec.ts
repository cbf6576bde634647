import { parseJsonLines } from '@matchlog/audit';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { strToU8, zipSync } from 'fflate';
import { TestApp, startTestApp } from './support/test-app';

/** POST /matches/import/tcg-online (issue 27 §1, §3): the four samples over HTTP, then hostile files, each refused with nothing stored. */
const samples = tcgOnlineSamples();
const small = samples.find((sample) => sample.name.startsWith('07-'))!;
const ZIP = 'application/zip';

describe('POST /matches/import/tcg-online', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = () => t.http().post('/matches/import/tcg-online').set(t.organizer);
  const postZip = (bytes: Uint8Array) => post().set('Content-Type', ZIP).send(Buffer.from(bytes));
  /** nothing stored: no match for the game, and the store's log holds no event of it */
  const nothingStoredFor = async (gameId: string) => {
    const answer = await t.http().get(`/matches/tcg-online-${gameId}/views/judge`).set(t.organizer);
    expect([answer.status, answer.body.code]).toEqual([404, 'MATCH_NOT_FOUND']);
  };

  it("imports each sample, zipped as tcg.online downloads it, as a new match with tokens; each event at its step's time", async () => {
    for (const sample of samples) {
      const replay = JSON.parse(sample.json);
      const answer = await postZip(sample.zip);
      expect([sample.name, answer.status]).toEqual([sample.name, 201]);
      expect(answer.body).toMatchObject({
        matchId: `tcg-online-${replay.gameId}`,
        revision: expect.any(Number),
        tokens: { players: { p1: expect.any(String), p2: expect.any(String) }, judge: expect.any(String) },
      });
      // what the file names beyond each audience's view: the other hand, both decks in order, the seed
      const exposed = Object.fromEntries(answer.body.exposes.map((e: { audience: string; zones: { zone: string }[] }) => [e.audience, e.zones.map((z) => z.zone)]));
      expect(Object.keys(exposed)).toEqual(['p1', 'p2', 'public']);
      expect(exposed.p1).toEqual(expect.arrayContaining(['deck@p1', 'deck@p2', 'hand@p2']));
      expect(exposed.p1).not.toContain('hand@p1');
      expect(exposed.p2).not.toContain('hand@p2');
      expect(exposed.public).toEqual(expect.arrayContaining(['hand@p1', 'hand@p2']));
      expect(answer.body.exposes.every((e: { seed: boolean }) => e.seed)).toBe(true);
      const { matchId, revision } = answer.body;
      const exported = await t.http().get(`/matches/${matchId}/export`).set(t.organizer).expect(200);
      const log = parseJsonLines(exported.text);
      if ('error' in log) throw new Error(log.error.message);
      expect(log.events).toHaveLength(revision);
      const times = new Set(replay.steps.map((step: { acceptedMove: { timestamp: number } }) => new Date(step.acceptedMove.timestamp).toISOString()));
      expect(log.events.slice(1).every((event) => times.has(event.meta!.recordedAt))).toBe(true);
      expect(log.events[0].meta!.recordedAt).toBe(replay.metadata.createdAt);
      // the server drew a salt and a commitment for every shuffle
      const shuffles = log.events.filter((event) => event.type === 'ZoneShuffled');
      expect(shuffles.length).toBeGreaterThanOrEqual(2);
      expect(shuffles.every((event) => /^[0-9a-f]{64}$/.test((event.data as { commitment?: string }).commitment ?? ''))).toBe(true);
      await t.http().get(`/matches/${matchId}/verify`).set(t.organizer).expect(200);
      const judge = (await t.http().get(`/matches/${matchId}/views/judge`).set(t.organizer).expect(200)).body;
      if (replay.metadata.winnerId !== undefined) expect(judge.ended.winner).toBe(replay.metadata.winnerId === replay.playerIds[0] ? 'p1' : 'p2');
      expect(judge.players).toEqual([
        { id: 'p1', name: replay.metadata.players[0].displayName },
        { id: 'p2', name: replay.metadata.players[1].displayName },
      ]);
    }
  });

  it('takes replay.json itself as application/json, and refuses the same game twice with 409 naming its match', async () => {
    const replay = JSON.parse(small.json);
    const again = await post().set('Content-Type', 'application/json').send(small.json);
    expect([again.status, again.body.code, again.body.matchId]).toEqual([409, 'REPLAY_ALREADY_IMPORTED', `tcg-online-${replay.gameId}`]);
    expect(again.body.message).toContain(`tcg-online-${replay.gameId}`);
    const fresh = { ...replay, gameId: 'json-upload-game' };
    const answer = await post().set('Content-Type', 'application/json').send(JSON.stringify(fresh));
    expect([answer.status, answer.body.matchId]).toEqual([201, 'tcg-online-json-upload-game']);
  });

  it("numbers the game in its series when told (?game=, ?bestOf=), the series being the replay's matchId", async () => {
    const replay = { ...JSON.parse(small.json), gameId: 'numbered-game' };
    const answer = await t.http().post('/matches/import/tcg-online?game=2&bestOf=3').set(t.organizer).set('Content-Type', 'application/json').send(JSON.stringify(replay));
    expect(answer.status).toBe(201);
    const judge = (await t.http().get(`/matches/${answer.body.matchId}/views/judge`).set(t.organizer).expect(200)).body;
    expect(judge.tournament).toEqual({ event: `tcg.online match ${replay.matchId}`, round: 1, table: 1, game: 2, bestOf: 3 });
    const wrong = await t
      .http()
      .post('/matches/import/tcg-online?game=0')
      .set(t.organizer)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...replay, gameId: 'never' }));
    expect([wrong.status, wrong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    await nothingStoredFor('never');
  });

  it('needs the organizer key', async () => {
    const answer = await t.http().post('/matches/import/tcg-online').set('Content-Type', ZIP).send(Buffer.from(small.zip));
    expect(answer.status).toBe(401);
    const player = await t.http().post('/matches/import/tcg-online').set('Authorization', 'Bearer nobody').set('Content-Type', ZIP).send(Buffer.from(small.zip));
    expect(player.status).toBe(401);
  });

  describe('hostile files: a clear 4xx, and nothing stored', () => {
    const variant = (gameId: string, change: (replay: any) => void) => {
      const replay = JSON.parse(small.json);
      replay.gameId = gameId;
      change(replay);
      return JSON.stringify(replay);
    };

    it('a truncated patch chain: 422 REPLAY_PATCH_FAILED naming the step', async () => {
      const body = variant('hostile-truncated', (replay) => replay.steps.splice(9, 1));
      const answer = await post().set('Content-Type', 'application/json').send(body);
      expect([answer.status, answer.body.code, answer.body.step]).toEqual([422, 'REPLAY_PATCH_FAILED', 9]);
      expect(answer.body.message).toMatch(/^step 9: /);
      await nothingStoredFor('hostile-truncated');
    });

    it('a patch that does not apply, zipped: 422 REPLAY_PATCH_FAILED', async () => {
      const body = variant('hostile-patch', (replay) => replay.steps[4].patches.push({ op: 'replace', path: ['ctx', 'missing', 'x'], value: 1 }));
      const answer = await postZip(zipSync({ 'replay.json': strToU8(body) }));
      expect([answer.status, answer.body.code, answer.body.step]).toEqual([422, 'REPLAY_PATCH_FAILED', 4]);
      await nothingStoredFor('hostile-patch');
    });

    it('an unknown card: 422 REPLAY_UNKNOWN_CARD naming its short id', async () => {
      const body = variant('hostile-card', (replay) => (replay.cardsMaps.cardInstances[Object.keys(replay.cardsMaps.cardInstances)[3]] = 'NOPE'));
      const answer = await post().set('Content-Type', 'application/json').send(body);
      expect([answer.status, answer.body.code, answer.body.shortId]).toEqual([422, 'REPLAY_UNKNOWN_CARD', 'NOPE']);
      await nothingStoredFor('hostile-card');
    });

    it('wrong types and another version: 422 REPLAY_MALFORMED, REPLAY_VERSION_UNSUPPORTED', async () => {
      const types = await post()
        .set('Content-Type', 'application/json')
        .send(variant('hostile-types', (replay) => (replay.steps = { length: 3 })));
      expect([types.status, types.body.code]).toEqual([422, 'REPLAY_MALFORMED']);
      const array = await post().set('Content-Type', 'application/json').send('[1,2,3]');
      expect([array.status, array.body.code]).toEqual([422, 'REPLAY_MALFORMED']);
      const version = await post()
        .set('Content-Type', 'application/json')
        .send(variant('hostile-version', (replay) => (replay.version = 1)));
      expect([version.status, version.body.code]).toEqual([422, 'REPLAY_VERSION_UNSUPPORTED']);
      const id = await post()
        .set('Content-Type', 'application/json')
        .send(variant('../../etc', () => undefined));
      expect([id.status, id.body.code]).toEqual([422, 'REPLAY_MALFORMED']);
      await nothingStoredFor('hostile-types');
      await nothingStoredFor('hostile-version');
    });

    it('a zip without replay.json, and a body that is no zip: 400 REPLAY_UNREADABLE', async () => {
      const other = await postZip(zipSync({ 'game.json': strToU8(small.json) }));
      expect([other.status, other.body.code]).toEqual([400, 'REPLAY_UNREADABLE']);
      expect(other.body.message).toContain('replay.json');
      const notZip = await post().set('Content-Type', ZIP).send(Buffer.from('PK not really a zip'));
      expect([notZip.status, notZip.body.code]).toEqual([400, 'REPLAY_UNREADABLE']);
    });

    it('a zip bomb: 413 REPLAY_TOO_LARGE, never inflated; one lying about its size is cut there and refused', async () => {
      const bomb = zipSync({ 'replay.json': new Uint8Array(9 * 1024 * 1024).fill(32) }, { level: 9 });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const answer = await postZip(bomb);
      expect([answer.status, answer.body.code, answer.body.maxBytes]).toEqual([413, 'REPLAY_TOO_LARGE', 8 * 1024 * 1024]);
      // the central directory's uncompressed size (offset 24 of its header) says 100 bytes
      const lying = new Uint8Array(bomb);
      const view = new DataView(lying.buffer);
      for (let i = lying.length - 22; i >= 0; i--)
        if (view.getUint32(i, true) === 0x02014b50) {
          view.setUint32(i + 24, 100, true);
          break;
        }
      const cut = await postZip(lying);
      expect(cut.status).toBeGreaterThanOrEqual(400);
      expect(cut.status).toBeLessThan(500);
      expect(['REPLAY_MALFORMED', 'REPLAY_UNREADABLE']).toContain(cut.body.code);
    });

    it('50 MB of JSON: 413 BODY_TOO_LARGE', async () => {
      const huge = `{"version":2,"pad":"${'x'.repeat(50 * 1024 * 1024)}"}`;
      const answer = await post()
        .set('Content-Type', 'application/json')
        .send(huge)
        .catch((error: { response?: { status: number; body: { code: string } } }) => error.response);
      expect([answer?.status, answer?.body.code]).toEqual([413, 'BODY_TOO_LARGE']);
    });

    it('another media type: 415', async () => {
      const answer = await post().set('Content-Type', 'text/plain').send(small.json);
      expect(answer.status).toBe(415);
    });
  });
});
