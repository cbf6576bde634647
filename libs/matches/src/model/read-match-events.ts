import { MatchEvent } from '@matchlog/domain';
import { EventStore, StoredEvent } from '@matchlog/store';
import { ID } from '@matchlog/domain';
import { MatchNotFound } from '../errors';

/**
 * A match's events as the store holds them (the record the chain protects); a match with none does not
 * exist, nor does a stream whose name is no match id (a match's `tokens@…` stream).
 */
export const readMatchEvents = async (store: EventStore, matchId: string): Promise<MatchEvent[]> => {
  if (!ID.test(matchId)) throw new MatchNotFound(matchId);
  const events = (await store.readStream(matchId)).map(asMatchEvent);
  if (events.length === 0) throw new MatchNotFound(matchId);
  return events;
};

/** A stored event as the domain's event: its id, type, data and meta, without the store's place for it. */
export const asMatchEvent = ({ id, type, data, meta }: StoredEvent): MatchEvent => ({ id, type, data, ...(meta != null && { meta }) }) as MatchEvent;
