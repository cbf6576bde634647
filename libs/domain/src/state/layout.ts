import { broadcastOf } from '../broadcast/broadcast-policy';
import { MatchCreated } from '../events/events';
import { ZoneRef, zoneKey } from '../events/zone-ref';
import { rulesets } from '../rules/rulesets';
import { Ruleset, ZoneDefinition } from '../rules/ruleset';
import { MatchLayout, ZoneInstance } from './match-state';
import { listsOf } from './identity';

const instancesOf = (definition: ZoneDefinition, players: readonly string[]): ZoneInstance[] => {
  if (definition.scope === 'player') {
    return players.map((player) => instance(definition, { zone: definition.name, player }, player));
  }
  if (definition.slots) {
    const slots: ZoneInstance[] = [];
    for (let slot = definition.slots.min; slot <= definition.slots.max; slot++) {
      slots.push(instance(definition, { zone: definition.name, slot }, null));
    }
    return slots;
  }
  return [instance(definition, { zone: definition.name }, null)];
};

const instance = (definition: ZoneDefinition, ref: ZoneRef, player: string | null): ZoneInstance => ({
  key: zoneKey(ref),
  ref,
  definition,
  player,
});

/** Zones in ruleset order, then player order: never in an order that depends on cards. */
export const zoneInstances = (ruleset: Ruleset, players: readonly string[]): ZoneInstance[] => ruleset.zones.flatMap((definition) => instancesOf(definition, players));

export const layoutOf = (created: MatchCreated): MatchLayout => {
  const ruleset = rulesets[created.game];
  const playerIds = created.players.map((player) => player.id);
  const zones = zoneInstances(ruleset, playerIds);
  const cardIds = created.cards.map((card) => card.cardId);
  return {
    ruleset,
    players: created.players,
    playerIds,
    zones,
    zoneIndex: new Map(zones.map((zone, index) => [zone.key, index])),
    cardIds,
    cardIndex: new Map(cardIds.map((cardId, index) => [cardId, index])),
    printed: created.cards.map((card) => card.printed),
    lists: listsOf(created.lists),
    tournament: created.tournament,
    publicDeckLists: created.publicDeckLists === true,
    broadcast: broadcastOf(created),
  };
};

/** The zone index an event's ZoneRef names, or undefined when no such zone exists in this match. */
export const zoneIndexOf = (layout: MatchLayout, ref: ZoneRef | undefined): number | undefined =>
  ref && typeof ref.zone === 'string' ? layout.zoneIndex.get(zoneKey(ref)) : undefined;
