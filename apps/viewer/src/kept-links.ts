import type { MatchDetail, MatchWithTokens } from '@matchlog/client';
import { ServerAddresses } from './link-base';

/**
 * The organizer's links of a match, kept through a reload in this tab only: sessionStorage, which no other tab or
 * window reads and which goes when the tab closes; never localStorage. They hold tokens, as the tab's pasted ones do.
 */
export interface KeptLinks {
  readonly match: Pick<MatchDetail, 'matchId' | 'players'>;
  readonly tokens: MatchWithTokens['tokens'];
  /** the broadcast's token; null: anyone reads it; absent: no broadcast */
  readonly broadcast?: string | null;
  readonly server: ServerAddresses;
}

const keyOf = (matchId: string) => `matchlog.links.${matchId}`;

export const keepLinks = (links: KeptLinks): void => {
  try {
    sessionStorage.setItem(keyOf(links.match.matchId), JSON.stringify(links));
  } catch {
    /* a tab without storage shows the links until it reloads */
  }
};

export const keptLinks = (matchId: string): KeptLinks | undefined => {
  try {
    const text = sessionStorage.getItem(keyOf(matchId));
    return text === null ? undefined : (JSON.parse(text) as KeptLinks);
  } catch {
    return undefined;
  }
};
