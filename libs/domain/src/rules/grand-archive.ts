import { Ruleset, ZoneDefinition } from './ruleset';

const own = (name: string, visibility: ZoneDefinition['visibility'], extra: Partial<ZoneDefinition> = {}): ZoneDefinition => ({
  name,
  scope: 'player',
  visibility,
  ordered: false,
  // face-up by default except main deck, material deck, memory and hand
  defaultFace: visibility === 'public' ? 'up' : 'down',
  inPlay: false,
  controllerMayLookFaceDown: true,
  rule: 'Game Zones - Public vs Private Information',
  ...extra,
});

/** Grand Archive TCG, "Game Zones - Public vs Private Information". */
export const grandArchive: Ruleset = {
  game: 'grand-archive',
  title: 'Grand Archive TCG',
  citation: 'grand-archive',
  handZone: 'hand',
  references: { oneZoneAtATime: 'Game Zones', handNotBelowZero: 'Game Zones - Hand', onlyTriggeredInBag: 'Game Zones - Effects Stack' },
  zones: [
    own('main-deck', 'hidden', { ordered: true, enterAt: 'bottom', controllerMayLookFaceDown: false, rule: 'Game Zones - Main Deck' }),
    own('material-deck', 'owner', { rule: 'Game Zones - Material Deck' }),
    own('hand', 'owner', { rule: 'Game Zones - Hand' }),
    own('memory', 'owner', { rule: 'Game Zones - Memory' }),
    own('field', 'public', { inPlay: true, rule: 'Game Zones - Field' }),
    own('graveyard', 'public', { ordered: true, rule: 'Game Zones - Graveyard' }),
    // unknown face-down cards in banishment may not be looked at, even by their controller
    own('banishment', 'public', { controllerMayLookFaceDown: false, rule: 'Game Zones - Banishment' }),
    own('intent', 'public', { rule: 'Game Zones - Intent' }),
    {
      name: 'effects-stack',
      scope: 'shared',
      visibility: 'public',
      ordered: true,
      defaultFace: 'up',
      inPlay: false,
      rule: 'Game Zones - Effects Stack',
    },
  ],
  pending: { kind: 'stack', zone: 'effects-stack', onlyTriggered: false, rule: 'Game Zones - Effects Stack' },
  zoneChange: { newObjectWhenLeaving: 'in-play', clearsStatus: true, faceDownForgets: false, controlChangeHidesFaceDown: true, rule: 'Game Zones' },
  counters: [{ name: '*', on: 'card', zones: ['field', 'graveyard', 'banishment', 'intent', 'effects-stack'], rule: 'grand-archive Game Mechanics - Counters' }],
  counterNotes:
    'The rules index lists "Game Mechanics - Counters", but its text is not in ../shared/rules: no counter name is checked and no player counter is declared. ' +
    'A counter is public, and cards in private zones "have no characteristics apart from being cards" (Public vs Private Information 2), so only cards in public zones carry one. ' +
    'Whether a counter stays on a card that moves between public zones is in that missing text too: matchlog keeps counters as it keeps damage, on the object, so a card that changes zone has none (state/moves.ts); record a CounterChanged again where the rules keep them.',
  tournament: {
    // the facts as issue 38 quotes the guide; its text is not in ../shared/rules, so sections are named, not numbered
    document: 'Grand Archive Tournament Rules Guide',
    bestOf: 3,
    turnsAfterTime: { turns: 3, minutes: 5, section: 'Format Conventions - Round Times (trg.gatcg.com): "the regular 3 turns or 5 minute extension, whichever comes first"' },
    loserChoosesFirst: { section: 'between games: the loser of a game chooses who plays first' },
    // ga: the Comprehensive Rules' "General Rules - Format Conventions", Standard Constructed General Rules 1–4 (rules.gatcg.com)
    constructed: {
      document: 'Grand Archive Comprehensive Rules',
      minCards: 60,
      maxCopiesOfName: 4,
      section: 'General Rules - Format Conventions, Standard Constructed 1 (a main deck of at least 60 cards, at most four copies of a name)',
      material: {
        maxCards: 12,
        maxCopiesOfName: 1,
        championLevel: 0,
        section: 'General Rules - Format Conventions, Standard Constructed 2–3 (a material deck of at most 12 cards, one copy of a name, a Level 0 champion at minimum)',
      },
      sideboard: {
        maxCards: 15,
        maxPoints: 15,
        mainPoints: 1,
        materialPoints: 3,
        section: 'General Rules - Format Conventions, Standard Constructed 4 (a sideboard of at most 15 cards and 15 points: a main-deck card 1, a regalia or champion 3)',
      },
    },
    missing: [
      "the guide's text is not in ../shared/rules: whichever of three turns and five minutes comes first ends the game (Round Times), so the clock shows both and the audit checks neither (a turn's end is recorded, a minute is the table's); sideboarding and deck construction are the deck checks' (Comprehensive Rules, Format Conventions)",
    ],
  },
};
