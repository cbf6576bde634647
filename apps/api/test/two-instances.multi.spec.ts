import { lorcanaMatch } from './support/fixtures';
import { SseClient } from './support/sse-client';
import { Cluster, startTwoInstances, storedLog } from './support/two-instances';

/**
 * How long a token revoked on one instance keeps working on another: the other's log consumer sees the
 * revocation when PostgreSQL's NOTIFY of the commit wakes it, or at the latest at its next poll
 * (PostgresEventStore's pollMs, 1 s) should the notification be missed (docs/explanation/service.md, "Tokens live in the log").
 */
const REVOCATION_BOUND_MS = 1000;
/** two processes and PostgreSQL on a shared, busy machine: the read and the HTTP round trips on top */
const MARGIN_MS = 1500;

const turn = (id?: string) => ({ ...(id !== undefined && { id }), type: 'TurnStarted', data: { player: 'p1', turn: 1 } });

// Two API processes on one PostgreSQL (events and read models), with the same organizer and signing keys.
describe('two instances on one PostgreSQL', () => {
  let cluster: Cluster;
  beforeAll(async () => (cluster = await startTwoInstances()), 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  const organizer = () => cluster.organizerKey;

  it('a token issued by A works on B at once; a re-issue on A: the old token is refused on B within the revocation bound, the new one works on B at once', async () => {
    const { a, b } = cluster;
    const created = await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch('multi-tokens') });
    expect(created.status).toBe(201);
    const { players, judge } = created.body.tokens;
    expect((await b.call('GET', '/matches/multi-tokens/views/p1', { token: players.p1 })).status).toBe(200);
    expect((await b.call('GET', '/matches/multi-tokens/views/judge', { token: judge })).status).toBe(200);
    expect((await b.call('GET', '/matches/multi-tokens/views/p2', { token: players.p1 })).status).toBe(403);

    const reissued = await a.call('POST', '/matches/multi-tokens/tokens', { token: organizer(), body: { roles: ['p1'] } });
    expect(reissued.status).toBe(201);
    const revokedAt = Date.now();
    // B learns the revocation from its log consumer (docs/explanation/service.md, "Tokens live in the log"): poll the old token until B refuses it
    let status = 200;
    while (status !== 401 && Date.now() - revokedAt <= REVOCATION_BOUND_MS + MARGIN_MS) {
      status = (await b.call('GET', '/matches/multi-tokens/views/p1', { token: players.p1 })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(REVOCATION_BOUND_MS + MARGIN_MS);
    expect((await a.call('GET', '/matches/multi-tokens/views/p1', { token: players.p1 })).status).toBe(401);
    expect((await b.call('GET', '/matches/multi-tokens/views/p1', { token: reissued.body.tokens.players.p1 })).status).toBe(200);
    expect((await b.call('GET', '/matches/multi-tokens/views/p2', { token: players.p2 })).status).toBe(200);
  });

  it('a token re-issued on A works on B at once: B, not knowing it, reads up to the head before it answers', async () => {
    const { a, b } = cluster;
    expect((await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch('multi-fresh-token') })).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const reissued = await a.call('POST', '/matches/multi-fresh-token/tokens', { token: organizer(), body: { roles: ['judge'] } });
      expect((await b.call('GET', '/matches/multi-fresh-token/views/judge', { token: reissued.body.tokens.judge })).status).toBe(200);
    }
    expect((await b.call('GET', '/matches/multi-fresh-token/views/judge', { token: 'mlt_never-issued' })).status).toBe(401);
  });

  it("GET /matches?player= on B at once lists what A just appended: with the append's position as `after`, and without it", async () => {
    const { a, b } = cluster;
    const match = {
      ...lorcanaMatch('multi-list'),
      players: [
        { id: 'p1', name: 'Multi Lister' },
        { id: 'p2', name: 'Grace' },
      ],
    };
    expect((await a.call('POST', '/matches', { token: organizer(), body: match })).status).toBe(201);
    const listOnB = async (query: string) => (await b.call('GET', `/matches?player=multi%20lister${query}`)).body.matches;
    expect(await listOnB('')).toEqual([expect.objectContaining({ matchId: 'multi-list', revision: 1 })]);
    for (let revision = 1; revision <= 4; revision++) {
      const appended = await a.call('POST', '/matches/multi-list/events', { token: organizer(), body: { expectedRevision: revision, events: [turn()] } });
      expect(appended.body.position).toEqual(expect.any(Number));
      const query = revision % 2 === 0 ? `&after=${appended.body.position}` : '';
      expect(await listOnB(query)).toEqual([expect.objectContaining({ matchId: 'multi-list', revision: revision + 1, eventCount: revision + 1 })]);
    }
  });

  it("an append acknowledged by A is in B's next read, at the latest revision and at ?at=", async () => {
    const { a, b } = cluster;
    expect((await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch('multi-ryw') })).status).toBe(201);
    // B has read the match (and may cache it) before A appends
    expect((await b.call('GET', '/matches/multi-ryw/views/judge', { token: organizer() })).body.revision).toBe(1);
    for (let revision = 1; revision <= 3; revision++) {
      const appended = await a.call('POST', '/matches/multi-ryw/events', { token: organizer(), body: { expectedRevision: revision, events: [turn()] } });
      expect(appended).toMatchObject({ status: 201, body: { revision: revision + 1 } });
      expect((await b.call('GET', '/matches/multi-ryw/views/judge', { token: organizer() })).body.revision).toBe(revision + 1);
      const at = await b.call('GET', `/matches/multi-ryw/views/public?at=${revision + 1}`);
      expect(at).toMatchObject({ status: 200, body: { revision: revision + 1 } });
    }
    expect((await b.call('GET', '/matches/multi-ryw')).body).toMatchObject({ revision: 4, eventCount: 4 });
  });

  it("a live feed on B follows the appends acknowledged by A, and resumes on A exactly where B's left off", async () => {
    const { a, b } = cluster;
    expect((await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch('multi-feed') })).status).toBe(201);
    const onB = await SseClient.open(`${b.base}/matches/multi-feed/feed?audience=public`);
    try {
      expect(await onB.nextMessage()).toMatchObject({ event: 'view', id: '1' });
      for (let revision = 1; revision <= 3; revision++) {
        expect((await a.call('POST', '/matches/multi-feed/events', { token: organizer(), body: { expectedRevision: revision, events: [turn()] } })).status).toBe(201);
        expect(await onB.nextMessage()).toMatchObject({ event: 'observation', id: String(revision + 1) });
      }
    } finally {
      onB.destroy();
    }
    expect((await a.call('POST', '/matches/multi-feed/events', { token: organizer(), body: { expectedRevision: 4, events: [turn()] } })).status).toBe(201);
    const onA = await SseClient.open(`${a.base}/matches/multi-feed/feed?audience=public`, { 'Last-Event-ID': '4' });
    try {
      expect(await onA.nextMessage()).toMatchObject({ event: 'observation', id: '5' });
    } finally {
      onA.destroy();
    }
  });

  it('A and B appending at the same expected revision: exactly one 201 and one 409', async () => {
    const { a, b } = cluster;
    expect((await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch('multi-race') })).status).toBe(201);
    for (let revision = 1; revision <= 5; revision++) {
      const both = await Promise.all(
        [a, b].map((instance) => instance.call('POST', '/matches/multi-race/events', { token: organizer(), body: { expectedRevision: revision, events: [turn()] } })),
      );
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.status === 409)!.body).toMatchObject({ code: 'REVISION_CONFLICT' });
    }
    const log = await storedLog(cluster, 'multi-race');
    expect(log.map((e) => e.revision)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('creations racing on one match id on A and B make exactly one match', async () => {
    const { a, b } = cluster;
    for (let round = 0; round < 3; round++) {
      const id = `multi-create-${round}`;
      const both = await Promise.all([a, b].map((instance) => instance.call('POST', '/matches', { token: organizer(), body: lorcanaMatch(id) })));
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.status === 409)!.body).toMatchObject({ code: 'MATCH_ALREADY_EXISTS' });
      expect((await storedLog(cluster, id)).map((e) => e.type)).toEqual(['MatchCreated']);
      // the winner's tokens work on both
      const { tokens } = both.find((r) => r.status === 201)!.body;
      for (const instance of [a, b]) expect((await instance.call('GET', `/matches/${id}/views/p1`, { token: tokens.players.p1 })).status).toBe(200);
    }
    const listed = (await b.call('GET', '/matches?limit=100')).body.matches.map((m: { matchId: string }) => m.matchId);
    expect(listed.filter((id: string) => id.startsWith('multi-create-')).sort()).toEqual(['multi-create-0', 'multi-create-1', 'multi-create-2']);
  });

  it('the catalog written by both instances counts every event once: each match listed alike on A and B, its count its revision', async () => {
    const { a, b } = cluster;
    const ids = ['multi-count-0', 'multi-count-1', 'multi-count-2'];
    for (const id of ids) expect((await a.call('POST', '/matches', { token: organizer(), body: lorcanaMatch(id) })).status).toBe(201);
    await Promise.all(
      ids.map(async (id, m) => {
        for (let revision = 1; revision <= 8; revision++) {
          const instance = (revision + m) % 2 === 0 ? a : b;
          expect((await instance.call('POST', `/matches/${id}/events`, { token: organizer(), body: { expectedRevision: revision, events: [turn()] } })).status).toBe(201);
        }
      }),
    );
    for (const instance of [a, b]) {
      for (const id of ids) expect((await instance.call('GET', `/matches/${id}`)).body).toMatchObject({ revision: 9, eventCount: 9 });
    }
    expect((await a.call('GET', '/matches?limit=100')).body).toEqual((await b.call('GET', '/matches?limit=100')).body);
  });
});
