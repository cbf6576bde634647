import { MatchCreatedData, MatchlogClient, RevisionConflict } from '@matchlog/client';
import { verifyLog, verifyReceipt } from '@matchlog/client/verify';
import { ServerProcess, startServerProcess } from '@matchlog/testkit';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { version } from '../package.json';

const KEY = randomBytes(24).toString('base64url');
const zone = (zone: string, player?: string) => ({ zone, ...(player && { player }) });
const MATCH: MatchCreatedData = {
  game: 'lorcana',
  players: [
    { id: 'p1', name: 'Ada' },
    { id: 'p2', name: 'Grace' },
  ],
  cards: [
    { cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: zone('deck', 'p1') },
    { cardId: 'c02', owner: 'p2', definition: 'Moana - Of Motunui', zone: zone('hand', 'p2') },
  ],
} as MatchCreatedData;

// the library against the compiled server over real HTTP: what an integrator's game client does
describe('@matchlog/client against a real server', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-client-'));
    server = await startServerProcess({ env: { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY } });
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is versioned as the API is: the OpenAPI document's info.version", async () => {
    const document = (await (await fetch(`${server.base}/docs-json`)).json()) as { info: { version: string } };
    expect(version).toBe(document.info.version);
  });

  it('creates a match, appends (a retry answered as the first), follows p1 to `ended` and verifies the receipt and the export', async () => {
    const organizer = new MatchlogClient({ baseUrl: server.base, token: KEY });
    const created = await organizer.createMatch(MATCH, { matchId: 'client-e2e', eventId: 'client-e2e-created' });
    expect(created).toMatchObject({ matchId: 'client-e2e', revision: 1 });
    const recorder = new MatchlogClient({ baseUrl: server.base, token: created.tokens.recorder });

    // p1 follows from the start while the recorder records
    const seen: { revision: number; observation: unknown }[] = [];
    const p1 = new MatchlogClient({ baseUrl: server.base, token: created.tokens.players.p1 });
    const following = p1.follow('client-e2e', 'p1', (entry) => void seen.push(entry));

    const first = await recorder.append('client-e2e', 1, [
      { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
      { type: 'CardMoved', data: { cardId: 'c01', from: zone('deck', 'p1'), to: zone('hand', 'p1') } },
    ]);
    expect(first.revision).toBe(3);
    // the same batch again (its answer lost, say): the server answers as the first time, and writes nothing twice
    const again = await recorder.request<{ revision: number }>({ method: 'POST', path: '/matches/client-e2e/events', body: { expectedRevision: 1, events: first.events } });
    expect(again.revision).toBe(3);
    await expect(recorder.append('client-e2e', 1, [{ type: 'TurnStarted', data: { player: 'p2', turn: 2 } }])).rejects.toMatchObject({
      constructor: RevisionConflict,
      currentRevision: 3,
    });
    const ended = await recorder.append('client-e2e', 3, [
      { type: 'TurnStarted', data: { player: 'p2', turn: 2 } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'p2 conceded' } },
    ]);
    expect(ended.position).toBeGreaterThan(first.position!);
    // the catalog, asked with the append's position, includes the append
    const { matches } = await new MatchlogClient({ baseUrl: server.base }).matches({ player: 'p1', after: ended.position });
    expect(matches.find((m) => m.matchId === 'client-e2e')).toMatchObject({ revision: 5, status: 'ended' });

    await expect(following.done).resolves.toEqual({ revision: 5 });
    expect(seen.map((e) => e.revision)).toEqual([1, 2, 3, 4, 5]);
    // p1 sees its own draw: the card's name
    expect(JSON.stringify(seen[2].observation)).toContain('Ariel - On Human Legs');
    expect((await p1.view('client-e2e', 'p1')).revision).toBe(5);

    const [receipt, jwks] = await Promise.all([p1.receipt('client-e2e'), p1.jwks()]);
    expect(verifyReceipt(receipt, jwks)).toMatchObject({ ok: true, matchId: 'client-e2e', revision: 5 });
    expect(verifyReceipt({ ...receipt, head: { ...receipt.head, revision: 4 } }, jwks)).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(verifyReceipt(receipt, { keys: [] })).toMatchObject({ ok: false, code: 'SIGNATURE_KEY_UNKNOWN' });

    const exported = await (await fetch(`${server.base}/matches/client-e2e/export`, { headers: { Authorization: `Bearer ${created.tokens.judge}` } })).text();
    expect(verifyLog(exported, { jwks, receipt })).toMatchObject({ ok: true, revision: 5, receiptRevision: 5 });
    expect(verifyLog(exported.replace('p2 conceded', 'p1 conceded'), { jwks })).toMatchObject({ ok: false, code: 'CHAIN_BROKEN' });
  });

  it('voids a match with the organizer key: the result slip lists it void; a judge cannot, and a second void is MATCH_ALREADY_VOIDED', async () => {
    const organizer = new MatchlogClient({ baseUrl: server.base, token: KEY });
    const tournament = { event: 'Client Cup', round: 1, table: 3, game: 1 };
    const created = await organizer.createMatch({ ...MATCH, tournament } as MatchCreatedData, { matchId: 'client-void' });
    const judge = new MatchlogClient({ baseUrl: server.base, token: created.tokens.judge });
    await expect(judge.void('client-void', 'mine')).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const voided = await organizer.void('client-void', 'recorded at the wrong table');
    expect(voided).toEqual({ matchId: 'client-void', revision: 2, position: expect.any(Number) });
    const slip = await organizer.roundResults({ event: 'Client Cup', round: 1, after: voided.position });
    expect(slip.tables[0].games).toEqual([expect.objectContaining({ matchId: 'client-void', voided: true, duplicate: false })]);
    expect((await organizer.view('client-void', 'public')).voided).toEqual({ reason: 'recorded at the wrong table' });
    await expect(organizer.void('client-void', 'again')).rejects.toMatchObject({ code: 'MATCH_ALREADY_VOIDED', status: 422 });
  });
});
