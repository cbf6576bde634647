/** What the address names: the match list, or one match seen by one audience at one revision (a deep link). */
export type Route = { readonly page: 'matches' } | { readonly page: 'match'; readonly matchId: string; readonly audience: string; readonly at?: number; readonly live: boolean };

export const routeOf = (location: { pathname: string; search: string }): Route => {
  const [, matchId] = /^\/viewer\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (matchId === undefined) return { page: 'matches' };
  const search = new URLSearchParams(location.search);
  const at = search.get('at');
  return {
    page: 'match',
    matchId: decodeURIComponent(matchId),
    audience: search.get('audience') || 'public',
    ...(at !== null && /^\d+$/.test(at) && { at: Number(at) }),
    live: search.get('live') === '1',
  };
};

export const hrefOf = (matchId: string, audience: string, at?: number, live = false): string => {
  const search = new URLSearchParams({ audience });
  if (at !== undefined && !live) search.set('at', String(at));
  if (live) search.set('live', '1');
  return `/viewer/${encodeURIComponent(matchId)}?${search.toString()}`;
};
