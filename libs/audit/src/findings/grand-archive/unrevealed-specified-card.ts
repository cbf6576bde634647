import { zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { movesOf } from '../support';

/**
 * UNREVEALED_SPECIFIED_CARD ("Public vs Private Information" 2.1): a card with a specified
 * characteristic (a move's `characteristic`) must be revealed before it is added to a private zone.
 * The rule applied: the move is flagged unless, just before it, the card lay face up in a public zone
 * (already known to all), or it was revealed to every player (CardsRevealed with no `to`, or `to`
 * naming every player) after it last changed zone. Moves to a public zone are exempt, even face down.
 */
export const unrevealedSpecifiedCard: CheckFactory = () => {
  /** cards revealed to all since they last changed zone */
  const revealed = new Set<number>();
  return (step, report) => {
    const { event, before, layout } = step;
    if (event.type === 'CardsRevealed') {
      const { to } = event.data;
      if (to !== undefined && !layout.playerIds.every((player) => to.includes(player))) return;
      for (const cardId of event.data.cardIds) {
        const card = layout.cardIndex.get(cardId);
        if (card !== undefined) revealed.add(card);
      }
      return;
    }
    const moves = movesOf(event);
    for (const move of moves) {
      const card = layout.cardIndex.get(move.cardId);
      const to = zoneIndexOf(layout, move.to);
      if (card === undefined || to === undefined) continue;
      const was = before.cards[card];
      if (was.zone === to) continue;
      const wasRevealed = revealed.delete(card);
      if (move.characteristic === undefined || layout.zones[to].definition.visibility === 'public') continue;
      const wasPublic = layout.zones[was.zone].definition.visibility === 'public' && !was.faceDown;
      if (wasPublic || wasRevealed) continue;
      const owner = layout.zones[to].player ?? was.owner;
      report('UNREVEALED_SPECIFIED_CARD', owner === null ? [] : [owner], { cards: [move.cardId], characteristic: move.characteristic, zone: layout.zones[to].ref });
    }
  };
};
