import { zoneIndexOf } from '@matchlog/domain';
import { At, CheckFactory } from '../check';
import { FindingCode } from '../codes';
import { distinct, movesOf } from '../support';

interface Waiting {
  readonly deck: number;
  readonly at: At;
  /** the players who took the deck's last cards, then the active player */
  readonly players: readonly string[];
}

const CODE: FindingCode = 'DECK_NOT_REFILLED';

/**
 * DECK_NOT_REFILLED ("Decks"): a deck that runs out of cards is replaced at once by its shuffled
 * discard. When an event leaves a deck empty while its discard holds cards, the very next event must
 * be the refill (a ZoneShuffled of that deck). Reported at the event that emptied the deck; a log that
 * ends right after it is not flagged (the refill may still be recorded).
 */
export const deckNotRefilled: CheckFactory = () => {
  let waiting: Waiting[] = [];
  return (step, report) => {
    const { event, before, after, layout } = step;
    if (waiting.length > 0) {
      const shuffled = event.type === 'ZoneShuffled' ? zoneIndexOf(layout, event.data.zone) : undefined;
      for (const { deck, at, players } of waiting) {
        if (shuffled === deck) continue;
        report(CODE, players, { zone: layout.zones[deck].ref, next: step.revision }, at);
      }
      waiting = [];
    }
    if (after.zones === before.zones) return;
    for (let z = 0; z < layout.zones.length; z++) {
      const refill = layout.zones[z].definition.refillFrom;
      if (refill === undefined || after.zones[z].length > 0 || before.zones[z].length === 0) continue;
      const discard = zoneIndexOf(layout, { zone: refill });
      if (discard === undefined || after.zones[discard].length === 0) continue;
      const takers = movesOf(event)
        .filter((move) => zoneIndexOf(layout, move.from) === z)
        .map((move) => move.to.player);
      waiting.push({ deck: z, at: { revision: step.revision, eventId: event.id }, players: distinct([...takers, after.turn.player]) });
    }
  };
};
