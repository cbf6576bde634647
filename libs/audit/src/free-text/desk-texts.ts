import { Audience, JUDGE, MatchEvent, MatchState, Observation, audiencesOf, deskEventTypes, firstPerception, observe } from '@matchlog/domain';
import { hiddenNamesIn } from './hidden-names';

/** A desk text that would name, to `audience`, a card hidden from it. */
export interface HiddenInText {
  readonly audience: Audience;
  /** the event's data field, e.g. "reason" */
  readonly field: string;
  readonly names: readonly string[];
}

const TEXT_FIELDS = ['reason', 'infraction', 'category', 'penalty', 'remedy', 'source', 'text'] as const;

/** The match's player names and event: what every audience reads anyway, so never a card's name alone. */
export const publicNamesOfState = (state: MatchState): string[] => {
  const layout = state.layout;
  if (layout === null) return [];
  return [...layout.players.flatMap((p) => (p.name ? [p.name] : [])), ...(layout.tournament?.event ? [layout.tournament.event] : [])];
};

/**
 * The free-text check of a desk event (docs/guides/judging.md), before it is appended to `state`: each audience but the judge
 * gets what observe gives it (the one place that decides), and every text in that observation must name no card hidden
 * from that audience. The first problem found, or undefined. A desk event reads nothing of perception, so each audience
 * is asked from its first one.
 */
export const hiddenInDeskText = (state: MatchState, event: MatchEvent): HiddenInText | undefined => {
  if (state.layout === null || !deskEventTypes.includes(event.type)) return undefined;
  const publicNames = publicNamesOfState(state);
  for (const audience of audiencesOf(state.layout)) {
    if (audience === JUDGE) continue;
    const { observation } = observe({ match: state, perception: firstPerception(state, audience) }, event);
    for (const field of TEXT_FIELDS) {
      const text = (observation as Observation & Partial<Record<(typeof TEXT_FIELDS)[number], unknown>>)[field];
      if (typeof text !== 'string') continue;
      const names = hiddenNamesIn(state, text, publicNames, audience);
      if (names.length > 0) return { audience, field, names };
    }
  }
  return undefined;
};
