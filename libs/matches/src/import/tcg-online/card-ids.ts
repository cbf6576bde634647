import { DraftEvent } from './step-events';

/**
 * matchlog's card id for an engine instance id. The engine's ids are two base-36 characters ("to", "me", "h7"), which
 * are also words, object keys and view handles: an audit looking for card ids in what an audience received would find
 * them where no card is. Prefixed, they name nothing but the card.
 */
export const cardIdOf = (instance: string): string => `card-${instance}`;

const ONE = new Set(['cardId', 'sourceCardId', 'source', 'found']);
const MANY = new Set(['cardIds', 'order']);

const renamed = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      if (ONE.has(key) && typeof value === 'string') return [key, cardIdOf(value)];
      if (MANY.has(key) && Array.isArray(value)) return [key, value.map((id: string) => cardIdOf(id))];
      if (key === 'moves' && Array.isArray(value)) return [key, value.map((move: Record<string, unknown>) => renamed(move))];
      return [key, value];
    }),
  );

/** The event with every card id it holds in matchlog's terms (`cardIdOf`). */
export const withCardIds = <E extends DraftEvent>(event: E): E => ({ ...event, data: renamed(event.data as unknown as Record<string, unknown>) }) as E;
