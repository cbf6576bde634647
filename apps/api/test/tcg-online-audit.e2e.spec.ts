import { parseJsonLines } from '@matchlog/audit';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

/**
 * Issue 27 §3: our audit on every imported tcg.online game, as GET /matches/:id/audit computes it (the rule findings,
 * the fair-shuffle checks, the self-audit, the deck checks), and the judge's clock from the steps' own timestamps.
 * The exact findings of each sample are expected, each justified in docs/explanation/importing.md ("The audit's verdict").
 */
const samples = tcgOnlineSamples();

/**
 * The findings each sample must give, as `revision CODE`: none. The engine's mulligan (cards to the bottom, as many drawn
 * from the top, no shuffle) breaks no rule of ../shared/rules, which say nothing of the mulligan; its scries and searches
 * are recorded as the effects of their source, so no draw from inside a deck is an accusation.
 */
const EXPECTED: Record<string, string[]> = {
  '01-amber-amethyst-aggro-vs-steel-sapphire-mid-full.zip': [],
  '02-amber-steel-goofy-lilo-vs-emerald-amethyst-ink-full.zip': [],
  '05-amber-amethyst-control-mirror-partial-to-turn6.zip': [],
  '07-amber-steel-goofy-lilo-vs-steel-amethyst-basil-genie-concede.zip': [],
};

describe("the audit's verdict on tcg.online's games", () => {
  let t: TestApp;
  const imported = new Map<string, string>();
  beforeAll(async () => {
    t = await startTestApp();
    for (const sample of samples) {
      const answer = await t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip));
      expect([sample.name, answer.status]).toEqual([sample.name, 201]);
      imported.set(sample.name, answer.body.matchId);
    }
  });
  afterAll(() => t.close());

  it('covers every sample', () => {
    expect(samples.map((sample) => sample.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const sample of samples) {
    it(`${sample.name}: exactly the findings explained in docs/explanation/importing.md`, async () => {
      const audit = await t
        .http()
        .get(`/matches/${imported.get(sample.name)}/audit`)
        .set(t.organizer)
        .expect(200);
      expect(audit.body.findings.map((finding: { revision: number; code: string }) => `${finding.revision} ${finding.code}`)).toEqual(EXPECTED[sample.name]);
    });
  }

  it("the game won on 20 lore ends at the lore that wins it, and the concession is the loser's leaving", async () => {
    const log = async (name: string) => {
      const exported = await t
        .http()
        .get(`/matches/${imported.get(name)}/export`)
        .set(t.organizer)
        .expect(200);
      const parsed = parseJsonLines(exported.text);
      if ('error' in parsed) throw new Error(parsed.error.message);
      return parsed.events;
    };
    const won = await log('01-amber-amethyst-aggro-vs-steel-sapphire-mid-full.zip');
    expect(won.slice(-2).map((event) => event.type)).toEqual(['CounterChanged', 'MatchEnded']);
    const conceded = await log('07-amber-steel-goofy-lilo-vs-steel-amethyst-basil-genie-concede.zip');
    expect(conceded.slice(-2).map((event) => [event.type, event.data])).toEqual([
      ['PlayerLeft', { player: 'p2' }],
      ['MatchEnded', { winner: 'p1', reason: 'p2 conceded' }],
    ]);
  });

  it("the judge's clock gives each turn its seconds from the steps' timestamps", async () => {
    const sample = samples.find((entry) => entry.name.startsWith('07-'))!;
    const replay = JSON.parse(sample.json);
    const stepTimes = replay.steps.map((step: { acceptedMove: { timestamp: number } }) => step.acceptedMove.timestamp);
    const clock = (
      await t
        .http()
        .get(`/matches/${imported.get(sample.name)}/clock`)
        .set(t.organizer)
        .expect(200)
    ).body;
    expect(clock.times).toBe('recorded');
    expect(clock.turns).toHaveLength(replay.metadata.totalTurns);
    for (const turn of clock.turns) {
      const [start, end] = [Date.parse(turn.start), Date.parse(turn.end)];
      // each turn starts at the step that began it and ends at the next turn's, or at the last step
      expect(stepTimes).toContain(start);
      expect(stepTimes).toContain(end);
      expect(turn.seconds).toBeCloseTo((end - start) / 1000, 3);
    }
    for (let i = 1; i < clock.turns.length; i++) expect(clock.turns[i].start).toBe(clock.turns[i - 1].end);
    // the turns are the replay's, in the seats' alternation, and the steps are milliseconds apart: a bot played them
    expect(clock.turns.map((turn: { player: string }) => turn.player)).toEqual(clock.turns.map((_: unknown, i: number) => (i % 2 === 0 ? 'p1' : 'p2')));
    expect(clock.turns.at(-1).end).toBe(new Date(stepTimes.at(-1)).toISOString());
    expect(clock.players.map((player: { seconds: number }) => player.seconds).every((seconds: number) => seconds > 0)).toBe(true);
  });
});
