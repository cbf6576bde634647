import { EventDataByType, EventOf, EventType, MatchEvent, StartingCard, ZoneRef } from '@matchlog/domain';

let sequence = 0;

/** An event as a recorder would send it: an id, the data, and who recorded it when. */
export const event = <T extends EventType>(type: T, data: EventDataByType[T]): EventOf<T> =>
  ({ id: `ev-${++sequence}`, type, data, meta: { recordedBy: 'test-recorder', recordedAt: '2026-11-21T10:00:00.000Z' } }) as EventOf<T>;

export const at = (zone: string, player?: string, slot?: number): ZoneRef => ({
  zone,
  ...(player !== undefined && { player }),
  ...(slot !== undefined && { slot }),
});

/** Cards for one zone, listed top first: `cards('p1', 'deck', ['Ariel', 'Stitch'])` gives ids p1-deck-0, p1-deck-1. */
export const cards = (owner: string | null, zone: ZoneRef | string, definitions: readonly string[], idPrefix?: string): StartingCard[] => {
  const ref = typeof zone === 'string' ? at(zone, owner ?? undefined) : zone;
  const prefix = idPrefix ?? `${owner ?? 'shared'}-${ref.zone}${ref.slot ?? ''}`;
  return definitions.map((definition, i) => ({ cardId: `${prefix}-${i}`, owner, definition, zone: ref }));
};

export const created = (game: EventDataByType['MatchCreated']['game'], startingCards: StartingCard[], players = ['p1', 'p2']) =>
  event('MatchCreated', { game, players: players.map((id) => ({ id })), cards: startingCards, tournament: { event: 'Test Cup', round: 1, table: 4 } });

export const move = (cardId: string, from: ZoneRef, to: ZoneRef, extra: Partial<EventDataByType['CardMoved']> = {}) => event('CardMoved', { cardId, from, to, ...extra });

export type Events = readonly MatchEvent[];
