import { byName, lorcanaTable, printedFacts, resolveDeckList } from '@matchlog/cards';
import { DeckList, ListedCard, MatchCreated, StartingCard } from '@matchlog/domain';
import { BadDeckLine, DeckListUnknownCards, FieldProblem, ValidationFailed } from '../errors';

/** Each player's deck list as text, by player id: one card a line, the count then `Name - Version`. */
export type DeckLists = Readonly<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const playerIds = (created: MatchCreated): string[] =>
  Array.isArray(created.players) ? created.players.flatMap((seat: unknown) => (isRecord(seat) && typeof seat.id === 'string' ? [seat.id] : [])) : [];

const inDeckOf = (card: unknown, player: string) => isRecord(card) && isRecord(card.zone) && card.zone.zone === 'deck' && card.zone.player === player;

/**
 * A paper match's decks: each player's list as MatchCreated.lists (definitions as the Lorcana table names them, with
 * their printed facts), and as many cards in their deck, ids `<player>-1` … `<player>-n`, none of them named: nobody
 * knows which card lies where until one is seen. Refuses (DECK_LIST_UNKNOWN_CARDS) with every line that names no card.
 */
const paperDecks = (created: MatchCreated, deckLists: DeckLists): { cards: StartingCard[]; lists: DeckList[] } => {
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
  const lists: DeckList[] = [];
  for (const [player, text] of Object.entries(deckLists)) {
    const resolved = resolveDeckList(text, lorcanaTable());
    if (!resolved.ok) {
      bad.push(...resolved.bad.map((line) => ({ player, ...line })));
      continue;
    }
    const size = resolved.cards.reduce((sum, card) => sum + card.count, 0);
    for (let n = 1; n <= size; n++) cards.push({ cardId: `${player}-${n}`, owner: player, zone: { zone: 'deck', player } });
    const listed = new Map<string, ListedCard>();
    // two lines may name one card: one entry, their copies added
    for (const { count, definition, printed } of resolved.cards)
      listed.set(definition, { definition, copies: (listed.get(definition)?.copies ?? 0) + count, ...(printed !== undefined && { printed }) });
    if (listed.size > 0) lists.push({ player, cards: [...listed.values()] });
  }
  if (bad.length > 0) throw new DeckListUnknownCards(bad);
  return { cards, lists };
};

/** A Lorcana card definition without printed facts gets them from the table when its name is a whole definition the table has once; given facts are kept. */
const withPrinted = (card: StartingCard): StartingCard => {
  if (!isRecord(card) || card.printed !== undefined || typeof card.definition !== 'string') return card;
  const found = byName(card.definition, 0);
  return found.status === 'found' && found.matchedBy === 'definition' ? { ...card, printed: printedFacts(found.card) } : card;
};

/**
 * The MatchCreated that POST /matches records: the deck lists given as text, as a paper match's lists and unnamed cards (see paperDecks),
 * and, for Lorcana, printed facts filled from the card table where a card has none. Anything else is left for the
 * domain to check.
 */
export const matchCreatedWithDecks = (created: MatchCreated, deckLists?: DeckLists): MatchCreated => {
  const paper = deckLists === undefined ? undefined : paperDecks(created, deckLists);
  if (created.game !== 'lorcana') return created;
  const given: unknown = created.cards === undefined && deckLists !== undefined ? [] : created.cards;
  if (!Array.isArray(given)) return created;
  const cards = [...(given as StartingCard[]).map(withPrinted), ...(paper?.cards ?? [])];
  return paper === undefined || paper.lists.length === 0 ? { ...created, cards } : { ...created, cards, lists: paper.lists };
};
