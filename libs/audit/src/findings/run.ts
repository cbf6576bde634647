import { GameId, MatchEvent, MatchState, deskEventTypes, emptyMatch, evolve } from '@matchlog/domain';
import { Finding, Language } from '../finding';
import { findingTitle } from './titles';
import { At, Check, CheckFactory, Facts, Report, Step } from './check';
import { FindingCode, codes } from './codes';
import { fourSoulsChecks } from './four-souls';
import { grandArchiveChecks } from './grand-archive';
import { lorcanaChecks } from './lorcana';
import { messageFor } from './messages';
import { slowTurn } from './tournament/slow-turn';
import { correction } from './shared/correction';
import { namedBeyondList } from './shared/named-beyond-list';
import { DEFAULT_SLOW_TURN_SECONDS } from '../clock/match-clock';

export interface RuleFindingsOptions {
  /** the language of the messages; English by default */
  readonly language?: Language;
  /** the organizer's slow-play threshold (SLOW_TURN); DEFAULT_SLOW_TURN_SECONDS by default */
  readonly slowTurnSeconds?: number;
}

export const checksByGame: Readonly<Record<GameId, readonly CheckFactory[]>> = {
  lorcana: lorcanaChecks,
  'four-souls': fourSoulsChecks,
  'grand-archive': grandArchiveChecks,
};

/** The organizer's checks, on every game. */
const everyGame: readonly CheckFactory[] = [slowTurn, correction, namedBeyondList];

/**
 * The rule findings of a match log: the events are folded once with the domain's `evolve`, and each
 * of the game's checks sees every event with the state before and after it. Pure: the same events
 * give the same findings, ordered by revision.
 */
export const ruleFindings = (events: readonly MatchEvent[], options: RuleFindingsOptions = {}): Finding[] => {
  const language = options.language ?? 'en';
  const checkOptions = { slowTurnSeconds: options.slowTurnSeconds ?? DEFAULT_SLOW_TURN_SECONDS };
  const found: Finding[] = [];
  let checks: Check[] = [];
  let state: MatchState = emptyMatch;
  let step: Step | null = null;
  let created: At = { revision: 1, eventId: '' };
  const report: Report = (code: FindingCode, players: readonly string[], facts: Facts, at?: At) => {
    const { rule, severity } = codes[code];
    found.push({
      revision: at?.revision ?? step!.revision,
      eventId: at?.eventId ?? step!.event.id,
      code,
      rule,
      severity,
      title: findingTitle(code, language),
      players,
      message: messageFor(code, facts, language),
    });
  };
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    const before = state;
    state = evolve(before, event);
    const layout = state.layout;
    if (layout === null) continue;
    if (before.layout === null) {
      checks = [...(checksByGame[layout.ruleset.game] ?? []), ...everyGame].map((make) => make(checkOptions));
      created = { revision: state.revision, eventId: event.id };
      continue;
    }
    // a call, a ruling or a note is the judges' work on the match, no move of the game: no rule of the texts reads it
    if (deskEventTypes.includes(event.type)) continue;
    step = { index, revision: state.revision, event, before, after: state, layout, created };
    for (const check of checks) check(step, report);
  }
  for (const check of checks) check.end?.(report);
  // a check may report an earlier event once a later one shows the violation (DECK_NOT_REFILLED)
  return found.sort((a, b) => a.revision - b.revision);
};
