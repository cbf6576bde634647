import { Ruleset } from './ruleset';

const zone = { scope: 'player', ordered: false, inPlay: false } as const;

/** Disney Lorcana Comprehensive Rules v2.0.1, section 7 (Zones). */
export const lorcana: Ruleset = {
  game: 'lorcana',
  title: 'Disney Lorcana',
  citation: 'lorcana',
  handZone: 'hand',
  references: { oneZoneAtATime: '7.1.5', handNotBelowZero: '7.3.3', onlyTriggeredInBag: '7.7.2' },
  zones: [
    { ...zone, name: 'deck', visibility: 'hidden', ordered: true, enterAt: 'bottom', defaultFace: 'down', rule: '7.2.2' },
    { ...zone, name: 'hand', visibility: 'owner', defaultFace: 'down', rule: '7.3.2' },
    { ...zone, name: 'play', visibility: 'public', defaultFace: 'up', inPlay: true, rule: '7.4.2' },
    // private even to its owner; only the count and the cards' status are public (7.5.4)
    { ...zone, name: 'inkwell', visibility: 'hidden', defaultFace: 'down', anonymous: true, rule: '7.5.4' },
    { ...zone, name: 'discard', visibility: 'public', ordered: true, defaultFace: 'up', rule: '7.6.2' },
    { ...zone, name: 'bag', scope: 'shared', visibility: 'public', defaultFace: 'up', holdsAbilities: true, rule: '7.7.1' },
  ],
  pending: { kind: 'bag', zone: 'bag', onlyTriggered: true, rule: '7.7.4' },
  zoneChange: { newObjectWhenLeaving: 'in-play', clearsStatus: true, faceDownForgets: true, controlChangeHidesFaceDown: false, rule: '7.1.6' },
};
