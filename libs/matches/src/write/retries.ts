import { canonicalJson, linkOf } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { DuplicateEventId, EventStore, RevisionConflict, StoredEvent } from '@matchlog/store';

/**
 * What makes a second request a retry, answered as the first was. The store answers a batch it
 * already holds with its first result (libs/store retry-rule.ts); these are the writer's parts of it.
 */

/** The stored MatchCreated a create is a retry of (the same event id and data in the match's first place); undefined: none. */
export const createRetried = async (store: EventStore, matchId: string, event: MatchEvent): Promise<StoredEvent | undefined> => {
  const [first] = await store.readStream(matchId, { maxCount: 1 });
  return first?.id === event.id && first.type === 'MatchCreated' && canonicalJson(first.data) === canonicalJson(event.data) ? first : undefined;
};

/** The match starts with this log's first event (the same chain hash): an import of it, maybe cut between chunks. */
export const importedInPart = async (store: EventStore, matchId: string, first: MatchEvent): Promise<boolean> => {
  const [stored] = await store.readStream(matchId, { maxCount: 1 });
  return stored !== undefined && linkOf(stored as MatchEvent)?.hash === linkOf(first)?.hash;
};

const unsealed = (data: unknown): string => {
  const { salt: _salt, commitment: _commitment, ...recorded } = data as { salt?: string; commitment?: string };
  return canonicalJson(recorded);
};

/**
 * A retried batch as it was first written: a shuffle sent again (without a salt, as every append
 * sends it, so sealed anew) gets the salt and commitment the stored one got, so the store recognises the retry.
 */
export const asRetried = async (store: EventStore, matchId: string, expectedRevision: number, events: readonly MatchEvent[]): Promise<MatchEvent[]> => {
  if (!events.some((e) => e.type === 'ZoneShuffled')) return [...events];
  const stored = await store.readStream(matchId, { from: expectedRevision + 1, maxCount: events.length });
  return events.map((event, i) => {
    const earlier = stored[i];
    if (event.type !== 'ZoneShuffled' || earlier?.id !== event.id || earlier.type !== 'ZoneShuffled') return event;
    return unsealed(earlier.data) === unsealed(event.data) ? { ...event, data: earlier.data as typeof event.data } : event;
  });
};

/**
 * What a batch behind the stream that is no retry answers: DUPLICATE_EVENT_ID if it reuses an id of
 * this match, else a conflict, whatever other matches hold, so a stale append probes no other match's ids.
 */
export const notARetry = async (store: EventStore, matchId: string, expectedRevision: number, current: number, events: readonly MatchEvent[]): Promise<Error> => {
  const held = new Set((await store.readStream(matchId)).map((event) => event.id));
  const reused = events.find((event) => held.has(event.id));
  return reused ? new DuplicateEventId(reused.id) : new RevisionConflict(matchId, expectedRevision, current);
};
