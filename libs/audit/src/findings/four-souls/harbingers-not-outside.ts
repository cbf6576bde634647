import { CheckFactory } from '../check';

const HARBINGERS = 'the harbingers';
const OUTSIDE = 'outside';

/**
 * HARBINGERS_NOT_OUTSIDE ("Outside the Game"): the active bonus souls start outside the game, "as does
 * the card 'The Harbingers' from the Requiem expansion". A card named The Harbingers (ignoring case)
 * that MatchCreated puts anywhere else is flagged at MatchCreated. The log can't tell a bonus soul from
 * another card, so bonus souls are not judged; nor is an unnamed card (a paper match's).
 */
export const harbingersNotOutside: CheckFactory = () => {
  let seen = false;
  return (step, report) => {
    if (seen) return;
    seen = true;
    const { before, layout, created } = step;
    const misplaced = before.cards.filter((card) => card.definition?.trim().toLowerCase() === HARBINGERS && layout.zones[card.zone].definition.name !== OUTSIDE);
    for (const card of misplaced) {
      const zone = layout.zones[card.zone];
      report('HARBINGERS_NOT_OUTSIDE', zone.player === null ? layout.playerIds : [zone.player], { cards: [card.cardId], zone: zone.ref }, created);
    }
  };
};
