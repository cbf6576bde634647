import { zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { matchesCriteria } from '../support';

/**
 * FAILED_TO_FIND_PUBLIC (7.1.4): a search of a public zone can't fail to find while a matching card is
 * there; a search of a private zone may fail. Matching: a face-up card whose definition contains the
 * criteria, ignoring case (docs/reference/events.md, SearchPerformed).
 */
export const failedToFindPublic: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  if (event.type !== 'SearchPerformed' || event.data.found !== null) return;
  const zone = zoneIndexOf(layout, event.data.zone);
  if (zone === undefined || layout.zones[zone].definition.visibility !== 'public') return;
  const { criteria, player } = event.data;
  const matching = before.zones[zone].filter((card) => !before.cards[card].faceDown && matchesCriteria(before.cards[card].definition ?? '', criteria));
  if (matching.length === 0) return;
  report('FAILED_TO_FIND_PUBLIC', [player], { player, zone: layout.zones[zone].ref, criteria, cards: matching.map((card) => layout.cardIds[card]) });
};
