import { canLookAt } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { lookCheck } from '../shared/look';
import { distinct } from '../support';
import { Held, atStep, unlessAnEffectActs } from './moment';

/**
 * LOOK_WITHOUT_EFFECT (7.1.3): players can't look at cards in a private zone unless a game rule or
 * an effect directs them to. By the zone rules a player may look at their own hand (7.3.2), never at
 * another player's hand (7.3.2), any deck (7.2.2) or any inkwell (7.5.4), nor at face-down cards in
 * play (7.4.2.1). Two ways a log shows a look:
 * - a CardsLookedAt with no `source`: a look with no effect named;
 * - a CardsRevealed shown to some players only (`to`): those players look at the cards. It cannot name an effect,
 *   so it counts as one's when an effect acts in the same moment (moment.ts); tcg.online's import records an
 *   engine reveal to one player of another player's deck that way.
 */
export const lookWithoutEffect: CheckFactory = () => {
  const looked = lookCheck('LOOK_WITHOUT_EFFECT', (layout, state, card, player) => canLookAt(layout, state.cards[card], player));
  const shown = unlessAnEffectActs((step): Held[] => {
    const { event, before, layout } = step;
    if (event.type !== 'CardsRevealed' || event.data.to === undefined) return [];
    const at = atStep(step);
    const held: Held[] = [];
    for (const player of event.data.to) {
      const forbidden = event.data.cardIds.filter((cardId) => {
        const card = layout.cardIndex.get(cardId);
        return card !== undefined && !canLookAt(layout, before.cards[card], player);
      });
      if (forbidden.length === 0) continue;
      const owners = forbidden.map((cardId) => {
        const card = before.cards[layout.cardIndex.get(cardId)!];
        return layout.zones[card.zone].player ?? card.owner;
      });
      held.push((report) => report('LOOK_WITHOUT_EFFECT', distinct([player, ...owners]), { player, cards: forbidden }, at));
    }
    return held;
  });
  return Object.assign(
    (step: Parameters<typeof looked>[0], report: Parameters<typeof looked>[1]) => {
      looked(step, report);
      shown(step, report);
    },
    { end: shown.end },
  );
};
