import { MatchLayout, MatchState } from '@matchlog/domain';
import { Check } from '../check';
import { FindingCode } from '../codes';
import { distinct } from '../support';

/** Whether `player` may look at card `card` (index into the state's cards) where it lies in `state`, by the zone rules alone. */
export type MayLook = (layout: MatchLayout, state: MatchState, card: number, player: string) => boolean;

/**
 * A CardsLookedAt with no `source` (no effect named) that includes a card the player may not look
 * at by the zone rules. One finding per event, naming the cards; the players are the looker, then
 * the owners of the zones looked into.
 */
export const lookCheck =
  (code: FindingCode, mayLook: MayLook): Check =>
  (step, report) => {
    const { event, before, layout } = step;
    if (event.type !== 'CardsLookedAt' || event.data.source !== undefined) return;
    const { player } = event.data;
    const forbidden: string[] = [];
    const owners: (string | null)[] = [];
    for (const cardId of event.data.cardIds) {
      const card = layout.cardIndex.get(cardId);
      if (card === undefined || mayLook(layout, before, card, player)) continue;
      forbidden.push(cardId);
      owners.push(layout.zones[before.cards[card].zone].player ?? before.cards[card].owner);
    }
    if (forbidden.length > 0) report(code, distinct([player, ...owners]), { player, cards: forbidden });
  };
