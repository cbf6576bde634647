import { chainEvents } from '@matchlog/audit';
import { GameId, MatchEvent, Replay, Seat } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';
import { MatchSnapshot, seatedAudiences, takeSnapshot } from '../../src/snapshot/match-snapshot';

/** A random match of `game` with a token broadcast (so every kind of audience is there), chained as the server stores it. */
export const chainedMatch = (game: GameId, choices: readonly number[], steps?: number): MatchEvent[] => {
  const [created, ...rest] = randomMatch(game, choices, steps);
  return chainEvents([{ ...created, data: { ...created.data, broadcastAccess: 'token' } } as MatchEvent, ...rest]);
};

/** The snapshot at `revision` of a full replay, as it comes back from the store: through JSON. */
export const snapshotAt = (events: readonly MatchEvent[], revision: number): MatchSnapshot => {
  const replay = new Replay(events);
  const state = replay.stateAt(revision);
  const seats = new Map<string, Seat>(seatedAudiences(state).map((audience) => [audience, replay.seatAt(audience, revision)]));
  return JSON.parse(JSON.stringify(takeSnapshot(revision, events[revision - 1], state, seats))) as MatchSnapshot;
};
