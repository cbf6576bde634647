import { zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { distinct, movesOf } from '../support';

const PLAY = 'play';

/**
 * PLAYED_INTO_OPPONENT_PLAY (7.4.1): "A player's Play zone is where their cards are played … Players can't play cards
 * into an opponent's Play zone." A card that enters one player's Play zone from another player's zone (their hand,
 * deck, discard or inkwell), with no effect named (`source`), was played into an opponent's Play zone.
 */
export const playedIntoOpponentPlay: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  for (const move of movesOf(event)) {
    if (move.source !== undefined) continue;
    const card = layout.cardIndex.get(move.cardId);
    const to = zoneIndexOf(layout, move.to);
    if (card === undefined || to === undefined) continue;
    const from = layout.zones[before.cards[card].zone];
    const play = layout.zones[to];
    if (play.definition.name !== PLAY || from.definition.name === PLAY || from.player === null || play.player === null || from.player === play.player) continue;
    report('PLAYED_INTO_OPPONENT_PLAY', distinct([from.player, play.player]), { player: from.player, expected: play.player, cards: [move.cardId], zone: play.ref });
  }
};
