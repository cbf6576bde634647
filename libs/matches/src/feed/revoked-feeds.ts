import { StoredEvent } from '@matchlog/store';
import { evolveTokens, matchOfTokenStream, noTokens } from '@matchlog/tokens';

/**
 * Tokens of a match were revoked (reissued): every feed a match token opened ends, so a revoked token
 * reads nothing more; the others reconnect with their token and resume by id.
 */
export const endRevokedFeeds = (event: StoredEvent, feeds: Iterable<{ readonly matchId: string; readonly openedWithMatchToken: boolean; end(): void }>): void => {
  const matchId = matchOfTokenStream(event.streamId);
  if (matchId === null || evolveTokens(noTokens(), event).revoked.size === 0) return;
  for (const feed of feeds) if (feed.matchId === matchId && feed.openedWithMatchToken) feed.end();
};
