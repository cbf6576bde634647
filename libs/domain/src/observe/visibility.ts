import { CardState, MatchLayout } from '../state/match-state';
import { Audience, BROADCAST, JUDGE, standsFor } from './audience';

/**
 * Whether the audience may look at the card where it now lies, by the zone's rules alone:
 * public zones face up (Lorcana 7.1.2), the owner's private zones (7.3.2), never hidden zones
 * (7.2.2, 7.5.4); face-down cards in a public zone are private (7.4.2.1) unless the game lets
 * their controller look (Grand Archive).
 */
export const canLookAt = (layout: MatchLayout, card: CardState, audience: Audience): boolean => {
  const zone = layout.zones[card.zone];
  switch (zone.definition.visibility) {
    case 'public':
      return !card.faceDown || (zone.definition.controllerMayLookFaceDown === true && standsFor(layout.playerIds, audience, card.controller));
    case 'owner':
      return standsFor(layout.playerIds, audience, zone.player);
    case 'hidden':
      return false;
  }
};

/**
 * Whether MatchEnded discloses every shuffle's order and salt (so every deck list) to the audience:
 * the judge and every player, who check all the commitments with them (an opponent's deck as well as
 * their own), so the broadcast too, which knows what they know; spectators only when the match was
 * created with `publicDeckLists`.
 */
export const receivesDeckLists = (layout: MatchLayout, audience: Audience): boolean =>
  audience === JUDGE || audience === BROADCAST || layout.playerIds.includes(audience) || layout.publicDeckLists;

/**
 * Grand Archive: once a face-down card changes control, its owner and former controller may no longer
 * look at it. The broadcast keeps it only where the new controller may look (canLookAt): it can not
 * tell whether the new controller had learned the card before, so it forgets rather than leak.
 */
export const losesControlOfFaceDown = (layout: MatchLayout, card: CardState, before: CardState, audience: Audience): boolean =>
  layout.ruleset.zoneChange.controlChangeHidesFaceDown &&
  card.faceDown &&
  card.controller !== before.controller &&
  (audience === BROADCAST || ((audience === before.controller || audience === card.owner) && audience !== card.controller));

/** Whether what the audience knew of the card is lost as it lands where it now lies. */
export const forgets = (layout: MatchLayout, card: CardState, before: CardState): boolean => {
  const zone = layout.zones[card.zone].definition;
  if (zone.anonymous && before.zone !== card.zone) return true;
  return layout.ruleset.zoneChange.faceDownForgets && zone.visibility === 'public' && card.faceDown && !before.faceDown;
};

/**
 * Whether, of the cards in this zone it can not look at, the audience can not even tell one from
 * another: an unordered zone that is not public (a hand, the inkwell), which its owner arranges out
 * of sight (Lorcana 7.3.2, 7.5.4). Face-down cards in a public zone lie in plain view, so which one
 * moves, changes status or control is seen (7.4.2).
 */
export const indistinct = (layout: MatchLayout, card: CardState, audience: Audience): boolean => {
  const zone = layout.zones[card.zone].definition;
  return !zone.ordered && zone.visibility !== 'public' && !canLookAt(layout, card, audience);
};
