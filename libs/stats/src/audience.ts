import { Audience, PUBLIC } from '@matchlog/domain';

/** Every statistic matchlog publishes, by the audience it is for. */
export type Statistic = 'cards' | 'card' | 'decks' | 'matchups' | 'own-cards' | 'event-cards';

/** Who a statistic is for: anyone, one player about their own games, or the organizer of an event. */
export type StatisticAudience = 'public' | 'player' | 'organizer';

/**
 * The one place that decides whose observations a statistic folds. Public figures read the spectators'
 * observations; a player's own figures read that player's; the organizer's read each player's seat
 * (the judge's log seen through each player's eyes) and are released only under the K-threshold rule.
 * No statistic reads the judge's state.
 */
export const STATISTIC_AUDIENCE: Readonly<Record<Statistic, StatisticAudience>> = {
  cards: 'public',
  card: 'public',
  decks: 'public',
  matchups: 'public',
  'own-cards': 'player',
  'event-cards': 'organizer',
};

/** The match audiences a statistic reads: `public`, or the players of the match (each through their own seat). */
export const audiencesRead = (statistic: Statistic, playerIds: readonly string[], player?: string): Audience[] => {
  switch (STATISTIC_AUDIENCE[statistic]) {
    case 'public':
      return [PUBLIC];
    case 'player':
      return player !== undefined && playerIds.includes(player) ? [player] : [];
    case 'organizer':
      return [...playerIds];
  }
};
