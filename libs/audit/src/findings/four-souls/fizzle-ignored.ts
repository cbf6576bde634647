import { CheckFactory } from '../check';

interface Target {
  readonly card: number;
  /** the card's object number when the ability targeted it */
  readonly object: number;
}

/**
 * FIZZLE_IGNORED ("Game Zones"): a card that moves from one game zone to another is a new object, and
 * abilities that targeted it fizzle. An ability that resolves (TriggerResolved) although one of its
 * `targets` has become a new object since it was added should have been removed as fizzled.
 */
export const fizzleIgnored: CheckFactory = () => {
  const targeted = new Map<string, readonly Target[]>();
  return (step, report) => {
    const { event, after, before, layout } = step;
    switch (event.type) {
      case 'TriggerAdded': {
        const targets: Target[] = [];
        for (const cardId of event.data.targets ?? []) {
          const card = layout.cardIndex.get(cardId);
          if (card !== undefined) targets.push({ card, object: after.cards[card].object });
        }
        if (targets.length > 0) targeted.set(event.data.triggerId, targets);
        else targeted.delete(event.data.triggerId);
        return;
      }
      case 'TriggerRemoved':
        targeted.delete(event.data.triggerId);
        return;
      case 'TriggerResolved': {
        const targets = targeted.get(event.data.triggerId);
        if (targets === undefined) return;
        targeted.delete(event.data.triggerId);
        const gone = targets.filter((target) => before.cards[target.card].object !== target.object);
        if (gone.length > 0) {
          report('FIZZLE_IGNORED', [event.data.player], { player: event.data.player, trigger: event.data.triggerId, cards: gone.map((target) => layout.cardIds[target.card]) });
        }
        return;
      }
      default:
    }
  };
};
