import { MatchCreated } from '../events/events';
import { emptyMatch, CardState, MatchState } from './match-state';
import { NO_COUNTERS, startingCounters } from './counters';
import { layoutOf, zoneIndexOf } from './layout';

/** The state right after MatchCreated; cards that name no zone of this match are left out (validate refuses them). */
export const createMatch = (created: MatchCreated): MatchState => {
  const layout = layoutOf(created);
  const zones: number[][] = layout.zones.map(() => []);
  const cards: CardState[] = created.cards.map((card, index) => {
    const zone = zoneIndexOf(layout, card.zone) ?? 0;
    zones[zone].push(index);
    const instance = layout.zones[zone];
    return {
      cardId: card.cardId,
      owner: card.owner,
      controller: instance.player ?? card.owner,
      definition: typeof card.definition === 'string' ? card.definition : null,
      zone,
      faceDown: card.faceDown ?? instance.definition.defaultFace === 'down',
      exerted: false,
      damage: 0,
      counters: NO_COUNTERS,
      object: 0,
    };
  });
  return { ...emptyMatch, revision: 1, layout, cards, zones, counters: startingCounters(layout.ruleset, layout.playerIds) };
};
