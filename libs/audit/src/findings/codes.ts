import { citeTournament, rulesets } from '@matchlog/domain';
import { Severity } from '../finding';

const { lorcana } = rulesets;
const lorcanaTournament = (section: string | undefined): string => citeTournament(lorcana, section ?? 'missing');

/** Every rule-finding code, with the rule it cites (the rule number or section is in the string) and how bad it is. */
export const codes = {
  LOOK_WITHOUT_EFFECT: { rule: 'lorcana 7.1.3', severity: 'violation' },
  DECK_ORDER_CHANGED: { rule: 'lorcana 7.2.2', severity: 'violation' },
  FAILED_TO_FIND_PUBLIC: { rule: 'lorcana 7.1.4', severity: 'violation' },
  BAG_OUT_OF_ORDER: { rule: 'lorcana 7.7.4', severity: 'violation' },
  RESOLVED_DURING_ACTION: { rule: 'lorcana 7.1.6.1', severity: 'violation' },
  INKED_FACE_UP: { rule: 'lorcana 7.5.2, 7.5.6', severity: 'violation' },
  OPENING_HAND_NOT_SEVEN: { rule: 'lorcana 7.3.1', severity: 'violation' },
  DRAWN_FROM_OTHER_DECK: { rule: 'lorcana 7.2.1', severity: 'violation' },
  DECK_CARD_FACE_UP: { rule: 'lorcana 7.2.2', severity: 'violation' },
  PLAYED_INTO_OPPONENT_PLAY: { rule: 'lorcana 7.4.1', severity: 'violation' },
  INKED_EXERTED: { rule: 'lorcana 7.5.2', severity: 'violation' },
  INK_CARD_FACE_UP: { rule: 'lorcana 7.5.4', severity: 'violation' },
  DISCARD_CARD_FACE_DOWN: { rule: 'lorcana 7.6.2', severity: 'violation' },
  TRIGGER_ADDED_BY_OTHER_PLAYER: { rule: 'lorcana 7.7.3.1', severity: 'violation' },
  DECK_NOT_REFILLED: { rule: 'four-souls Decks', severity: 'violation' },
  FIZZLE_IGNORED: { rule: 'four-souls Game Zones', severity: 'violation' },
  DECK_CARD_VIEWED: { rule: 'four-souls Decks', severity: 'violation' },
  DISCARD_ORDER_CHANGED: { rule: 'four-souls Discard', severity: 'violation' },
  HAND_VIEWED_BY_OTHER: { rule: 'four-souls Hand', severity: 'violation' },
  NON_LOOT_IN_HAND: { rule: 'four-souls Hand', severity: 'violation' },
  SLOT_ORDER_CHANGED: { rule: 'four-souls Covered in a Slot', severity: 'violation' },
  FACE_DOWN_OUTSIDE_VIEWED: { rule: 'four-souls Outside the Game', severity: 'violation' },
  HARBINGERS_NOT_OUTSIDE: { rule: 'four-souls Outside the Game', severity: 'violation' },
  UNREVEALED_SPECIFIED_CARD: { rule: 'grand-archive Public vs Private Information 2.1', severity: 'violation' },
  LOOK_NOT_ALLOWED: { rule: 'grand-archive Public vs Private Information', severity: 'violation' },
  TURNS_AFTER_TIME_EXCEEDED: { rule: lorcanaTournament(lorcana.tournament.turnsAfterTime?.section), severity: 'violation' },
  PLAYED_AFTER_WIN: { rule: lorcanaTournament(lorcana.tournament.winsAt?.section), severity: 'violation' },
  RESULT_DISAGREES_WITH_COUNTERS: { rule: lorcanaTournament(lorcana.tournament.winsAt?.section), severity: 'violation' },
  // the organizer's threshold, no game's rule: a note for the judge, the lowest severity there is
  SLOW_TURN: { rule: 'matchlog organizer setting MATCHLOG_SLOW_TURN_SECONDS', severity: 'warning' },
  // the log's own practice (docs/reference/events.md "Corrections"), no game's rule: a mistake undone by a new event
  CORRECTION: { rule: 'matchlog correction', severity: 'warning' },
  CORRECTION_OF_UNKNOWN_EVENT: { rule: 'matchlog correction', severity: 'violation' },
  // a paper match's names against the deck list the player registered (MatchCreated.lists): the log's own consistency
  NAMED_BEYOND_LIST: { rule: 'matchlog deck list', severity: 'violation' },
} as const satisfies Record<string, { readonly rule: string; readonly severity: Severity }>;

export type FindingCode = keyof typeof codes;

export const findingCodes = Object.keys(codes) as FindingCode[];

/**
 * The deck checks' codes (findings/decks): they read the tournament practice of the game's ruleset, so
 * each finding cites `citeTournament(ruleset, section)` of the practice named here.
 */
export const deckCodes = {
  DECK_NOT_LEGAL: { practice: 'constructed', severity: 'violation' },
  DECK_CHANGED_BETWEEN_GAMES: { practice: 'sideboard', severity: 'violation' },
} as const satisfies Record<string, { readonly practice: 'constructed' | 'sideboard'; readonly severity: Severity }>;

export type DeckFindingCode = keyof typeof deckCodes;
