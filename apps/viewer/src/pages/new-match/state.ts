import { MessageKey, t } from '../../i18n';
import { GameId, SEAT_RANGE, seatCount, takesDeckLists } from './seats';

/** The form's own state (what is typed stays in its controls): the game, how many seats, whether the match id was typed, the status line. */
export interface NewMatchState {
  readonly game: GameId;
  readonly seats: number;
  /** a match id typed by hand is the organizer's: the form stops suggesting one */
  readonly idTyped: boolean;
  readonly status: string;
  /** the status line's data-code; null: none */
  readonly code: string | null;
  readonly creating: boolean;
}

export type NewMatchAction =
  | { readonly type: 'game'; readonly game: GameId }
  | { readonly type: 'seats'; readonly by: 1 | -1 }
  | { readonly type: 'idTyped'; readonly typed: boolean }
  | { readonly type: 'missing' }
  | { readonly type: 'creating' }
  | { readonly type: 'failed'; readonly message: string; readonly code: string }
  /** the server named lines of the deck lists (or the setup's names) it could not read */
  | { readonly type: 'badLines'; readonly count: number; readonly code: string };

export const opened: NewMatchState = { game: 'lorcana', seats: 2, idTyped: false, status: '', code: null, creating: false };

export const next = (state: NewMatchState, action: NewMatchAction): NewMatchState => {
  switch (action.type) {
    case 'game':
      return { ...state, game: action.game, seats: seatCount(action.game, state.seats) };
    case 'seats':
      return { ...state, seats: seatCount(state.game, state.seats + action.by) };
    case 'idTyped':
      return { ...state, idTyped: action.typed };
    case 'missing':
      return { ...state, status: t(takesDeckLists(state.game) ? 'newMatch.missing' : 'newMatch.missingSetup') };
    case 'creating':
      return { ...state, creating: true, code: null, status: t('newMatch.creating') };
    case 'failed':
      return { ...state, creating: false, code: action.code, status: t('newMatch.failed', { message: action.message }) };
    case 'badLines':
      return { ...state, creating: false, code: action.code, status: t(takesDeckLists(state.game) ? 'newMatch.badLines' : 'newMatch.badNames', { count: action.count }) };
  }
};

/** Only the last seat leaves, so the seats stay p1 … pN; never below the game's fewest. */
export const removable = (state: NewMatchState, index: number): boolean => index === state.seats - 1 && state.seats > SEAT_RANGE[state.game].min;

export const canAddSeat = (state: NewMatchState): boolean => state.seats < SEAT_RANGE[state.game].max;

export const gameHintKey = (game: GameId): MessageKey =>
  game === 'four-souls' ? 'newMatch.gameHint.fourSouls' : game === 'grand-archive' ? 'newMatch.gameHint.grandArchive' : 'newMatch.intro';

/** The broadcast's token for the organizer's links: the one created; null: anyone reads it; undefined: no broadcast. */
export const broadcastTokenOf = (access: string | undefined, token: string | undefined): string | null | undefined =>
  access === 'token' ? (token ?? null) : access === 'public' ? null : undefined;
