import type { MatchDetail, MatchWithTokens } from '@matchlog/client';
import { t } from '../../i18n';
import type { KeptLinks } from '../../kept-links';
import type { ServerAddresses } from '../../link-base';
import { hrefOf, overlayHref } from '../../route';

type Tokens = MatchWithTokens['tokens'];
type Seats = Pick<MatchDetail, 'matchId' | 'players'>;

/**
 * What the creation of a match returned, handed over in this page's memory (never the address or storage) so its
 * links show at once: the seats, the tokens, and the broadcast's (null: anyone reads it; undefined: no broadcast).
 */
export interface CreatedMatch {
  readonly match: Seats;
  readonly tokens: Tokens;
  readonly broadcast: string | null | undefined;
  /** where phones open the server (its public URL, its LAN addresses), as it said with the organizer key */
  readonly server: ServerAddresses;
}

/** The organizer's page: what its status line says (and its error code), whether the key was missing, the links shown. */
export interface OrganizeState {
  readonly status: string;
  /** the status line's data-code; null: none */
  readonly code: string | null;
  readonly keyInvalid: boolean;
  readonly links: KeptLinks | undefined;
}

export type OrganizeAction =
  | { readonly type: 'noKey' }
  | { readonly type: 'issuing' }
  | { readonly type: 'failed'; readonly message: string; readonly code: string }
  | { readonly type: 'issued'; readonly links: KeptLinks };

/** The page as it opens: the links the match was just created with, else those this tab kept, else none. */
export const opened = (matchId: string, created: CreatedMatch | undefined, kept: KeptLinks | undefined): OrganizeState => {
  const links = created ? { match: created.match, tokens: created.tokens, ...(created.broadcast !== undefined && { broadcast: created.broadcast }), server: created.server } : kept;
  const status = created ? t('newMatch.created', { matchId }) : links ? t('organize.kept') : '';
  return { status, code: null, keyInvalid: false, links };
};

export const next = (state: OrganizeState, action: OrganizeAction): OrganizeState => {
  switch (action.type) {
    case 'noKey':
      return { ...state, status: t('organize.noKey'), code: 'NO_KEY', keyInvalid: true };
    case 'issuing':
      return { ...state, status: t('organize.issuing'), keyInvalid: false };
    case 'failed':
      return { ...state, status: t('organize.failed', { message: action.message }), code: action.code };
    case 'issued':
      return { ...state, status: t('organize.issued'), code: null, links: action.links };
  }
};

/** One role's way in: who it is for, the page it opens, and the token its link carries (none for a public broadcast). */
export interface RoleLink {
  readonly role: string;
  readonly label: string;
  readonly href: string;
}

/** The address with the token in its fragment, which no request, log or Referer carries; the page moves it to session storage (tokens.ts). */
const withToken = (base: string, path: string, token: string | undefined) => `${base}${path}${token ? `#token=${encodeURIComponent(token)}` : ''}`;

/**
 * The page each role's link opens: the recorder's screen, each player's and the judge's match page as that seat
 * (live), the broadcast overlay. `broadcast`: the broadcast token, or null for a broadcast anyone reads.
 */
export const roleLinks = (base: string, match: Seats, tokens: Tokens, broadcast: string | null | undefined): RoleLink[] => [
  { role: 'recorder', label: t('organize.recorder'), href: withToken(base, `/viewer/record/${encodeURIComponent(match.matchId)}`, tokens.recorder) },
  ...match.players.map((player) => ({
    role: player.id,
    label: t('organize.player', { player: player.name ?? player.id, seat: player.id }),
    href: withToken(base, hrefOf(match.matchId, player.id, undefined, true), tokens.players[player.id]),
  })),
  { role: 'judge', label: t('organize.judge'), href: withToken(base, hrefOf(match.matchId, 'judge', undefined, true), tokens.judge) },
  ...(broadcast === undefined ? [] : [{ role: 'broadcast', label: t('organize.broadcast'), href: withToken(base, overlayHref(match.matchId), broadcast ?? undefined) }]),
];
