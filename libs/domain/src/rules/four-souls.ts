import { Ruleset, ZoneDefinition } from './ruleset';

const shared = { scope: 'shared', inPlay: false } as const;
const deck = (name: string, refillFrom: string): ZoneDefinition => ({
  ...shared,
  name,
  visibility: 'hidden',
  ordered: true,
  enterAt: 'bottom',
  defaultFace: 'down',
  refillFrom,
  rule: 'Decks',
});
const discard = (name: string): ZoneDefinition => ({
  ...shared,
  name,
  visibility: 'public',
  ordered: true,
  defaultFace: 'up',
  rule: 'Discard',
});
const slot = (name: string, max: number): ZoneDefinition => ({
  ...shared,
  name,
  visibility: 'public',
  ordered: true,
  defaultFace: 'up',
  inPlay: true,
  slots: { min: 1, max },
  rule: 'In Play',
});

/** The Binding of Isaac: Four Souls, "Game Zones". */
export const fourSouls: Ruleset = {
  game: 'four-souls',
  title: 'The Binding of Isaac: Four Souls',
  citation: 'four-souls',
  handZone: 'hand',
  references: { oneZoneAtATime: 'Game Zones', handNotBelowZero: 'Hand', onlyTriggeredInBag: 'The Stack' },
  zones: [
    deck('treasure-deck', 'treasure-discard'),
    deck('loot-deck', 'loot-discard'),
    deck('monster-deck', 'monster-discard'),
    deck('room-deck', 'room-discard'),
    discard('treasure-discard'),
    discard('loot-discard'),
    discard('monster-discard'),
    discard('room-discard'),
    // the topmost card of a slot is in play
    slot('shop-slot', 9),
    slot('monster-slot', 9),
    slot('room-slot', 9),
    // covered cards are not in play, but the zone is public
    { ...shared, name: 'covered', visibility: 'public', ordered: true, defaultFace: 'up', rule: 'Covered in a Slot' },
    { name: 'hand', scope: 'player', visibility: 'owner', ordered: false, defaultFace: 'down', inPlay: false, rule: 'Hand' },
    { name: 'play', scope: 'player', visibility: 'public', ordered: false, defaultFace: 'up', inPlay: true, rule: 'In Play' },
    { ...shared, name: 'stack', visibility: 'public', ordered: true, defaultFace: 'up', rule: 'The Stack' },
    { ...shared, name: 'outside', visibility: 'public', ordered: false, defaultFace: 'up', rule: 'Outside the Game' },
  ],
  pending: { kind: 'stack', zone: 'stack', onlyTriggered: false, rule: 'The Stack' },
  zoneChange: { newObjectWhenLeaving: 'any', clearsStatus: true, faceDownForgets: false, controlChangeHidesFaceDown: false, rule: 'Game Zones' },
  counters: [
    // the ¢ a player has: the published setup's ¢ pool; the cards print them ("Gain 3¢", rewards of kind Coin)
    { name: 'cents', on: 'player', rule: 'foursouls.com Extended Rulebook, Setup (the ¢ pool)' },
    // the souls a player controls: "In Play" names souls among the objects a player controls
    { name: 'souls', on: 'player', rule: 'In Play (souls a player controls); foursouls.com rules overview' },
  ],
  counterNotes:
    'The Four Souls text here ("Game Zones") names no counter; a player\'s ¢ (cents) and souls are kept as counters on the player, as the overlay and the win condition read them (foursouls.com, rules overview).',
  tournament: {
    // as issue 38 quotes foursouls.com's rules overview; no tournament document of Four Souls is in ../shared/rules
    document: 'foursouls.com rules overview',
    winsAt: { counter: 'souls', value: 4, section: 'Overview: "the first player to control four souls is the winner"' },
    missing: [
      "Four Souls' tournament rules are not in ../shared/rules: the end-of-match procedure, sideboarding and deck construction are not checked, and a match is the best of the bestOf the organizer records (default 3)",
      "the win at four souls is the recorder's and the overlay's to apply: the audit's win checks (PLAYED_AFTER_WIN, RESULT_DISAGREES_WITH_COUNTERS) are Lorcana's",
    ],
  },
};
