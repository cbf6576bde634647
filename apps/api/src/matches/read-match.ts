import { MatchEvent } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { ID } from '../dto/is-id';
import { MatchNotFound } from '../errors/api-errors';

/**
 * A match's events as the store holds them (the record the chain protects); a match with none does not
 * exist, nor does a stream whose name is no match id (a match's `tokens@…` stream).
 */
export const readMatch = async (store: EventStore, matchId: string): Promise<MatchEvent[]> => {
  if (!ID.test(matchId)) throw new MatchNotFound(matchId);
  const events = (await store.readStream(matchId)).map(({ id, type, data, meta }) => ({ id, type, data, ...(meta != null && { meta }) }) as MatchEvent);
  if (events.length === 0) throw new MatchNotFound(matchId);
  return events;
};
