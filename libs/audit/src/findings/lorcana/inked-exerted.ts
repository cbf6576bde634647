import { CheckFactory } from '../check';
import { movesOf } from '../support';
import { Held, atStep, unlessAnEffectActs } from './moment';

const INKWELL = 'inkwell';

/**
 * INKED_EXERTED (7.5.2): "Cards are put into a player's inkwell facedown and ready." The fold puts every card there
 * ready (a card's status never follows it, 7.1.6); a log says it entered exerted when the card is exerted in the same
 * moment it entered (moment.ts: a tcg.online step, one act of a recorder), before anything else moved. Read only for a
 * card its player puts in from their own hand: a card from any other zone (play, deck, discard) is put there by an effect
 * (7.5.6), which may put it exerted. Left alone too: an entry that names its effect (`source`), and a moment in which an
 * effect acts. Paying ink with a card inked earlier in the turn comes in a later moment, with the card played.
 */
export const inkedExerted: CheckFactory = () => {
  /** cards that entered an inkwell, not by an effect, in the moment under way, and have not moved since */
  let entered = new Set<string>();
  let moment: string | undefined;
  return unlessAnEffectActs((step): Held[] => {
    const { event, before, after, layout } = step;
    const now = event.meta?.recordedAt;
    if (now === undefined || now !== moment) entered = new Set();
    moment = now;
    const moves = movesOf(event);
    if (moves.length > 0) {
      const entering = new Set<string>();
      for (const move of moves) {
        const card = layout.cardIndex.get(move.cardId);
        if (card === undefined) continue;
        const zone = layout.zones[after.cards[card].zone];
        const from = layout.zones[before.cards[card].zone];
        const fromOwnHand = from.definition.name === layout.ruleset.handZone && from.player === zone.player;
        if (zone.definition.name === INKWELL && fromOwnHand && move.source === undefined) entering.add(move.cardId);
      }
      entered = entering;
      return [];
    }
    if (event.type !== 'CardStatusChanged' || event.data.exerted !== true || !entered.has(event.data.cardId)) return [];
    const card = layout.cardIndex.get(event.data.cardId)!;
    if (before.cards[card].exerted) return [];
    const player = layout.zones[after.cards[card].zone].player;
    const at = atStep(step);
    return [(report) => report('INKED_EXERTED', player === null ? [] : [player], { player: player ?? undefined, cards: [event.data.cardId] }, at)];
  });
};
