import { lorcanaMatch } from './support/fixtures';
import { Cluster, Instance, startTwoInstances, storedLog } from './support/two-instances';

const APPENDS = 25;
const turn = (id: string) => ({ id, type: 'TurnStarted', data: { player: 'p1', turn: 1 } });

/** Appends APPENDS events one by one; when its instance dies, retries the same batch (same ids, same expected revision) on the other and carries on there. */
const writer = async (matchId: string, first: Instance, other: Instance, organizer: string, progress: () => void) => {
  let instance = first;
  const acknowledged: string[] = [];
  const unanswered: string[] = [];
  for (let revision = 1; revision <= APPENDS; revision++) {
    const id = `${matchId}-e${revision}`;
    const body = { expectedRevision: revision, events: [turn(id)] };
    let answer: { status: number; body: unknown };
    try {
      answer = await instance.call('POST', `/matches/${matchId}/events`, { token: organizer, body });
    } catch {
      unanswered.push(id);
      instance = other;
      answer = await instance.call('POST', `/matches/${matchId}/events`, { token: organizer, body });
    }
    expect(answer).toMatchObject({ status: 201, body: { revision: revision + 1 } });
    acknowledged.push(id);
    progress();
  }
  return { acknowledged, unanswered };
};

describe('SIGKILL of one instance under load from both', () => {
  let cluster: Cluster;
  beforeAll(async () => (cluster = await startTwoInstances()), 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it("loses no acknowledged event, duplicates none (a retry on the other instance is recognised), and the survivor's catalog converges", async () => {
    const { a, b, organizerKey } = cluster;
    const matches = ['kill-0', 'kill-1', 'kill-2', 'kill-3'];
    for (const id of matches) expect((await b.call('POST', '/matches', { token: organizerKey, body: lorcanaMatch(id) })).status).toBe(201);
    let done = 0;
    let killA: () => void = () => undefined;
    const killed = new Promise<void>((resolve) => (killA = resolve));
    const progress = () => ++done === matches.length * 8 && killA();
    void killed.then(() => a.process.child.kill('SIGKILL'));
    // two matches written through A, two through B
    const results = await Promise.all(matches.map((id, m) => (m < 2 ? writer(id, a, b, organizerKey, progress) : writer(id, b, a, organizerKey, progress))));
    expect(await a.process.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(results.slice(0, 2).every((r) => r.unanswered.length === 1)).toBe(true); // A's writers each lost one answer, and moved to B

    for (const [m, id] of matches.entries()) {
      const log = await storedLog(cluster, id);
      expect(log.map((e) => e.revision)).toEqual(Array.from({ length: APPENDS + 1 }, (_, i) => i + 1));
      expect(new Set(log.map((e) => e.id)).size).toBe(log.length);
      expect(log.slice(1).map((e) => e.id)).toEqual(results[m].acknowledged);
    }

    // every match's last append went through B, which answers once its catalog holds it
    for (const id of matches) expect((await b.call('GET', `/matches/${id}`)).body).toMatchObject({ revision: APPENDS + 1, eventCount: APPENDS + 1 });
    expect((await b.call('GET', '/health/ready', { token: organizerKey })).body).toMatchObject({ status: 'ready', catalog: { behind: 0 } });
  });
});
