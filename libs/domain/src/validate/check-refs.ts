import { TriggerAdded } from '../events/events';
import { ZoneRef } from '../events/zone-ref';
import { cite } from '../rules/ruleset';
import { MatchLayout, MatchState } from '../state/match-state';
import { zoneIndexOf } from '../state/layout';
import { Verdict, accepted, rejected } from './domain-error';

export const checkPlayer = (layout: MatchLayout, player: string, path: string): Verdict =>
  layout.playerIds.includes(player) ? accepted : rejected('UNKNOWN_PLAYER', 'matchlog', `no player "${player}" in this match`, path);

export const checkCard = (layout: MatchLayout, cardId: string, path: string): Verdict =>
  layout.cardIndex.has(cardId) ? accepted : rejected('UNKNOWN_CARD', 'matchlog', `no card "${cardId}" in this match`, path);

export const checkCardIds = (layout: MatchLayout, cardIds: readonly string[], path: string): Verdict => {
  const missing = cardIds.findIndex((cardId) => !layout.cardIndex.has(cardId));
  return missing < 0 ? accepted : checkCard(layout, cardIds[missing], `${path}[${missing}]`);
};

export const checkZone = (layout: MatchLayout, ref: ZoneRef, path: string): Verdict => {
  if (zoneIndexOf(layout, ref) !== undefined) return accepted;
  const known = layout.ruleset.zones.find((zone) => zone.name === ref?.zone);
  const message = !known
    ? `${layout.ruleset.game} has no zone "${ref?.zone}"`
    : known.scope === 'player'
      ? `zone "${known.name}" belongs to a player of this match: give "player"`
      : known.slots
        ? `zone "${known.name}" needs a "slot" from ${known.slots.min} to ${known.slots.max}`
        : `zone "${known.name}" is shared: give no "player"`;
  return rejected('UNKNOWN_ZONE', known ? cite(layout.ruleset, known.rule) : 'matchlog', message, path);
};

export const checkTrigger = (state: MatchState, layout: MatchLayout, trigger: TriggerAdded): Verdict => {
  const player = checkPlayer(layout, trigger.player, 'data.player');
  if (!player.ok) return player;
  const source = checkCard(layout, trigger.sourceCardId, 'data.sourceCardId');
  if (!source.ok) return source;
  if (trigger.targets !== undefined) {
    const targets = checkCardIds(layout, trigger.targets, 'data.targets');
    if (!targets.ok) return targets;
  }
  const { pending } = layout.ruleset;
  if (pending.onlyTriggered && (trigger.kind ?? 'triggered') !== 'triggered') {
    return rejected(
      'NOT_A_TRIGGERED_ABILITY',
      cite(layout.ruleset, layout.ruleset.references.onlyTriggeredInBag),
      `only triggered abilities can be added to the bag, not "${trigger.kind}"`,
      'data.kind',
    );
  }
  if (state.queue.items.some((item) => item.triggerId === trigger.triggerId)) {
    return rejected('DUPLICATE_TRIGGER', 'matchlog', `ability "${trigger.triggerId}" is already pending`, 'data.triggerId');
  }
  return accepted;
};

export const checkEffect = (state: MatchState, effectId: string, mustExist: boolean): Verdict => {
  const exists = state.effects.some((effect) => effect.effectId === effectId);
  if (exists === mustExist) return accepted;
  return mustExist
    ? rejected('UNKNOWN_EFFECT', 'matchlog', `no effect "${effectId}" is resolving`, 'data.effectId')
    : rejected('DUPLICATE_EFFECT', 'matchlog', `effect "${effectId}" is already resolving`, 'data.effectId');
};
