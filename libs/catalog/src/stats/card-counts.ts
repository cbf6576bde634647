/** The counters of a card's row in `stats_cards` (migration 012): the projection adds to them, the queries sum them. */
export const CARD_COUNTS = [
  'games',
  'decided',
  'wins',
  'deck_games',
  'deck_wins',
  'copies',
  'first_turn_sum',
  'first_turn_games',
  'quests',
  'lore',
  'challenges',
  'banishes',
  'banished',
  'songs_sung',
  'sang',
] as const;
