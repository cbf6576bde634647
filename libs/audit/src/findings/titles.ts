import { Language } from '../finding';
import { DeckFindingCode, FindingCode } from './codes';

/** Every code a finding can carry: the rules checks', the deck checks', the fair-shuffle checks' and the self-audit's. */
export type AnyFindingCode = FindingCode | DeckFindingCode | 'SHUFFLE_COMMITMENT_MISMATCH' | 'DRAW_NOT_FROM_COMMITTED_ORDER' | 'SELF_AUDIT_LEAK';

/** A finding's title: what was found, in a few words, in the language of its message (Spanish as messages.ts words it). */
export const findingTitles: Record<Language, Record<AnyFindingCode, string>> = {
  en: {
    LOOK_WITHOUT_EFFECT: 'Looked at a private zone without an effect',
    DECK_ORDER_CHANGED: 'Deck order changed',
    FAILED_TO_FIND_PUBLIC: 'Failed to find in a public zone',
    BAG_OUT_OF_ORDER: 'Bag resolved out of order',
    RESOLVED_DURING_ACTION: 'Bag ability resolved during an action',
    INKED_FACE_UP: 'Card put into the inkwell face up',
    OPENING_HAND_NOT_SEVEN: 'Opening hand not of seven cards',
    NAMED_BEYOND_LIST: 'Card named beyond the deck list',
    DECK_NOT_REFILLED: 'Empty deck not refilled',
    FIZZLE_IGNORED: 'Ability resolved after its target left',
    STACK_OUT_OF_ORDER: 'Stack resolved out of order',
    UNREVEALED_SPECIFIED_CARD: 'Specified card not revealed',
    LOOK_NOT_ALLOWED: 'Looked at cards without leave',
    EFFECTS_STACK_OUT_OF_ORDER: 'Effects stack resolved out of order',
    TURNS_AFTER_TIME_EXCEEDED: 'Too many turns after time',
    PLAYED_AFTER_WIN: 'Play went on after a win',
    RESULT_DISAGREES_WITH_COUNTERS: 'Result disagrees with the counters',
    SLOW_TURN: 'Slow turn',
    CORRECTION: 'Correction',
    CORRECTION_OF_UNKNOWN_EVENT: 'Correction of an unknown event',
    DECK_NOT_LEGAL: 'Deck not legal',
    DECK_CHANGED_BETWEEN_GAMES: 'Deck changed between games',
    SHUFFLE_COMMITMENT_MISMATCH: 'Shuffle does not match its commitment',
    DRAW_NOT_FROM_COMMITTED_ORDER: 'Card not taken in the shuffled order',
    SELF_AUDIT_LEAK: 'Hidden information leaked',
  },
  es: {
    LOOK_WITHOUT_EFFECT: 'Miró una zona privada sin un efecto',
    DECK_ORDER_CHANGED: 'Cambió el orden del mazo',
    FAILED_TO_FIND_PUBLIC: 'No encontró en una zona pública',
    BAG_OUT_OF_ORDER: 'La bolsa se resolvió fuera de orden',
    RESOLVED_DURING_ACTION: 'Habilidad de la bolsa resuelta durante una acción',
    INKED_FACE_UP: 'Carta puesta boca arriba en el tintero',
    OPENING_HAND_NOT_SEVEN: 'Mano inicial que no es de siete cartas',
    NAMED_BEYOND_LIST: 'Carta nombrada fuera de la lista del mazo',
    DECK_NOT_REFILLED: 'Mazo vacío sin reponer',
    FIZZLE_IGNORED: 'Habilidad resuelta aunque su objetivo se fue',
    STACK_OUT_OF_ORDER: 'La pila se resolvió fuera de orden',
    UNREVEALED_SPECIFIED_CARD: 'Carta especificada sin revelar',
    LOOK_NOT_ALLOWED: 'Miró cartas sin permiso',
    EFFECTS_STACK_OUT_OF_ORDER: 'La pila de efectos se resolvió fuera de orden',
    TURNS_AFTER_TIME_EXCEEDED: 'Demasiados turnos tras el tiempo',
    PLAYED_AFTER_WIN: 'Se siguió jugando tras una victoria',
    RESULT_DISAGREES_WITH_COUNTERS: 'El resultado no coincide con los contadores',
    SLOW_TURN: 'Turno lento',
    CORRECTION: 'Corrección',
    CORRECTION_OF_UNKNOWN_EVENT: 'Corrección de un evento desconocido',
    DECK_NOT_LEGAL: 'Mazo no legal',
    DECK_CHANGED_BETWEEN_GAMES: 'El mazo cambió entre juegos',
    SHUFFLE_COMMITMENT_MISMATCH: 'El barajado no coincide con su compromiso',
    DRAW_NOT_FROM_COMMITTED_ORDER: 'Carta no tomada en el orden barajado',
    SELF_AUDIT_LEAK: 'Se filtró información oculta',
  },
};

export const findingTitle = (code: AnyFindingCode, language: Language): string => findingTitles[language][code];
