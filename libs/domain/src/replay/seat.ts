import { MatchEvent } from '../events/events';
import { JUDGE } from '../observe/audience';
import { Observation } from '../observe/observation';
import { Lens, observe } from '../observe/observe';
import { Perception } from '../observe/perception';
import { evolve } from '../state/evolve';
import { MatchState, emptyMatch } from '../state/match-state';
import { AudienceView, emptyView } from '../views/audience-view';
import { evolveView } from '../views/evolve-view';

/** One non-judge audience's fold: the table (to observe from), its perception, and its view. */
export interface Seat extends Lens {
  readonly view: AudienceView;
}

export const emptySeat = (audience: string): Seat => {
  if (audience === JUDGE) throw new Error('the judge has no seat: judgeView(state) is the whole state');
  const perception: Perception = { audience, handles: [], known: [], next: 1 };
  return { match: emptyMatch, perception, view: emptyView(audience) };
};

export const stepSeat = (seat: Seat, event: MatchEvent, after: MatchState = evolve(seat.match, event)): { seat: Seat; observation: Observation } => {
  const { observation, perception } = observe(seat, event, after);
  return { seat: { match: after, perception, view: evolveView(seat.view, observation) }, observation };
};
