/** The games the form sets up, and how many seats each takes: Four Souls is played by two to four, the others by two. */
export const GAMES = ['lorcana', 'grand-archive', 'four-souls'] as const;
export type GameId = (typeof GAMES)[number];

export const SEAT_RANGE: Record<GameId, { readonly min: number; readonly max: number }> = {
  lorcana: { min: 2, max: 2 },
  'grand-archive': { min: 2, max: 2 },
  'four-souls': { min: 2, max: 4 },
};

/** Whether the game's players bring decks as lists (Lorcana, Grand Archive) or the match is set up (Four Souls). */
export const takesDeckLists = (game: GameId): boolean => game !== 'four-souls';

/** The seats' player ids, p1 … pN, as the match and its tokens name them. */
export const seatIds = (count: number): string[] => Array.from({ length: count }, (_, index) => `p${index + 1}`);

/** A seat count kept within what the game allows. */
export const seatCount = (game: GameId, wanted: number): number => Math.min(SEAT_RANGE[game].max, Math.max(SEAT_RANGE[game].min, wanted));

export const isGame = (value: string): value is GameId => (GAMES as readonly string[]).includes(value);
