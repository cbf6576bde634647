import { MatchLayout, MatchState } from '@matchlog/domain';
import { Check, CheckFactory, Step } from '../check';
import { lookCheck } from '../shared/look';
import { movesOf } from '../support';

/**
 * LOOK_NOT_ALLOWED ("Public vs Private Information"), for a CardsLookedAt with no `source`:
 * - face-up cards, in any zone, may be looked at by anyone ("A player may look at and examine any
 *   face-up cards in a game");
 * - cards in a player's hand, memory or material deck by that player;
 * - never the main deck;
 * - a face-down card in a public zone by its controller, except unknown face-down cards in
 *   banishment; a card that turned face down (or was put face down) in a public zone straight from
 *   being face up in a public zone stays known, so everyone may look at it (face-down 1.1, line 146);
 * - after control of a face-down card changes, neither its owner nor its former controller may look at it;
 * - a card an effect banished face down (a move with a `source`) is not judged: the effect may have
 *   given a player permissions that make it private for that player, and the log does not record them.
 */
export const lookNotAllowed: CheckFactory = (): Check => {
  /** face-down cards in a public zone that were public just before they turned face down */
  const retained = new Set<number>();
  /** face-down cards an effect banished, which may be private for a player the log does not name */
  const byEffect = new Set<number>();
  /** per face-down card, the players who lost the right to look at it by a control change */
  const barred = new Map<number, string[]>();

  const track = ({ event, before, after, layout }: Step) => {
    const changed: number[] = [];
    if (event.type === 'CardStatusChanged' || event.type === 'ControlChanged') {
      const card = layout.cardIndex.get(event.data.cardId);
      if (card !== undefined) changed.push(card);
    } else {
      for (const move of movesOf(event)) {
        const card = layout.cardIndex.get(move.cardId);
        if (card !== undefined) changed.push(card);
      }
    }
    for (const card of changed) {
      const was = before.cards[card];
      const now = after.cards[card];
      if (!faceDownInPublic(layout, now.zone, now.faceDown)) {
        retained.delete(card);
        barred.delete(card);
        byEffect.delete(card);
        continue;
      }
      if (was.zone !== now.zone) {
        barred.delete(card);
        byEffect.delete(card);
        const move = movesOf(event).find((m) => m.cardId === layout.cardIds[card]);
        if (move?.source !== undefined && layout.zones[now.zone].definition.name === BANISHMENT) byEffect.add(card);
      }
      if (!faceDownInPublic(layout, was.zone, was.faceDown) || was.zone !== now.zone) {
        if (layout.zones[was.zone].definition.visibility === 'public' && !was.faceDown) retained.add(card);
        else retained.delete(card);
      }
      if (event.type === 'ControlChanged' && was.controller !== now.controller) {
        const lost = [now.owner, was.controller].filter((p): p is string => p !== null && p !== now.controller);
        barred.set(card, [...(barred.get(card) ?? []), ...lost]);
      }
    }
  };

  const mayLook = (layout: MatchLayout, state: MatchState, card: number, player: string): boolean => {
    const { zone, faceDown, controller } = state.cards[card];
    if (!faceDown) return true;
    const definition = layout.zones[zone].definition;
    switch (definition.visibility) {
      case 'hidden':
        return false;
      case 'owner':
        return layout.zones[zone].player === player;
      case 'public':
        if (barred.get(card)?.includes(player)) return false;
        return retained.has(card) || byEffect.has(card) || (definition.controllerMayLookFaceDown === true && controller === player);
    }
  };

  // the look is judged on the state before the event, with what was tracked up to then
  const check = lookCheck('LOOK_NOT_ALLOWED', mayLook);
  return (step, report) => {
    check(step, report);
    track(step);
  };
};

const BANISHMENT = 'banishment';

const faceDownInPublic = (layout: MatchLayout, zone: number, faceDown: boolean): boolean => faceDown && layout.zones[zone].definition.visibility === 'public';
