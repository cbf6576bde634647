import { matchOfTokenStream } from '@matchlog/catalog';
import { StoredEvent } from '@matchlog/store';

/**
 * Tokens of a match were revoked (reissued): every feed a match token opened ends, so a revoked token
 * reads nothing more; the others reconnect with their token and resume by id.
 */
export const endRevokedFeeds = (event: StoredEvent, feeds: Iterable<{ readonly matchId: string; readonly openedWithMatchToken: boolean; end(): void }>): void => {
  if (event.type !== 'TokensRevoked') return;
  const matchId = matchOfTokenStream(event.streamId);
  for (const feed of feeds) if (feed.matchId === matchId && feed.openedWithMatchToken) feed.end();
};
