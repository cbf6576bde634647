/**
 * A token pasted once per match and audience, or brought by a link's fragment (#token=…), kept for this tab
 * only (sessionStorage): never in the address, never sent but in the Authorization header.
 */
const keyOf = (matchId: string, audience: string) => `matchlog.token.${matchId}.${audience}`;

export const tokenFor = (matchId: string, audience: string): string | undefined => sessionStorage.getItem(keyOf(matchId, audience)) ?? undefined;

export const keepToken = (matchId: string, audience: string, token: string): void => sessionStorage.setItem(keyOf(matchId, audience), token.trim());

export const forgetToken = (matchId: string, audience: string): void => sessionStorage.removeItem(keyOf(matchId, audience));

/** public and (where the match has a public one) broadcast are open to anyone */
export const needsToken = (audience: string): boolean => audience !== 'public' && audience !== 'broadcast';

/**
 * The match and audience whose token a viewer page reads, from its address alone: the recorder's screen
 * (/viewer/record/:id), the broadcast overlay (/viewer/overlay/:id), a match page as ?audience= (default public).
 * Null for a page that reads no match's token (the list, a round).
 */
export const tokenSlotOf = (location: { pathname: string; search: string }): { matchId: string; audience: string } | null => {
  const [, page, id] = /^\/viewer\/(?:(record|overlay)\/)?([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (id === undefined || (page === undefined && (id === 'rounds' || id === 'judge' || id === 'index.html'))) return null;
  const matchId = decodeURIComponent(id);
  if (page === 'record') return { matchId, audience: 'recorder' };
  if (page === 'overlay') return { matchId, audience: 'broadcast' };
  return { matchId, audience: new URLSearchParams(location.search).get('audience') || 'public' };
};

/**
 * A link's `#token=…` (the organizer's links and QR codes carry it there, never in the query string, so no
 * request, log or Referer has it): kept for the page's match and audience, and the fragment cleared from the
 * address (and this history entry) before the page reads or fetches anything.
 */
export const takeFragmentToken = (location: Location, history: History): void => {
  if (!location.hash.startsWith('#')) return;
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (token === null) return;
  const slot = tokenSlotOf(location);
  if (slot !== null && token.trim() !== '') keepToken(slot.matchId, slot.audience, token);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
};
