/** What the address names: the match list, one round's tables, or one match seen by one audience at one revision (a deep link). */
export type Route =
  | { readonly page: 'matches' }
  | { readonly page: 'round'; readonly event: string; readonly round: number }
  | { readonly page: 'stats'; readonly game: string; readonly card?: string }
  | { readonly page: 'match'; readonly matchId: string; readonly audience: string; readonly at?: number; readonly live: boolean }
  | { readonly page: 'overlay'; readonly matchId: string; readonly search: URLSearchParams }
  | { readonly page: 'organize'; readonly matchId: string }
  | { readonly page: 'newMatch' }
  | { readonly page: 'record'; readonly matchId: string };

export const routeOf = (location: { pathname: string; search: string }): Route => {
  const search = new URLSearchParams(location.search);
  if (/^\/viewer\/rounds\/?$/.test(location.pathname)) {
    const round = search.get('round');
    const event = search.get('event');
    if (event && round !== null && /^\d+$/.test(round)) return { page: 'round', event, round: Number(round) };
    return { page: 'matches' };
  }
  if (/^\/viewer\/stats\/?$/.test(location.pathname)) {
    const card = search.get('card');
    return { page: 'stats', game: search.get('game') || 'lorcana', ...(card && { card }) };
  }
  if (/^\/viewer\/organize\/?$/.test(location.pathname)) return { page: 'newMatch' };
  const [, other, id] = /^\/viewer\/(overlay|organize)\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (other === 'overlay') return { page: 'overlay', matchId: decodeURIComponent(id), search };
  if (other === 'organize') return { page: 'organize', matchId: decodeURIComponent(id) };
  const [, recorded] = /^\/viewer\/record\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (recorded !== undefined) return { page: 'record', matchId: decodeURIComponent(recorded) };
  const [, matchId] = /^\/viewer\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (matchId === undefined) return { page: 'matches' };
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

export const roundHref = (event: string, round: number): string => `/viewer/rounds?${new URLSearchParams({ event, round: String(round) }).toString()}`;

/** The broadcast overlay (an OBS browser source) of a match; `search`: its layout and theme (overlay-options.ts). */
export const overlayHref = (matchId: string, search = ''): string => `/viewer/overlay/${encodeURIComponent(matchId)}${search}`;

/** The organizer's page of a match: a link and a QR code per role. */
export const organizeHref = (matchId: string): string => `/viewer/organize/${encodeURIComponent(matchId)}`;

/** The organizer's form that creates a match from deck lists pasted as text. */
export const newMatchHref = (): string => '/viewer/organize';
