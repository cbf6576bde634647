import type { MatchDetail, View } from '@matchlog/client';
import { sentenceOf } from '../../sentence';

export type Observed = { type: string; [field: string]: unknown };

/** how many of the latest actions the full layout lists */
export const RECENT = 5;

export interface Heard {
  readonly revision: number;
  readonly sentence: string;
}

/** What the overlay shows: the broadcast's view at the revision the delay lets out, and the last actions that say something. */
export interface OverlayState {
  readonly view: View;
  readonly recent: readonly Heard[];
}

export type OverlayAction =
  /** an action read before the feed (the full layout's first list) */
  | { readonly type: 'heard'; readonly revision: number; readonly observation: Observed }
  /** a revision the feed let out, with the view at it */
  | { readonly type: 'arrived'; readonly revision: number; readonly view: View; readonly observation: Observed };

export const opened = (view: View): OverlayState => ({ view, recent: [] });

export const next = (state: OverlayState, action: OverlayAction): OverlayState => {
  const view = action.type === 'arrived' ? action.view : state.view;
  // an action the broadcast cannot see says nothing
  if (action.observation.type === 'Nothing') return { ...state, view };
  return { view, recent: [...state.recent, { revision: action.revision, sentence: sentenceOf(action.observation, nameIn(view)) }].slice(-RECENT) };
};

/** Only a revision past the one shown is news: the feed delivers each once, in order. */
export const isNew = (state: OverlayState, revision: number): boolean => revision > state.view.revision;

export const nameIn =
  (view: View) =>
  (player: string): string =>
    view.players.find((p) => p.id === player)?.name ?? player;

/** inside the delay window, before anything but the match's creation has reached the broadcast: the overlay says it waits, and why */
export const waiting = (state: OverlayState): boolean => state.view.revision <= 1 && state.view.ended === null;

/** `seconds=300, events=0` (GET /matches/:id/views/broadcast's Broadcast-Delay header) as the match set its delay. */
export const delayOf = (header: string | null): MatchDetail['broadcastDelay'] => {
  if (header === null) return undefined;
  const number = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(header)?.[1] ?? 0);
  return { seconds: number('seconds'), events: number('events') };
};

/** Whether a refused first read is the link's missing token: a 401 or 403 without one, but not a delay's own refusal. */
export const needsLink = (status: number, code: string, token: boolean): boolean => !token && (status === 401 || status === 403) && code !== 'BROADCAST_DELAYED';
