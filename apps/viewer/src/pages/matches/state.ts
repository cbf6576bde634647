import type { MatchSummary } from '@matchlog/client';
import { t } from '../../i18n';

/** What the catalog searches by, as the form and the address name them. */
export const FIELDS = ['player', 'event', 'game'] as const;
export type Search = Readonly<Record<(typeof FIELDS)[number], string>>;

/** The catalog: the matches found and what its status line says. */
export interface MatchesState {
  readonly matches: readonly MatchSummary[];
  readonly status: string;
}

export type MatchesAction =
  { readonly type: 'searching' } | { readonly type: 'found'; readonly matches: readonly MatchSummary[] } | { readonly type: 'failed'; readonly message: string };

export const opened: MatchesState = { matches: [], status: '' };

export const next = (state: MatchesState, action: MatchesAction): MatchesState => {
  switch (action.type) {
    case 'searching':
      return { ...state, status: t('picker.searching') };
    case 'found': {
      const count = action.matches.length;
      return { matches: action.matches, status: count === 0 ? t('picker.none') : count === 1 ? t('picker.one') : t('picker.many', { count }) };
    }
    case 'failed':
      // the matches found last stay listed
      return { ...state, status: t('picker.failed', { message: action.message }) };
  }
};

/** The search as typed: each field trimmed. */
export const searchOf = (value: (name: string) => string): Search => Object.fromEntries(FIELDS.map((name) => [name, value(name).trim()])) as unknown as Search;

/** The catalog's address for a search: only the fields given, so an empty search is /viewer/. */
export const addressOf = (search: Search): string => {
  const kept = new URLSearchParams(FIELDS.flatMap((name) => (search[name] ? [[name, search[name]]] : [])));
  return `/viewer/${kept.size > 0 ? `?${kept.toString()}` : ''}`;
};

export const playersOf = (match: MatchSummary): string => match.players.map((p) => p.name ?? p.id).join(' vs ');
