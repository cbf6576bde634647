import { GameId, rulesets } from '@matchlog/domain';
import { GameOutcome, MatchResult } from './match-result';

/** Who chooses who plays first in a match's next game, and the tournament fact that says so. */
export interface FirstChoice {
  readonly player: string;
  /** the ruleset's tournament document and section, e.g. "Grand Archive Tournament Rules Guide, between games: …" */
  readonly rule: string;
}

/**
 * Where the game's tournament practice has the loser of a game choose who plays first (Grand Archive: its Tournament
 * Rules Guide, as issue 38 quotes it): the loser of the match's last game, while the match goes on. None where the
 * practice says nothing, before a game has a winner, once the match is decided, or at a table of more than two
 * players (a game there has several losers).
 */
export const firstChoiceNext = (game: string | undefined, players: readonly string[], games: readonly GameOutcome[], result: MatchResult): FirstChoice | undefined => {
  const ruleset = game === undefined ? undefined : rulesets[game as GameId];
  const fact = ruleset?.tournament.loserChoosesFirst;
  if (fact === undefined || result.decided || players.length !== 2) return undefined;
  const last = games.filter((each) => each.voided !== true && each.ended).at(-1);
  if (last?.winner == null) return undefined;
  const loser = players.find((player) => player !== last.winner);
  return loser === undefined ? undefined : { player: loser, rule: `${ruleset!.tournament.document}, ${fact.section}` };
};
