import type { CreateMatchData } from '@matchlog/client';
import { GameId, takesDeckLists } from './seats';

export type Broadcast = 'none' | 'public' | 'token';

/** A deck site's JSON (Grand Archive): `{cards:{main|material|sideboard:[{quantity, name, uuid}]}}`, passed on as pasted. */
export type DeckJson = { readonly cards: Record<string, unknown> } & Record<string, unknown>;

/** Four Souls' setup: each seat's character and optional starting item, the sets the shared decks are built from, bonus souls. */
export interface FourSoulsSetup {
  readonly characters: Record<string, string>;
  readonly startingItems?: Record<string, string>;
  readonly sets?: string[];
  readonly bonusSouls?: boolean;
}

/** POST /matches as the form sends it: Lorcana's text lists, Grand Archive's text or JSON lists, or Four Souls' setup. */
export type NewMatchBody = Omit<CreateMatchData, 'deckLists' | 'game'> & {
  readonly game: GameId;
  readonly deckLists?: Record<string, string | DeckJson>;
  readonly setup?: FourSoulsSetup;
};

export interface SeatValues {
  readonly id: string;
  readonly name: string;
  readonly deck: string;
  readonly character: string;
  readonly startingItem: string;
}

/** What the form holds, as typed. */
export interface FormValues {
  readonly game: GameId;
  readonly seats: readonly SeatValues[];
  /** Four Souls: the sets, comma or line separated */
  readonly sets: string;
  readonly bonusSouls: boolean;
  readonly event: string;
  readonly round: string;
  readonly table: string;
  readonly gameNumber: string;
  readonly bestOf: 1 | 3 | 5;
  readonly broadcast: Broadcast;
  readonly delayMinutes: string;
}

/**
 * A Grand Archive list pasted as a deck site's JSON goes as that object (the server reads its sections); anything
 * else, an Omnidex export included, as the text typed. JSON that does not parse is sent as text: the server says which line.
 */
export const deckListValue = (game: GameId, text: string): string | DeckJson => {
  if (game !== 'grand-archive' || !text.trim().startsWith('{')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'cards' in parsed ? (parsed as DeckJson) : text;
  } catch {
    return text;
  }
};

const listOf = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

const setupOf = (values: FormValues): FourSoulsSetup => {
  const items = values.seats.filter((seat) => seat.startingItem.trim() !== '');
  const sets = listOf(values.sets);
  return {
    characters: Object.fromEntries(values.seats.map((seat) => [seat.id, seat.character.trim()])),
    ...(items.length > 0 && { startingItems: Object.fromEntries(items.map((seat) => [seat.id, seat.startingItem.trim()])) }),
    ...(sets.length > 0 && { sets }),
    ...(values.bonusSouls && { bonusSouls: true }),
  };
};

const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The body of POST /matches: every seat a player, then the game's decks or setup, the table and the broadcast. */
export const bodyOf = (values: FormValues): NewMatchBody => {
  const seconds = Math.round((Number(values.delayMinutes) || 0) * 60);
  return {
    game: values.game,
    players: values.seats.map((seat) => ({ id: seat.id, name: seat.name.trim() || seat.id })),
    ...(takesDeckLists(values.game) ? { deckLists: Object.fromEntries(values.seats.map((seat) => [seat.id, deckListValue(values.game, seat.deck)])) } : { setup: setupOf(values) }),
    tournament: {
      event: values.event.trim() || undefined,
      round: numberOf(values.round),
      table: numberOf(values.table),
      game: numberOf(values.gameNumber),
      bestOf: values.bestOf,
    },
    ...(values.broadcast !== 'none' && { broadcastAccess: values.broadcast, ...(seconds > 0 && { broadcastDelay: { seconds } }) }),
  };
};
