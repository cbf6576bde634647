import type { Finding, MatchDetail, View } from '@matchlog/client';
import { gameName } from '../../games';
import { t } from '../../i18n';
import { sentenceOf } from '../../sentence';

/** What the match page shows: the revision on screen, the latest it knows, live mode and (for a judge) the findings. */
export interface MatchState {
  readonly head: number;
  readonly current: number;
  readonly live: boolean;
  /** what the live feed last said ("Live", "Reconnecting…"); empty when not live */
  readonly liveStatus: string;
  readonly findings: readonly Finding[];
}

export type MatchAction =
  | { readonly type: 'go'; readonly revision: number }
  | { readonly type: 'arrived'; readonly revision: number }
  | { readonly type: 'findings'; readonly findings: readonly Finding[] }
  | { readonly type: 'live'; readonly on: boolean }
  | { readonly type: 'liveSaid'; readonly text: string };

/** The page as it opens at `at` (the address's revision, past the head: the head). */
export const opened = (head: number, at: number | undefined): MatchState => ({
  head,
  current: at === undefined ? head : Math.min(at, head),
  live: false,
  liveStatus: '',
  findings: [],
});

export const next = (state: MatchState, action: MatchAction): MatchState => {
  switch (action.type) {
    case 'go':
      return { ...state, current: Math.max(0, Math.min(state.head, action.revision)) };
    case 'arrived':
      return isNew(state, action.revision) ? { ...state, head: action.revision } : state;
    case 'findings':
      return { ...state, findings: action.findings };
    case 'live':
      return { ...state, live: action.on, liveStatus: action.on ? state.liveStatus : '' };
    case 'liveSaid':
      return { ...state, liveStatus: action.text };
  }
};

/** A revision the live feed delivers that the page does not have yet. */
export const isNew = (state: MatchState, revision: number): boolean => revision > state.head;

type Seat = { readonly id: string; readonly name?: string | null };

/** A player's name: from the match's summary, else from the view's seats, else their id. */
export const playerNames =
  (summary: MatchDetail | null, seats: readonly Seat[]) =>
  (player: string): string =>
    summary?.players.find((p) => p.id === player)?.name ?? seats.find((p) => p.id === player)?.name ?? player;

/** A card's name as the judge's view defines it; no other audience reads card ids, so they stay ids. */
export const cardNames = (view: View): ((cardId: string) => string) => {
  const definitions = new Map<string, string>();
  for (const zone of Object.values(view.zones) as View['zones'][string][])
    for (const card of zone.cards) if ('cardId' in card && card.definition !== undefined) definitions.set(card.cardId, card.definition);
  return (cardId) => definitions.get(cardId) ?? cardId;
};

/** The match's own list (broadcast only where it has one); without its summary, the audiences every match has. */
export const audiencesOf = (summary: MatchDetail | null, players: readonly Seat[]): readonly string[] => summary?.audiences ?? ['public', ...players.map((p) => p.id), 'judge'];

export const titleOf = (summary: MatchDetail | null, matchId: string): string =>
  summary ? `${summary.players.map((p) => p.name ?? p.id).join(t('sentence.vs'))} — ${gameName(summary.game)}` : matchId;

/** What a revision's last observation says; revision 0 has none. */
export const sentenceAt = (observation: { type: string } | undefined, nameOf: (player: string) => string, cardName: (cardId: string) => string): string =>
  observation ? sentenceOf(observation, nameOf, cardName) : t('match.beforeMatch');
