import { JUDGE, MatchState, PUBLIC, Replay, emptyMatch, evolve } from '@matchlog/domain';
import { Entropy, convertTcgOnlineReplay, importedEvents, decideReplayImport } from '@matchlog/matches';
import { sharedReplays } from '@matchlog/testkit';

/** Counts up: the n-th draw is n in every byte; ids are u1, u2, … */
const countingEntropy = (): Entropy => {
  let draws = 0;
  return { uuid: () => `u${++draws}`, hex: (bytes) => (++draws).toString(16).padStart(2, '0').repeat(bytes) };
};

/**
 * Replay 01 ends on the quest that reaches 20 lore; that quest's own triggered ability went into the bag in the same
 * step (docs/explanation/importing.md, "Within one step"), and the game ended before anyone resolved it. Once the match has ended
 * nothing is pending (queue-view.ts says why).
 */
const replay = sharedReplays().find((entry) => entry.name.startsWith('01-') && entry.name.endsWith('.replay.json'))!;
const converted = convertTcgOnlineReplay(replay.json);
if (!converted.ok) throw new Error(converted.refusal.message);
const sealed = decideReplayImport(converted.created, converted.createdAt, importedEvents(converted), 'organizer', countingEntropy());
if (!sealed.ok) throw new Error(sealed.error.message);
const events = sealed.events;
const end = events.length;

describe('the bag after the game is over (issue 36): nothing is pending', () => {
  const replayed = new Replay(events);
  const audiences = [PUBLIC, 'p1', 'p2', JUDGE];
  /** the queue an audience's view (or the judge's) holds at a revision; the judge's has none before MatchCreated */
  const queueAt = (audience: string, revision: number) => {
    const { queue } = replayed.viewAt(audience, revision);
    if (queue === null) throw new Error(`no queue for ${audience} at ${revision}`);
    return queue;
  };

  it('the game ends with a triggered ability in the bag: every audience saw it pending just before the end', () => {
    expect(events.at(-1)!.type).toBe('MatchEnded');
    expect(events.slice(0, -1).some((event) => event.type === 'TriggerAdded')).toBe(true);
    for (const audience of audiences) expect([audience, queueAt(audience, end - 1).items.length]).toEqual([audience, 1]);
  });

  it('after MatchEnded no audience sees anything pending, nor anyone to choose', () => {
    for (const audience of audiences) {
      const queue = queueAt(audience, end);
      expect([audience, queue.items, queue.nextChooser, queue.resolvingPlayer, queue.resolving, queue.waitingForAction]).toEqual([audience, [], null, null, [], false]);
    }
  });

  it("keeps what the log left in the judge's state: the audit may still read it", () => {
    const state = events.reduce<MatchState>((s, event) => evolve(s, event), emptyMatch);
    expect(state.ended).not.toBeNull();
    expect(state.queue.items).toHaveLength(1);
  });
});
