import { byName, lorcanaTable, printedFacts, resolveDeckList } from '@matchlog/cards';
import { MatchCreated, StartingCard } from '@matchlog/domain';
import { BadDeckLine, DeckListUnknownCards, FieldProblem, ValidationFailed } from '../errors';

/** Each player's deck list as text, by player id: one card a line, the count then `Name - Version`. */
export type DeckLists = Readonly<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const playerIds = (created: MatchCreated): string[] =>
  Array.isArray(created.players) ? created.players.flatMap((seat: unknown) => (isRecord(seat) && typeof seat.id === 'string' ? [seat.id] : [])) : [];

const inDeckOf = (card: unknown, player: string) => isRecord(card) && isRecord(card.zone) && card.zone.zone === 'deck' && card.zone.player === player;

/**
 * The deck lists' cards, each player's in list order (the deck's order until the recorder records a shuffle):
 * card ids `<player>-1` … `<player>-n`, definitions as the Lorcana table names them, with their printed facts.
 * Refuses (DECK_LIST_UNKNOWN_CARDS) with every line that names no card.
 */
const cardsOfDeckLists = (created: MatchCreated, deckLists: DeckLists): StartingCard[] => {
  const problems: FieldProblem[] = [];
  if (created.game !== 'lorcana')
    problems.push({ path: 'deckLists', message: `deckLists are read against the Lorcana card table: for game "lorcana" only; give this match's decks as cards` });
  const players = playerIds(created);
  const given = Array.isArray(created.cards) ? (created.cards as unknown[]) : [];
  for (const player of Object.keys(deckLists)) {
    if (!players.includes(player)) problems.push({ path: `deckLists.${player}`, message: `deckLists.${player} must name a player of this match (${players.join(', ')})` });
    else if (given.some((card) => inDeckOf(card, player)))
      problems.push({ path: `deckLists.${player}`, message: `give ${player}'s deck either as cards in its deck zone or as deckLists.${player}, not both` });
  }
  if (problems.length > 0) throw new ValidationFailed(problems);
  const bad: BadDeckLine[] = [];
  const cards: StartingCard[] = [];
  for (const [player, text] of Object.entries(deckLists)) {
    const resolved = resolveDeckList(text, lorcanaTable());
    if (!resolved.ok) {
      bad.push(...resolved.bad.map((line) => ({ player, ...line })));
      continue;
    }
    let n = 0;
    for (const { count, definition, printed } of resolved.cards) {
      for (let copy = 0; copy < count; copy++) cards.push({ cardId: `${player}-${++n}`, owner: player, definition, zone: { zone: 'deck', player }, printed });
    }
  }
  if (bad.length > 0) throw new DeckListUnknownCards(bad);
  return cards;
};

/** A Lorcana card definition without printed facts gets them from the table when its name is a whole definition the table has once; given facts are kept. */
const withPrinted = (card: StartingCard): StartingCard => {
  if (!isRecord(card) || card.printed !== undefined || typeof card.definition !== 'string') return card;
  const found = byName(card.definition, 0);
  return found.status === 'found' && found.matchedBy === 'definition' ? { ...card, printed: printedFacts(found.card) } : card;
};

/**
 * The MatchCreated that POST /matches records: the deck lists given as text added as cards (see cardsOfDeckLists),
 * and, for Lorcana, printed facts filled from the card table where a card has none. Anything else is left for the
 * domain to check.
 */
export const matchCreatedWithDecks = (created: MatchCreated, deckLists?: DeckLists): MatchCreated => {
  const fromLists = deckLists === undefined ? [] : cardsOfDeckLists(created, deckLists);
  if (created.game !== 'lorcana') return created;
  const given: unknown = created.cards === undefined && deckLists !== undefined ? [] : created.cards;
  if (!Array.isArray(given)) return created;
  return { ...created, cards: [...(given as StartingCard[]), ...fromLists].map(withPrinted) };
};
