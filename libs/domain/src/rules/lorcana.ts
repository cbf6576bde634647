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
  // a player's lore: 7.4.3's example ("each opponent loses 1 lore"); the 20 to win is tournament practice
  counters: [{ name: 'lore', on: 'player', rule: 'lorcana 7.4.3' }],
  tournament: {
    // the facts as issue 17 quotes them; the document's section numbers are not in ../shared/rules, so sections are named
    document: 'Disney Lorcana Tournament Rules',
    bestOf: 3,
    roundMinutes: 50,
    winsAt: { counter: 'lore', value: 20, section: 'winning a game (20 lore)' },
    turnsAfterTime: { turns: 5, section: 'end-of-match procedure (Swiss): the active player finishes the turn, then 5 more turns' },
    sideboard: { allowed: false, section: 'deck construction (no sideboard)' },
    constructed: { minCards: 60, maxCopiesOfName: 4, section: 'deck construction (at least 60 cards, at most 4 of a full name)' },
    missing: ['ink types: the card data here is a definition name, so "at most 2 ink types" is not checked'],
  },
};
