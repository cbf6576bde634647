import { auditMatch, ruleFindings } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { Entropy, ConvertedReplay, convertTcgOnlineReplay, importedEvents, decideReplayImport, stepRevisions } from '@matchlog/matches';
import { sharedReplays } from '@matchlog/testkit';

/** Counts up: the n-th draw is n in every byte; ids are u1, u2, … */
const countingEntropy = (): Entropy => {
  let draws = 0;
  return { uuid: () => `u${++draws}`, hex: (bytes) => (++draws).toString(16).padStart(2, '0').repeat(bytes) };
};

const replays = sharedReplays();

const imported = (json: string): { converted: ConvertedReplay; events: readonly MatchEvent[] } => {
  const converted = convertTcgOnlineReplay(json);
  if (!converted.ok) throw new Error(`refused: ${converted.refusal.code} ${converted.refusal.message}`);
  const sealed = decideReplayImport(converted.created, converted.createdAt, importedEvents(converted), 'organizer', countingEntropy());
  if (!sealed.ok) throw new Error(`not sealed: ${sealed.error.code} ${sealed.error.message}`);
  return { converted, events: sealed.events };
};

describe("the judge's forfeit (r12): the engine records it as a passTurn, its logs say forfeitGame", () => {
  const forfeit = replays.find((replay) => replay.name.startsWith('r12-') && replay.name.endsWith('.replay.json'))!;
  const file = JSON.parse(forfeit.json);
  const { converted, events } = imported(forfeit.json);
  const last = file.steps.length - 1;

  it('reads the step as the forfeit it is: the forfeited player leaves, then the match ends', () => {
    // the file: the forfeit step carries the previous step's moveId and time, its logs the ruling
    expect(file.steps[last].acceptedMove.moveId).toBe('passTurn');
    expect(file.steps[last].acceptedMove.timestamp).toBe(file.steps[last - 1].acceptedMove.timestamp);
    expect(file.steps[last].logs.map((log: { type: string }) => log.type)).toEqual(['forfeitGame', 'gameEnd']);
    const winner = file.steps[last].logs[0].winnerId === file.playerIds[0] ? 'p1' : 'p2';
    expect(winner).toBe('p2');
    expect(converted.steps[last].map((event) => [event.type, event.data])).toEqual([
      ['PlayerLeft', { player: 'p1' }],
      ['MatchEnded', { winner: 'p2', reason: 'p2: judge ruling: game loss' }],
    ]);
    // recorded when the engine processed the ruling, the logs' time, not the turn's end before it
    expect(converted.steps[last][0].recordedAt).toBe(new Date(file.steps[last].logs[0].timestamp).toISOString());
  });

  it('keeps the real passTurn before it a passTurn: the next turn starts, nobody leaves', () => {
    expect(file.steps[last - 1].acceptedMove.moveId).toBe('passTurn');
    const types = converted.steps[last - 1].map((event) => event.type);
    expect(types).toContain('TurnStarted');
    expect(types).not.toContain('PlayerLeft');
    expect(types).not.toContain('MatchEnded');
  });

  it("gives no finding: the rules' checks and the whole audit", () => {
    expect(ruleFindings(events)).toEqual([]);
    expect(auditMatch(events)).toEqual([]);
  });

  it("puts each event's step in its meta, as the step map says", () => {
    const map = stepRevisions(converted);
    expect(map.at(-1)).toEqual({ step: last, from: events.length - 1, to: events.length });
    for (const { step, from, to } of map) for (let revision = from; revision <= to; revision++) expect(events[revision - 1].meta?.step).toBe(step);
    expect(events[0].meta?.step).toBeUndefined();
  });
});

describe('Every honest engine replay in ../shared/replays audits clean', () => {
  it('holds the replays its README lists, as .replay.json and as .zip', () => {
    expect(replays.filter((replay) => replay.name.endsWith('.replay.json')).length).toBeGreaterThanOrEqual(6);
    expect(replays.filter((replay) => replay.name.endsWith('.zip')).length).toBeGreaterThanOrEqual(6);
  });

  for (const replay of replays)
    it(`${replay.name}: imported, then audited with no violation`, () => {
      const { events } = imported(replay.json);
      const violations = auditMatch(events)
        .filter((finding) => finding.severity === 'violation')
        .map((finding) => `${finding.revision} ${finding.code}: ${finding.message}`);
      expect(violations).toEqual([]);
    });
});
