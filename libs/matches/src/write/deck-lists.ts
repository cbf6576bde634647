import { DeckList, ListedCard, MatchCreated, StartingCard } from '@matchlog/domain';
import { BadDeckLine, DeckListUnknownCards, FieldProblem, ValidationFailed } from '../errors';
import { DeckListInput, GAME_DECKS, GameDecks } from './deck-games';

/** Each player's deck list, by player id: text, or (Grand Archive) a deck site's JSON object. See GAME_DECKS. */
export type DeckLists = Readonly<Record<string, DeckListInput>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const playerIds = (created: MatchCreated): string[] =>
  Array.isArray(created.players) ? created.players.flatMap((seat: unknown) => (isRecord(seat) && typeof seat.id === 'string' ? [seat.id] : [])) : [];

const inDeckOf = (card: unknown, player: string, zones: readonly string[]) =>
  isRecord(card) && isRecord(card.zone) && zones.includes(card.zone.zone as string) && card.zone.player === player;

const gameOf = (created: MatchCreated): GameDecks | undefined => (typeof created.game === 'string' ? GAME_DECKS[created.game] : undefined);

/**
 * A paper match's decks: each player's list as MatchCreated.lists (definitions as the game's table names them, with
 * their printed facts and, where the game has several, their section), and as many cards in each section's zone, ids
 * `<player>-1` … (Grand Archive's material deck `<player>-m1` …), none of them named: nobody knows which card lies where
 * until one is seen. A sideboard is registered in the list only. Refuses (DECK_LIST_UNKNOWN_CARDS) with every line that
 * names no card.
 */
const paperDecks = (created: MatchCreated, deckLists: DeckLists): { cards: StartingCard[]; lists: DeckList[] } => {
  const game = gameOf(created);
  const problems: FieldProblem[] = [];
  if (game === undefined)
    problems.push({
      path: 'deckLists',
      message: `deckLists are read against a card table, for games ${Object.keys(GAME_DECKS).join(' and ')} only; give this match's decks as cards`,
    });
  const zones = Object.values(game?.zones ?? {});
  const players = playerIds(created);
  const given = Array.isArray(created.cards) ? (created.cards as unknown[]) : [];
  for (const [player, list] of Object.entries(deckLists)) {
    if (!players.includes(player)) problems.push({ path: `deckLists.${player}`, message: `deckLists.${player} must name a player of this match (${players.join(', ')})` });
    else if (given.some((card) => inDeckOf(card, player, zones)))
      problems.push({ path: `deckLists.${player}`, message: `give ${player}'s deck either as cards in its deck zone or as deckLists.${player}, not both` });
    else if (game !== undefined && game.resolve(list) === null) problems.push({ path: `deckLists.${player}`, message: `deckLists.${player} must be ${game.formats}` });
  }
  if (problems.length > 0 || game === undefined) throw new ValidationFailed(problems);
  const bad: BadDeckLine[] = [];
  const cards: StartingCard[] = [];
  const lists: DeckList[] = [];
  for (const [player, list] of Object.entries(deckLists)) {
    const resolved = game.resolve(list)!;
    if (!resolved.ok) {
      bad.push(...resolved.bad.map((line) => ({ player, ...line })));
      continue;
    }
    for (const [section, zone] of Object.entries(game.zones)) {
      const size = resolved.cards.filter((card) => (card.section ?? 'main') === section).reduce((sum, card) => sum + card.count, 0);
      const prefix = game.idPrefix[section as keyof typeof game.idPrefix];
      for (let n = 1; n <= size; n++) cards.push({ cardId: `${player}${prefix}${n}`, owner: player, zone: { zone, player } });
    }
    const listed = new Map<string, ListedCard>();
    // two lines may name one card of a section: one entry, their copies added
    for (const { count, definition, printed, section } of resolved.cards) {
      const key = `${section ?? ''}:${definition}`;
      const copies = (listed.get(key)?.copies ?? 0) + count;
      listed.set(key, { definition, copies, ...(printed !== undefined && { printed }), ...(section !== undefined && { section }) });
    }
    if (listed.size > 0) lists.push({ player, cards: [...listed.values()] });
  }
  if (bad.length > 0) throw new DeckListUnknownCards(bad);
  return { cards, lists };
};

/** A card definition without printed facts gets them from the game's table when its name is a whole definition the table has once; given facts are kept. */
const withPrinted = (game: GameDecks, card: StartingCard): StartingCard => {
  if (!isRecord(card) || card.printed !== undefined || typeof card.definition !== 'string') return card;
  const printed = game.printedOf(card.definition);
  return printed === undefined ? card : { ...card, printed };
};

/**
 * The MatchCreated that POST /matches records: the deck lists, as a paper match's lists and unnamed cards (see
 * paperDecks), and, for a game with a card table, printed facts filled from it where a card has none. Anything else is
 * left for the domain to check.
 */
export const matchCreatedWithDecks = (created: MatchCreated, deckLists?: DeckLists): MatchCreated => {
  const paper = deckLists === undefined ? undefined : paperDecks(created, deckLists);
  const game = gameOf(created);
  if (game === undefined) return created;
  const given: unknown = created.cards === undefined && deckLists !== undefined ? [] : created.cards;
  if (!Array.isArray(given)) return created;
  const cards = [...(given as StartingCard[]).map((card) => withPrinted(game, card)), ...(paper?.cards ?? [])];
  return paper === undefined || paper.lists.length === 0 ? { ...created, cards } : { ...created, cards, lists: paper.lists };
};
