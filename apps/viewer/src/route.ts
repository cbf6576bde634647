/** What the address names: the match list, one round's tables, or one match seen by one audience at one revision (a deep link). */
export type Route =
  | { readonly page: 'matches' }
  | { readonly page: 'round'; readonly event: string; readonly round: number }
  | { readonly page: 'stats'; readonly game: string; readonly card?: string }
  | { readonly page: 'match'; readonly matchId: string; readonly audience: string; readonly at?: number; readonly live: boolean }
  | { readonly page: 'overlay'; readonly matchId: string; readonly search: URLSearchParams }
  | { readonly page: 'organize'; readonly matchId: string }
  | { readonly page: 'newMatch' }
  | { readonly page: 'record'; readonly matchId: string }
  | { readonly page: 'desk'; readonly event?: string; readonly all: boolean; readonly history: boolean }
  | { readonly page: 'call'; readonly matchId: string; readonly callId: string; readonly event?: string; readonly at?: number };

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
  const event = search.get('event') || undefined;
  if (/^\/viewer\/judge\/?$/.test(location.pathname)) return { page: 'desk', ...(event && { event }), all: search.get('calls') === 'all', history: search.get('history') === '1' };
  const [, callMatch, callId] = /^\/viewer\/judge\/([^/]+)\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  if (callId !== undefined) {
    const at = search.get('at');
    return {
      page: 'call',
      matchId: decodeURIComponent(callMatch),
      callId: decodeURIComponent(callId),
      ...(event && { event }),
      ...(at !== null && /^\d+$/.test(at) && { at: Number(at) }),
    };
  }
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

/** The statistics of one game's cards. */
export const statsHref = (game: string): string => `/viewer/stats?${new URLSearchParams({ game }).toString()}`;

export const roundHref = (event: string, round: number): string => `/viewer/rounds?${new URLSearchParams({ event, round: String(round) }).toString()}`;

/** The broadcast overlay (an OBS browser source) of a match; `search`: its layout and theme (overlay-options.ts). */
export const overlayHref = (matchId: string, search = ''): string => `/viewer/overlay/${encodeURIComponent(matchId)}${search}`;

/** The organizer's page of a match: a link and a QR code per role. */
export const organizeHref = (matchId: string): string => `/viewer/organize/${encodeURIComponent(matchId)}`;

/** The organizer's form that creates a match from deck lists pasted as text. */
export const newMatchHref = (): string => '/viewer/organize';

/** The judge's desk of an event: `all` lists resolved calls too; `history`, the players' penalty history. */
export const deskHref = (event?: string, options: { all?: boolean; history?: boolean } = {}): string => {
  const search = new URLSearchParams();
  if (event) search.set('event', event);
  if (options.all) search.set('calls', 'all');
  if (options.history) search.set('history', '1');
  const query = search.toString();
  return `/viewer/judge${query ? `?${query}` : ''}`;
};

/** One call investigated at the desk, the match shown at revision `at`. */
export const callHref = (matchId: string, callId: string, event: string | undefined, at?: number): string => {
  const search = new URLSearchParams();
  if (event) search.set('event', event);
  if (at !== undefined) search.set('at', String(at));
  const query = search.toString();
  return `/viewer/judge/${encodeURIComponent(matchId)}/${encodeURIComponent(callId)}${query ? `?${query}` : ''}`;
};
