import { sharedReplays } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

/**
 * Issue 36: the import's answer maps the replay's steps to the match's revisions, and the judge's event pages carry each
 * event's step (meta.step), so "step 21 of the file" is a revision of the match. On the judge's forfeit (r12), whose
 * last step is the ruling.
 */
const forfeit = sharedReplays().find((replay) => replay.name.startsWith('r12-') && replay.name.endsWith('.replay.json'))!;
const file = JSON.parse(forfeit.json) as { steps: { acceptedMove: { moveId: string } }[] };

describe('POST /matches/import/tcg-online: the step→revision map', () => {
  let t: TestApp;
  let answer: { matchId: string; revision: number; steps: { step: number; from: number; to: number }[] };
  beforeAll(async () => {
    t = await startTestApp();
    answer = (await t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/json').send(forfeit.json).expect(201)).body;
  });
  afterAll(() => t.close());

  it("covers the file's steps in order, each a run of revisions after MatchCreated, up to the match's last", () => {
    expect(answer.steps.map((entry) => entry.step)).toEqual([...new Set(answer.steps.map((entry) => entry.step))].sort((a, b) => a - b));
    expect(answer.steps.every((entry) => entry.step >= 0 && entry.step < file.steps.length && entry.from <= entry.to)).toBe(true);
    expect(answer.steps[0].from).toBe(2);
    answer.steps.slice(1).forEach((entry, i) => expect(entry.from).toBe(answer.steps[i].to + 1));
    expect(answer.steps.at(-1)).toEqual({ step: file.steps.length - 1, from: answer.revision - 1, to: answer.revision });
  });

  it("matches the judge's event pages: every event of a step carries that step in its meta; the forfeit step is the leaving and the end", async () => {
    const page = (await t.http().get(`/matches/${answer.matchId}/events`).query({ audience: 'judge' }).set(t.organizer).expect(200)).body;
    const stepOf = new Map<number, number | undefined>(
      page.observations.map((entry: { revision: number; observation: { meta?: { step?: number } } }) => [entry.revision, entry.observation.meta?.step]),
    );
    expect(stepOf.get(1)).toBeUndefined();
    for (const { step, from, to } of answer.steps) for (let revision = from; revision <= to; revision++) expect([revision, stepOf.get(revision)]).toEqual([revision, step]);
    const last = answer.steps.at(-1)!;
    const types = page.observations.filter((entry: { revision: number }) => entry.revision >= last.from).map((entry: { observation: { type: string } }) => entry.observation.type);
    expect(file.steps[last.step].acceptedMove.moveId).toBe('passTurn');
    expect(types).toEqual(['PlayerLeft', 'MatchEnded']);
  });

  it('gives no other audience the meta: the public and the players observe no step', async () => {
    for (const audience of ['public', 'p1', 'p2']) {
      const page = (await t.http().get(`/matches/${answer.matchId}/events`).query({ audience }).set(t.organizer).expect(200)).body;
      expect(page.observations.length).toBeGreaterThan(0);
      expect(JSON.stringify(page)).not.toContain('"step"');
    }
  });

  it("audits clean: the forfeit is the loser's leaving, not a winner with less lore", async () => {
    const audit = (await t.http().get(`/matches/${answer.matchId}/audit`).set(t.organizer).expect(200)).body;
    expect(audit.findings).toEqual([]);
  });
});
