import { checkBroadcast } from '../broadcast/broadcast-policy';
import { DEFAULT_BEST_OF } from '../rules/ruleset';
import { MatchCreated, RECORDER_CALLER } from '../events/events';
import { RESERVED_AUDIENCES } from '../observe/audience';
import { isGameId } from '../rules/rulesets';
import { cite } from '../rules/ruleset';
import { layoutOf } from '../state/layout';
import { Verdict, accepted, rejected } from './domain-error';
import { checkZone } from './check-refs';
import { checkLists } from './check-identity';

export const checkCreated = (created: MatchCreated): Verdict => {
  if (!isGameId(created.game)) {
    return rejected('UNKNOWN_GAME', 'matchlog', `unknown game "${created.game}": use lorcana, four-souls or grand-archive`, 'data.game');
  }
  if (created.players.length === 0) return rejected('NO_PLAYERS', 'matchlog', 'a match needs at least one player', 'data.players');
  const ids = created.players.map((player) => player.id);
  const reserved = ids.findIndex((id) => RESERVED_AUDIENCES.includes(id));
  if (reserved >= 0) {
    return rejected(
      'RESERVED_PLAYER_ID',
      'matchlog',
      `"${ids[reserved]}" names an audience (spectators, the broadcast or the judge), not a player: choose another player id`,
      `data.players[${reserved}].id`,
    );
  }
  const recorder = ids.indexOf(RECORDER_CALLER);
  if (recorder >= 0) {
    return rejected(
      'RESERVED_PLAYER_ID',
      'matchlog',
      `"${RECORDER_CALLER}" names the recorder of a paper table, who may call a judge (JudgeCalled.by), not a player: choose another player id`,
      `data.players[${recorder}].id`,
    );
  }
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) return rejected('DUPLICATE_PLAYER', 'matchlog', `player "${ids[twice]}" is listed twice`, `data.players[${twice}].id`);
  const layout = layoutOf(created);
  const seen = new Set<string>();
  for (let i = 0; i < created.cards.length; i++) {
    const card = created.cards[i];
    if (seen.has(card.cardId)) {
      return rejected(
        'DUPLICATE_CARD',
        cite(layout.ruleset, layout.ruleset.references.oneZoneAtATime),
        `card "${card.cardId}" is listed twice: a card exists in one zone at a time`,
        `data.cards[${i}].cardId`,
      );
    }
    seen.add(card.cardId);
    if (card.owner !== null && !ids.includes(card.owner)) {
      return rejected('UNKNOWN_PLAYER', 'matchlog', `no player "${card.owner}" in this match`, `data.cards[${i}].owner`);
    }
    const zone = checkZone(layout, card.zone, `data.cards[${i}].zone`);
    if (!zone.ok) return zone;
    if (layout.ruleset.zones.find((z) => z.name === card.zone.zone)?.holdsAbilities) {
      return rejected('CARD_INTO_BAG', cite(layout.ruleset, layout.ruleset.references.onlyTriggeredInBag), "cards can't start in the bag", `data.cards[${i}].zone`);
    }
  }
  return first(checkLists(created, ids), checkTournament(created), checkBroadcast(created));
};

const checkTournament = ({ tournament }: MatchCreated): Verdict => {
  const bestOf = tournament?.bestOf ?? DEFAULT_BEST_OF;
  if (tournament?.game === undefined || tournament.game <= bestOf || tournament.singleElimination === true) return accepted;
  return rejected(
    'GAME_BEYOND_BEST_OF',
    'matchlog',
    `game ${tournament.game} of a best of ${bestOf} cannot be: give a game from 1 to ${bestOf}, or bestOf (or singleElimination, whose games go on until one player wins)`,
    'data.tournament.game',
  );
};

const first = (...verdicts: Verdict[]): Verdict => verdicts.find((verdict) => !verdict.ok) ?? accepted;
