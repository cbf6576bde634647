import { ZoneRef } from '@matchlog/domain';
import { Language } from '../finding';
import { Facts } from './check';
import { DeckFindingCode, FindingCode } from './codes';
import { CardCount, DeckFacts } from './decks/deck-facts';

/**
 * The words of each finding, in English and in Spanish. The Spanish follows the official Spanish
 * wording of Lorcana 7.1 (zona privada, zona pública, mazo, mano, descarte, juego, bolsa, habilidad
 * disparada, acción jugada); rule sections of other games keep their English names, as cited.
 */
type Text = (facts: Facts) => string;

const zoneNames: Record<Language, Record<string, string>> = {
  en: {},
  es: {
    // Lorcana 7.1 (Spanish text): mazo, mano, juego, inkwell, descarte, bolsa
    deck: 'mazo',
    hand: 'mano',
    play: 'juego',
    inkwell: 'inkwell',
    discard: 'descarte',
    bag: 'bolsa',
    // Four Souls
    'loot-deck': 'mazo de botín',
    'treasure-deck': 'mazo de tesoros',
    'monster-deck': 'mazo de monstruos',
    'room-deck': 'mazo de salas',
    'loot-discard': 'descarte de botín',
    'treasure-discard': 'descarte de tesoros',
    'monster-discard': 'descarte de monstruos',
    'room-discard': 'descarte de salas',
    // the viewer's words (apps/viewer/src/i18n/es.ts)
    'shop-slot': 'espacio de tienda',
    'monster-slot': 'espacio de monstruo',
    'room-slot': 'espacio de sala',
    covered: 'conjunto de cartas cubiertas',
    outside: 'exterior de la partida',
    stack: 'pila',
    // Grand Archive
    'main-deck': 'mazo principal',
    'material-deck': 'mazo de material',
    memory: 'memoria',
    field: 'campo',
    graveyard: 'cementerio',
    banishment: 'destierro',
    intent: 'intención',
    'effects-stack': 'pila de efectos',
  },
};

export const zoneName = (ref: ZoneRef | undefined, language: Language): string => {
  if (ref === undefined) return language === 'es' ? 'una zona' : 'a zone';
  const name = zoneNames[language][ref.zone] ?? ref.zone;
  const slot = ref.slot === undefined ? '' : ` ${ref.slot}`;
  if (ref.player === undefined) return language === 'es' ? `el ${name}${slot}` : `the ${name}${slot}`;
  return language === 'es' ? `el ${name} de ${ref.player}` : `${ref.player}'s ${name}`;
};

const list = (cards: readonly string[] | undefined): string => (cards ?? []).join(', ');
const many = (cards: readonly string[] | undefined): boolean => (cards ?? []).length !== 1;

const en: Record<FindingCode, Text> = {
  LOOK_WITHOUT_EFFECT: (f) =>
    `${f.player} looked at ${many(f.cards) ? 'cards' : 'a card'} of a private zone (${list(f.cards)}) with no effect named: players can't look at cards in a private zone unless a game rule or an effect directs them to (7.1.3), and may look only at their own hand (7.3.2), never at another player's hand, a deck or an inkwell.`,
  DECK_ORDER_CHANGED: (f) =>
    `The order of ${zoneName(f.zone, 'en')} changed without a shuffle (${list(f.cards)}): players can't change the order of the cards in their deck (7.2.2); a card taken from a deck must come from the top unless an effect or a search found it.`,
  FAILED_TO_FIND_PUBLIC: (f) =>
    `${f.player} failed to find a card${f.criteria === undefined ? '' : ` matching "${f.criteria}"`} in ${zoneName(f.zone, 'en')}, a public zone that held ${list(f.cards)}: a search of a public zone can't fail to find and must choose an appropriate card if able (7.1.4); only a search of a private zone may fail.`,
  BAG_OUT_OF_ORDER: (f) =>
    f.player === f.expected
      ? `${f.player} resolved the triggered ability ${f.trigger}, which is not one of theirs: ${f.expected} was the one to choose, and chooses one of their own abilities (7.7.4).`
      : `${f.player} resolved the triggered ability ${f.trigger} from the bag, but ${f.expected} was the one to choose (7.7.4: the active player first, then the last player to resolve continues while they have abilities in the bag, then the bag passes in turn order).`,
  RESOLVED_DURING_ACTION: (f) =>
    `${f.player} resolved the triggered ability ${f.trigger} while the effect of an action played by ${f.actionBy} was still resolving: that effect resolves before any triggered ability can be chosen to resolve (7.1.6.1).`,
  INKED_FACE_UP: (f) =>
    `${many(f.cards) ? 'Cards' : 'Card'} ${list(f.cards)} entered ${f.player}'s inkwell face up: cards are put into an inkwell facedown and ready (7.5.2), and a card an effect puts there isn't revealed (7.5.6).`,
  OPENING_HAND_NOT_SEVEN: (f) => `${f.player} began the first turn with ${f.counts} cards in hand: players start the game with an opening hand of ${f.limit} drawn cards (7.3.1).`,
  DRAWN_FROM_OTHER_DECK: (f) =>
    `${f.player} drew ${list(f.cards)} from ${zoneName(f.zone, 'en')}: a player's deck is where that player draws cards from (7.2.1), and no effect was named for taking ${many(f.cards) ? 'these cards' : 'this card'}.`,
  DECK_CARD_FACE_UP: (f) =>
    `${many(f.cards) ? 'Cards' : 'Card'} ${list(f.cards)} lay face up in ${f.player}'s deck: the cards in a player's deck remain facedown at all times (7.2.2).`,
  PLAYED_INTO_OPPONENT_PLAY: (f) =>
    `${f.player}'s card ${list(f.cards)} was played into ${zoneName(f.zone, 'en')}: a player's Play zone is where their cards are played, and players can't play cards into an opponent's Play zone (7.4.1).`,
  INKED_EXERTED: (f) =>
    `${many(f.cards) ? 'Cards' : 'Card'} ${list(f.cards)} entered ${f.player}'s inkwell exerted, with no effect named: cards are put into a player's inkwell facedown and ready (7.5.2).`,
  INK_CARD_FACE_UP: (f) =>
    `${many(f.cards) ? 'Cards' : 'Card'} ${list(f.cards)} in ${f.player}'s inkwell ${many(f.cards) ? 'were' : 'was'} turned face up: ink cards are kept facedown at all times, and players can't look at a card in an inkwell, even their own (7.5.4).`,
  DISCARD_CARD_FACE_DOWN: (f) =>
    `${many(f.cards) ? 'Cards' : 'Card'} ${list(f.cards)} lay face down in ${f.player}'s discard: the cards in a player's discard remain faceup at all times (7.6.2).`,
  TRIGGER_ADDED_BY_OTHER_PLAYER: (f) =>
    `${f.player} added the triggered ability ${f.trigger} of ${list(f.cards)} to the bag, a card of ${f.expected}: a triggered ability is added to the bag by the player whose card generated it (7.7.3.1).`,
  NAMED_BEYOND_LIST: (f) =>
    `${f.player}'s ${many(f.cards) ? 'cards' : 'card'} ${list(f.cards)} ${many(f.cards) ? 'were' : 'was'} named as seen, but ${f.player}'s registered deck list holds no more copies of that card than were already named: the card shown and the list disagree.`,
  DECK_NOT_REFILLED: (f) =>
    `${cap(zoneName(f.zone, 'en'))} ran out of cards while its discard held cards, and the next event (revision ${f.next}) was not the shuffle that makes that discard the new deck: an empty deck is replaced at once by its shuffled discard ("Decks").`,
  FIZZLE_IGNORED: (f) =>
    `${f.player} resolved ${f.trigger} although its target ${list(f.cards)} changed zone after it was added: a card that changes zone is a new object, and abilities that targeted it fizzle ("Game Zones").`,
  DECK_CARD_VIEWED: (f) =>
    `${f.player} looked at ${list(f.cards)} in a deck with no effect or ability named: cards in decks are hidden information and can't be viewed unless an effect or ability instructs a player to do so ("Decks").`,
  DISCARD_ORDER_CHANGED: (f) =>
    `The order of ${zoneName(f.zone, 'en')} changed (${list(f.cards)} moved within it) with no ability named: the order of cards in discard can't be changed unless a player is instructed to do so by an ability ("Discard").`,
  HAND_VIEWED_BY_OTHER: (f) =>
    `${f.player} looked at ${list(f.cards)} in another player's hand with nothing specified: cards in a player's hand are only viewable by that player, unless otherwise specified ("Hand").`,
  NON_LOOT_IN_HAND: (f) =>
    `Card ${list(f.cards)}, which started the match in ${zoneName({ zone: `${f.kind}-deck` }, 'en')} or its discard, entered ${zoneName(f.zone, 'en')}: the hand only ever consists of loot cards ("Hand").`,
  SLOT_ORDER_CHANGED: (f) =>
    `The order of the cards in ${zoneName(f.zone, 'en')} changed (${list(f.cards)} moved within it) with no ability named: the order of cards in a slot can't be changed unless a player is instructed to do so by an ability ("Covered in a Slot").`,
  FACE_DOWN_OUTSIDE_VIEWED: (f) =>
    `${f.player} looked at ${list(f.cards)}, face down outside the game, with no effect or ability named: face-down cards outside the game are hidden information, which only an effect or ability may give permission to look at ("Outside the Game").`,
  HARBINGERS_NOT_OUTSIDE: (f) =>
    `The match started with The Harbingers (${list(f.cards)}) in ${zoneName(f.zone, 'en')}: the card "The Harbingers" starts outside the game, as the active bonus souls do ("Outside the Game").`,
  UNREVEALED_SPECIFIED_CARD: (f) =>
    `Card ${list(f.cards)}, specified as "${f.characteristic}", was added to ${zoneName(f.zone, 'en')}, a private zone, without being revealed to every player first: a card with a specified characteristic must be revealed before it is added to a private zone ("Public vs Private Information" 2.1). It counts as revealed when it lay face up in a public zone just before the move, or was revealed to all players since it last changed zone.`,
  LOOK_NOT_ALLOWED: (f) =>
    `${f.player} looked at ${list(f.cards)} with no effect named, and may not look at ${many(f.cards) ? 'them' : 'it'}: nobody may look at the main deck or at unknown face-down cards in banishment, a face-down card only by its controller, and after control of a face-down card changes neither its owner nor its former controller may look at it ("Public vs Private Information").`,
  TURNS_AFTER_TIME_EXCEEDED: (f) =>
    `${f.player} started turn ${f.turn}, turn ${(f.limit ?? 0) + 1} after time was called: when time is called the active player finishes the turn, then ${f.limit} more turns are played, starting with the opponent; if no win condition is met in those turns, the game is a draw (end-of-match procedure).`,
  PLAYED_AFTER_WIN: (f) =>
    `The game went on after ${f.player} reached ${f.limit} ${f.criteria}: a player who reaches ${f.limit} ${f.criteria} wins the game, so the next event should have ended the match.`,
  RESULT_DISAGREES_WITH_COUNTERS: (f) =>
    f.result === 'draw'
      ? `The game was recorded as a draw although a player had reached ${f.limit} ${f.criteria} (${f.counts}): that player won the game.`
      : f.result === 'behind'
        ? `${f.winner} was recorded as the winner, but another player had reached ${f.limit} ${f.criteria} and ${f.winner} had not (${f.counts}): the player who reaches ${f.limit} ${f.criteria} wins the game.`
        : `${f.winner} was recorded as the winner with less than ${f.limit} ${f.criteria} (${f.counts}), while no opponent conceded (left the match) or ended with an empty deck: a player wins on reaching ${f.limit} ${f.criteria}, or when their opponent cannot draw.`,
  SLOW_TURN: (f) =>
    `Turn ${f.turn} of ${f.player} took ${f.seconds} s, more than the ${f.limit} s the organizer set as slow (MATCHLOG_SLOW_TURN_SECONDS): a note for the judge, not a rule of the game.`,
  CORRECTION: (f) => `Correction of #${f.next}: this ${f.type} undoes event ${f.corrects}; the log keeps both.`,
  CORRECTION_OF_UNKNOWN_EVENT: (f) =>
    `This ${f.type} says it corrects event ${f.corrects}, which the log does not hold before it: a correction names an earlier event of the match.`,
};

/** Lorcana's lore is "leyenda" in its Spanish text. */
const counterEs = (counter: string | undefined): string => (counter === 'lore' ? 'leyenda' : (counter ?? ''));

const es: Record<FindingCode, Text> = {
  LOOK_WITHOUT_EFFECT: (f) =>
    `${f.player} miró ${many(f.cards) ? 'cartas' : 'una carta'} de una zona privada (${list(f.cards)}) sin nombrar ningún efecto: los jugadores no pueden mirar las cartas de una zona privada salvo que una regla del juego o un efecto lo indique (7.1.3), y solo pueden mirar su propia mano (7.3.2), nunca la mano de otro jugador, un mazo ni un inkwell.`,
  DECK_ORDER_CHANGED: (f) =>
    `El orden del ${zoneName(f.zone, 'es').replace(/^el /, '')} cambió sin barajar (${list(f.cards)}): los jugadores no pueden cambiar el orden de las cartas de su mazo (7.2.2); una carta que sale del mazo debe salir de arriba, salvo que la haya encontrado un efecto o una búsqueda.`,
  FAILED_TO_FIND_PUBLIC: (f) =>
    `${f.player} no encontró ninguna carta${f.criteria === undefined ? '' : ` que cumpla "${f.criteria}"`} en ${zoneName(f.zone, 'es')}, una zona pública que contenía ${list(f.cards)}: al buscar en una zona pública no se puede no encontrar una carta y se debe elegir una carta apropiada si es posible (7.1.4); solo la búsqueda en una zona privada puede no encontrarla.`,
  BAG_OUT_OF_ORDER: (f) =>
    f.player === f.expected
      ? `${f.player} resolvió la habilidad disparada ${f.trigger}, que no es suya: le tocaba elegir a ${f.expected}, que elige una de sus propias habilidades (7.7.4).`
      : `${f.player} resolvió la habilidad disparada ${f.trigger} de la bolsa, pero le tocaba elegir a ${f.expected} (7.7.4: primero el jugador activo; después, el último jugador que resolvió sigue mientras tenga habilidades en la bolsa, y luego la bolsa pasa en orden de turno).`,
  RESOLVED_DURING_ACTION: (f) =>
    `${f.player} resolvió la habilidad disparada ${f.trigger} mientras el efecto de una acción jugada por ${f.actionBy} aún se estaba resolviendo: ese efecto se resuelve antes de que se pueda elegir resolver cualquier habilidad disparada (7.1.6.1).`,
  INKED_FACE_UP: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} ${many(f.cards) ? 'entraron' : 'entró'} boca arriba en el inkwell de ${f.player}: las cartas se ponen en el inkwell boca abajo y preparadas (7.5.2), y una carta que un efecto pone allí no se revela (7.5.6).`,
  OPENING_HAND_NOT_SEVEN: (f) =>
    `${f.player} empezó el primer turno con ${f.counts} cartas en la mano: los jugadores empiezan la partida con una mano inicial de ${f.limit} cartas robadas (7.3.1).`,
  DRAWN_FROM_OTHER_DECK: (f) =>
    `${f.player} robó ${list(f.cards)} del ${zoneName(f.zone, 'es').replace(/^el /, '')}: el mazo de un jugador es de donde ese jugador roba cartas (7.2.1), y no se nombró ningún efecto para tomar ${many(f.cards) ? 'esas cartas' : 'esa carta'}.`,
  DECK_CARD_FACE_UP: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} ${many(f.cards) ? 'estaban' : 'estaba'} boca arriba en el mazo de ${f.player}: las cartas del mazo de un jugador permanecen boca abajo en todo momento (7.2.2).`,
  PLAYED_INTO_OPPONENT_PLAY: (f) =>
    `La carta ${list(f.cards)} de ${f.player} se jugó en ${zoneName(f.zone, 'es')}: la zona de juego de un jugador es donde se juegan sus cartas, y los jugadores no pueden jugar cartas en la zona de juego de un oponente (7.4.1).`,
  INKED_EXERTED: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} ${many(f.cards) ? 'entraron agotadas' : 'entró agotada'} en el inkwell de ${f.player}, sin nombrar ningún efecto: las cartas se ponen en el inkwell de un jugador boca abajo y preparadas (7.5.2).`,
  INK_CARD_FACE_UP: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} del inkwell de ${f.player} se ${many(f.cards) ? 'pusieron' : 'puso'} boca arriba: las cartas de tinta se mantienen boca abajo en todo momento, y los jugadores no pueden mirar una carta de un inkwell, ni siquiera del suyo (7.5.4).`,
  DISCARD_CARD_FACE_DOWN: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} ${many(f.cards) ? 'estaban' : 'estaba'} boca abajo en el descarte de ${f.player}: las cartas del descarte de un jugador permanecen boca arriba en todo momento (7.6.2).`,
  TRIGGER_ADDED_BY_OTHER_PLAYER: (f) =>
    `${f.player} añadió a la bolsa la habilidad disparada ${f.trigger} de ${list(f.cards)}, una carta de ${f.expected}: una habilidad disparada la añade a la bolsa el jugador cuya carta la generó (7.7.3.1).`,
  NAMED_BEYOND_LIST: (f) =>
    `${many(f.cards) ? 'Las cartas' : 'La carta'} ${list(f.cards)} de ${f.player} ${many(f.cards) ? 'se nombraron' : 'se nombró'} al verse, pero la lista de mazo registrada de ${f.player} no tiene más copias de esa carta que las ya nombradas: la carta mostrada y la lista no coinciden.`,
  DECK_NOT_REFILLED: (f) =>
    `${cap(zoneName(f.zone, 'es'))} se quedó sin cartas mientras su descarte tenía cartas, y el evento siguiente (revisión ${f.next}) no fue el barajado que convierte ese descarte en el nuevo mazo: un mazo vacío se reemplaza de inmediato por su descarte barajado ("Decks").`,
  FIZZLE_IGNORED: (f) =>
    `${f.player} resolvió ${f.trigger} aunque su objetivo ${list(f.cards)} cambió de zona después de añadirse: una carta que cambia de zona es un objeto nuevo, y las habilidades que la tenían como objetivo se anulan ("Game Zones").`,
  DECK_CARD_VIEWED: (f) =>
    `${f.player} miró ${list(f.cards)} en un mazo sin nombrar ningún efecto ni habilidad: las cartas de los mazos son información oculta y no se pueden ver salvo que un efecto o una habilidad indique a un jugador que lo haga ("Decks").`,
  DISCARD_ORDER_CHANGED: (f) =>
    `El orden del ${zoneName(f.zone, 'es').replace(/^el /, '')} cambió (${list(f.cards)} se movió dentro de él) sin nombrar ninguna habilidad: el orden de las cartas del descarte no se puede cambiar salvo que una habilidad indique a un jugador que lo haga ("Discard").`,
  HAND_VIEWED_BY_OTHER: (f) =>
    `${f.player} miró ${list(f.cards)} en la mano de otro jugador sin que nada lo permitiera: las cartas de la mano de un jugador solo las puede ver ese jugador, salvo que se especifique otra cosa ("Hand").`,
  NON_LOOT_IN_HAND: (f) =>
    `La carta ${list(f.cards)}, que empezó la partida en ${zoneName({ zone: `${f.kind}-deck` }, 'es')} o en su descarte, entró en ${zoneName(f.zone, 'es')}: la mano solo se compone de cartas de botín ("Hand").`,
  SLOT_ORDER_CHANGED: (f) =>
    `El orden de las cartas del ${zoneName(f.zone, 'es').replace(/^el /, '')} cambió (${list(f.cards)} se movió dentro) sin nombrar ninguna habilidad: el orden de las cartas de un espacio no se puede cambiar salvo que una habilidad indique a un jugador que lo haga ("Covered in a Slot").`,
  FACE_DOWN_OUTSIDE_VIEWED: (f) =>
    `${f.player} miró ${list(f.cards)}, boca abajo fuera del juego, sin nombrar ningún efecto ni habilidad: las cartas boca abajo fuera del juego son información oculta, y solo un efecto o una habilidad puede dar permiso para mirarlas ("Outside the Game").`,
  HARBINGERS_NOT_OUTSIDE: (f) =>
    `La partida empezó con The Harbingers (${list(f.cards)}) en ${zoneName(f.zone, 'es')}: la carta "The Harbingers" empieza fuera del juego, igual que las almas de bonificación activas ("Outside the Game").`,
  UNREVEALED_SPECIFIED_CARD: (f) =>
    `La carta ${list(f.cards)}, especificada como "${f.characteristic}", se añadió a ${zoneName(f.zone, 'es')}, una zona privada, sin revelarse antes a todos los jugadores: una carta con una característica especificada debe revelarse antes de añadirse a una zona privada ("Public vs Private Information" 2.1). Cuenta como revelada si estaba boca arriba en una zona pública justo antes del movimiento, o si se reveló a todos los jugadores desde que cambió de zona por última vez.`,
  LOOK_NOT_ALLOWED: (f) =>
    `${f.player} miró ${list(f.cards)} sin nombrar ningún efecto, y no puede ${many(f.cards) ? 'mirarlas' : 'mirarla'}: nadie puede mirar el mazo principal ni las cartas boca abajo desconocidas del destierro; una carta boca abajo solo la mira quien la controla, y tras un cambio de control de una carta boca abajo ni su propietario ni su anterior controlador pueden mirarla ("Public vs Private Information").`,
  TURNS_AFTER_TIME_EXCEEDED: (f) =>
    `${f.player} empezó el turno ${f.turn}, el turno ${(f.limit ?? 0) + 1} después de que se cantara el tiempo: cuando se canta el tiempo, el jugador activo termina su turno y después se juegan ${f.limit} turnos más, empezando por el oponente; si en esos turnos nadie cumple una condición de victoria, la partida es un empate (procedimiento de fin de ronda).`,
  PLAYED_AFTER_WIN: (f) =>
    `La partida siguió después de que ${f.player} llegara a ${f.limit} de ${counterEs(f.criteria)}: quien llega a ${f.limit} de ${counterEs(f.criteria)} gana la partida, así que el evento siguiente debía terminarla.`,
  RESULT_DISAGREES_WITH_COUNTERS: (f) =>
    f.result === 'draw'
      ? `La partida se registró como empate aunque un jugador había llegado a ${f.limit} de ${counterEs(f.criteria)} (${f.counts}): ese jugador ganó la partida.`
      : f.result === 'behind'
        ? `Se registró a ${f.winner} como ganador, pero otro jugador había llegado a ${f.limit} de ${counterEs(f.criteria)} y ${f.winner} no (${f.counts}): gana la partida quien llega a ${f.limit} de ${counterEs(f.criteria)}.`
        : `Se registró a ${f.winner} como ganador con menos de ${f.limit} de ${counterEs(f.criteria)} (${f.counts}), sin que ningún oponente se rindiera (abandonara la partida) ni terminara con el mazo vacío: se gana al llegar a ${f.limit} de ${counterEs(f.criteria)}, o cuando el oponente no puede robar.`,
  SLOW_TURN: (f) =>
    `El turno ${f.turn} de ${f.player} duró ${f.seconds} s, más de los ${f.limit} s que el organizador fijó como juego lento (MATCHLOG_SLOW_TURN_SECONDS): una nota para el juez, no una regla del juego.`,
  CORRECTION: (f) => `Corrección de #${f.next}: este ${f.type} deshace el evento ${f.corrects}; el registro conserva ambos.`,
  CORRECTION_OF_UNKNOWN_EVENT: (f) =>
    `Este ${f.type} dice corregir el evento ${f.corrects}, que el registro no contiene antes de él: una corrección nombra un evento anterior de la partida.`,
};

const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const messages: Readonly<Record<Language, Readonly<Record<FindingCode, Text>>>> = { en, es };

/** The message of a finding in the language asked for. */
export const messageFor = (code: FindingCode, facts: Facts, language: Language): string => messages[language][code](facts);

const counted = (cards: readonly CardCount[] | undefined): string => (cards ?? []).map((card) => `${card.count} × ${card.definition}`).join(', ');
/** The part of the deck a Grand Archive finding names (absent: the whole deck, as Lorcana's). */
const PARTS = {
  en: { none: 'it', main: 'its main deck', material: 'its material deck', sideboard: 'its sideboard' },
  es: { none: '', main: 'su mazo principal ', material: 'su mazo de material ', sideboard: 'su banquillo ' },
} as const;
const partOf = (f: DeckFacts, language: Language): string => PARTS[language][f.section ?? 'none'];
const gameNo = (game: number | null | undefined, language: Language): string =>
  game == null ? (language === 'es' ? 'una partida sin número' : 'a game with no number') : language === 'es' ? `la partida ${game}` : `game ${game}`;

/** The deck checks' words (findings/decks), in English and in Spanish. */
export const deckMessages: Readonly<Record<Language, Readonly<Record<DeckFindingCode, (facts: DeckFacts) => string>>>> = {
  en: {
    DECK_NOT_LEGAL: (f) =>
      [
        `${f.player}'s deck in ${gameNo(f.game, 'en')} of this constructed match is not legal:`,
        f.minCards !== undefined ? ` ${partOf(f, 'en')} has ${f.cards} cards, and a deck has at least ${f.minCards};` : '',
        f.overLimit !== undefined
          ? ` ${partOf(f, 'en')} has more than ${f.maxCopies} ${f.maxCopies === 1 ? 'copy' : 'copies'} of a ${f.section === undefined ? 'full ' : ''}name (${counted(f.overLimit)});`
          : '',
        f.maxCards !== undefined && f.points === undefined ? ` ${partOf(f, 'en')} has ${f.cards} cards, and holds at most ${f.maxCards};` : '',
        f.championLevel !== undefined ? ` ${partOf(f, 'en')} has no level ${f.championLevel} champion;` : '',
        f.points !== undefined ? ` ${partOf(f, 'en')} has ${f.cards} cards worth ${f.points} points, and holds at most ${f.maxCards} cards and ${f.maxPoints} points;` : '',
        ' the rules cited set the deck construction.',
      ].join(''),
    DECK_CHANGED_BETWEEN_GAMES: (f) =>
      `${f.player}'s deck in ${gameNo(f.game, 'en')} is not the deck of ${gameNo(f.otherGame, 'en')} (match ${f.otherMatchId}): ` +
      `${(f.added ?? []).length > 0 ? `added ${counted(f.added)}` : 'nothing added'}; ${(f.removed ?? []).length > 0 ? `removed ${counted(f.removed)}` : 'nothing removed'}. ` +
      'There is no sideboard: a player plays the same deck in every game of a match.',
  },
  es: {
    DECK_NOT_LEGAL: (f) =>
      [
        `El mazo de ${f.player} en ${gameNo(f.game, 'es')} de este enfrentamiento de formato construido no es legal:`,
        f.minCards !== undefined ? ` ${partOf(f, 'es')}tiene ${f.cards} cartas, y un mazo tiene al menos ${f.minCards};` : '',
        f.overLimit !== undefined
          ? ` ${partOf(f, 'es')}tiene más de ${f.maxCopies} ${f.maxCopies === 1 ? 'copia' : 'copias'} de un mismo nombre${f.section === undefined ? ' completo' : ''} (${counted(f.overLimit)});`
          : '',
        f.maxCards !== undefined && f.points === undefined ? ` ${partOf(f, 'es')}tiene ${f.cards} cartas, y admite como mucho ${f.maxCards};` : '',
        f.championLevel !== undefined ? ` ${partOf(f, 'es')}no tiene ningún campeón de nivel ${f.championLevel};` : '',
        f.points !== undefined ? ` ${partOf(f, 'es')}tiene ${f.cards} cartas que valen ${f.points} puntos, y admite como mucho ${f.maxCards} cartas y ${f.maxPoints} puntos;` : '',
        ' las reglas citadas fijan la construcción del mazo.',
      ].join(''),
    DECK_CHANGED_BETWEEN_GAMES: (f) =>
      `El mazo de ${f.player} en ${gameNo(f.game, 'es')} no es el mazo de ${gameNo(f.otherGame, 'es')} (enfrentamiento ${f.otherMatchId}): ` +
      `${(f.added ?? []).length > 0 ? `añadió ${counted(f.added)}` : 'no añadió nada'}; ${(f.removed ?? []).length > 0 ? `quitó ${counted(f.removed)}` : 'no quitó nada'}. ` +
      'No hay banquillo: un jugador juega el mismo mazo en todas las partidas de un enfrentamiento.',
  },
};

/** The message of a deck finding in the language asked for. */
export const deckMessageFor = (code: DeckFindingCode, facts: DeckFacts, language: Language): string => deckMessages[language][code](facts);
