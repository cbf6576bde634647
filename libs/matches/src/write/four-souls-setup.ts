import { CardTable, FourSoulsCard, FourSoulsPile, fourSoulsCardsOf, fourSoulsPrinted, fourSoulsSets, sharedPrinted, startingItemOf } from '@matchlog/cards';
import { DeckList, ListedCard, MatchCreated, StartingCard } from '@matchlog/domain';
import { FieldProblem, ValidationFailed } from '../errors';
import { BadSetupName, SetupUnknownCards } from './setup-unknown-cards';

/** A Four Souls match's setup instead of its cards: each player's character (and starting item), the sets, the bonus souls. */
export interface FourSoulsSetup {
  readonly characters: Readonly<Record<string, string>>;
  /** a player's starting item when it is not the character's own (Eden's, chosen from the treasure deck) */
  readonly startingItems?: Readonly<Record<string, string>>;
  /** the sets whose cards make the shared decks; default: the base game, b2 */
  readonly sets?: readonly string[];
  readonly bonusSouls?: boolean;
}

/** Two to four players sit at a Four Souls table (issue 38; foursouls.com's rules overview speaks of players taking turns). */
const SEATS = { min: 2, max: 4 };
const DECKS: readonly FourSoulsPile[] = ['treasure', 'loot', 'monster', 'room'];

const playerIds = (created: MatchCreated): string[] =>
  Array.isArray(created.players)
    ? created.players.flatMap((seat: unknown) =>
        typeof seat === 'object' && seat !== null && typeof (seat as { id?: unknown }).id === 'string' ? [(seat as { id: string }).id] : [],
      )
    : [];

const shapeProblems = (created: MatchCreated, setup: FourSoulsSetup, players: readonly string[], hasDeckLists: boolean): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  if (created.game !== 'four-souls')
    problems.push({ path: 'setup', message: 'a setup builds a Four Souls match: for game "four-souls" only; give other games\' decks as deckLists or cards' });
  if (hasDeckLists) problems.push({ path: 'deckLists', message: 'a Four Souls match has no decks of its own: give its setup, not deckLists' });
  if (Array.isArray(created.cards) && created.cards.length > 0)
    problems.push({ path: 'cards', message: 'the setup builds every starting card: give either cards or setup, not both' });
  if (created.lists !== undefined) problems.push({ path: 'lists', message: "the setup registers the shared decks' list: give either lists or setup, not both" });
  if (players.length < SEATS.min || players.length > SEATS.max)
    problems.push({ path: 'players', message: `a Four Souls table seats ${SEATS.min} to ${SEATS.max} players; this match has ${players.length}` });
  for (const player of players)
    if (setup.characters[player] === undefined) problems.push({ path: `setup.characters.${player}`, message: `name ${player}'s character, e.g. "Isaac"` });
  for (const field of ['characters', 'startingItems'] as const)
    for (const player of Object.keys(setup[field] ?? {}))
      if (!players.includes(player))
        problems.push({ path: `setup.${field}.${player}`, message: `setup.${field}.${player} must name a player of this match (${players.join(', ')})` });
  const known = fourSoulsSets();
  for (const [i, set] of (setup.sets ?? []).entries())
    if (!known.includes(set)) problems.push({ path: `setup.sets.${i}`, message: `no set "${set}" in the card table; it holds ${known.join(', ')}` });
  return problems;
};

/** The card a name names among `cards` (a character among characters: the closest names are of the same kind). */
const lookup = (table: CardTable<FourSoulsCard>, path: string, player: string, text: string, bad: BadSetupName[]): FourSoulsCard | undefined => {
  const found = table.byName(text);
  if (found.status === 'found') return found.card;
  bad.push({ path, player, text, problem: found.status, closest: found.status === 'unknown' ? found.closest : found.candidates });
  return undefined;
};

const named = (card: FourSoulsCard, cardId: string, owner: string | null, zone: StartingCard['zone']): StartingCard => ({
  cardId,
  owner,
  definition: card.definition,
  zone,
  printed: fourSoulsPrinted(card),
});

/**
 * A Four Souls match's starting cards from its setup. The shared Treasure, Loot, Monster and Room decks hold every copy
 * of the sets' cards of each (Game Zones, "Decks"), none of them named: at a paper table nobody has seen their order,
 * so each is named as it is revealed, from the shared list (lists, player null). Each player's character and starting
 * item start in their `play` zone ("In Play": the objects a player controls), named; a starting item taken from the
 * treasure deck (Eden's) leaves it. The bonus souls, when used, start outside the game ("Outside the Game": the active
 * bonus souls), named. Refuses (DECK_LIST_UNKNOWN_CARDS) with every name that names no card.
 */
export const matchCreatedWithSetup = (created: MatchCreated, setup: FourSoulsSetup, hasDeckLists = false): MatchCreated => {
  const players = playerIds(created);
  const problems = shapeProblems(created, setup, players, hasDeckLists);
  if (problems.length > 0) throw new ValidationFailed(problems);
  const cards = fourSoulsCardsOf(setup.sets ?? ['b2']);
  const characters = new CardTable(cards.filter((card) => card.pile === 'character'));
  const items = new CardTable(cards.filter((card) => card.pile === 'starting-item' || card.pile === 'treasure'));
  const bad: BadSetupName[] = [];
  const seats = players.map((player) => {
    const character = lookup(characters, `setup.characters.${player}`, player, setup.characters[player], bad);
    const asked = setup.startingItems?.[player];
    const item = asked !== undefined ? lookup(items, `setup.startingItems.${player}`, player, asked, bad) : character && startingItemOf(character);
    return { player, character, item };
  });
  if (bad.length > 0) throw new SetupUnknownCards(bad);
  const taken = new Map<string, number>();
  const take = (card: FourSoulsCard, path: string): boolean => {
    const count = (taken.get(card.id) ?? 0) + 1;
    taken.set(card.id, count);
    if (count <= card.copies) return true;
    problems.push({ path, message: `the sets hold ${card.copies} "${card.name}": another player has it already` });
    return false;
  };
  // a character taken twice brings its starting item twice: the character is the problem to name
  for (const { player, character, item } of seats) if (take(character!, `setup.characters.${player}`) && item !== undefined) take(item, `setup.startingItems.${player}`);
  if (problems.length > 0) throw new ValidationFailed(problems);
  const starting: StartingCard[] = seats.flatMap(({ player, character, item }) => [
    named(character!, `${player}-character`, player, { zone: 'play', player }),
    ...(item === undefined ? [] : [named(item, `${player}-starting-item`, player, { zone: 'play', player })]),
  ]);
  const listed = new Map<string, { copies: number; cards: FourSoulsCard[] }>();
  for (const pile of DECKS) {
    let n = 0;
    for (const card of cards.filter((each) => each.pile === pile)) {
      const copies = card.copies - (taken.get(card.id) ?? 0);
      if (copies <= 0) continue;
      for (let copy = 0; copy < copies; copy++) starting.push({ cardId: `${pile}-${++n}`, owner: null, zone: { zone: `${pile}-deck` } });
      const line = listed.get(card.definition) ?? { copies: 0, cards: [] };
      listed.set(card.definition, { copies: line.copies + copies, cards: [...line.cards, card] });
    }
  }
  if (setup.bonusSouls === true)
    cards.filter((card) => card.pile === 'bonus-soul').forEach((card, i) => starting.push(named(card, `bonus-soul-${i + 1}`, null, { zone: 'outside' })));
  const shared: DeckList = {
    player: null,
    cards: [...listed].map(([definition, { copies, cards: printings }]): ListedCard => ({ definition, copies, printed: sharedPrinted(printings) })),
  };
  return { ...created, cards: starting, lists: [shared] };
};
