import { ZoneDefinition, correctedId, zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { FindingCode } from '../codes';
import { distinct, movesOf } from '../support';

/**
 * The order of the cards of a zone can't be changed unless a player is instructed to do so by an
 * ability: a move within such a zone with no `source` (no ability named) that leaves the cards that
 * were there in another relative order is flagged, once per zone and event, naming the cards moved
 * without a source. Cards entering or leaving the zone change no one else's order. A correction
 * (`corrects`) is not a player's act: the CORRECTION note reports it. The players are the active one.
 */
export const orderKept =
  (code: FindingCode, guarded: (zone: ZoneDefinition) => boolean): CheckFactory =>
  () =>
  (step, report) => {
    const { event, before, after, layout } = step;
    const moves = movesOf(event);
    if (moves.length === 0 || correctedId(event) !== undefined) return;
    const within = new Map<number, string[]>();
    for (const move of moves) {
      const card = layout.cardIndex.get(move.cardId);
      const to = zoneIndexOf(layout, move.to);
      if (card === undefined || to === undefined || before.cards[card].zone !== to || !guarded(layout.zones[to].definition)) continue;
      const unsourced = within.get(to) ?? [];
      if (move.source === undefined) unsourced.push(move.cardId);
      within.set(to, unsourced);
    }
    for (const [zone, unsourced] of within) {
      if (unsourced.length === 0 || !reordered(before.zones[zone], after.zones[zone])) continue;
      report(code, distinct([after.turn.player]), { zone: layout.zones[zone].ref, cards: unsourced });
    }
  };

/** Whether the cards in both lists stand in another relative order in the second. */
const reordered = (was: readonly number[], now: readonly number[]): boolean => {
  const stayed = new Set(now);
  const kept = was.filter((card) => stayed.has(card));
  const there = new Set(kept);
  const after = now.filter((card) => there.has(card));
  return kept.some((card, i) => after[i] !== card);
};
