import { t } from '../../i18n';
import type { DeskCall } from '../../desk/desk-api';

/** The desk's list as last read: the calls it shows, how many are open, and what its status line says. */
export interface DeskState {
  /** resolved calls too (?calls=all) */
  readonly all: boolean;
  readonly shown: readonly DeskCall[];
  /** the calls shown, as the list was last drawn: a read that brings the same leaves the list alone */
  readonly signature: string;
  /** whether the last read changed the calls shown */
  readonly changed: boolean;
  /** open calls of the event; null until read */
  readonly open: number | null;
  readonly status: string;
  /** the status line's data-code; null: none */
  readonly code: string | null;
}

export type DeskAction = { readonly type: 'read'; readonly calls: readonly DeskCall[] } | { readonly type: 'failed'; readonly message: string; readonly code: string };

export const opened = (all: boolean): DeskState => ({ all, shown: [], signature: '', changed: false, open: null, status: '', code: null });

export const next = (state: DeskState, action: DeskAction): DeskState => {
  switch (action.type) {
    case 'read': {
      const shown = state.all ? action.calls : action.calls.filter((c) => c.status !== 'resolved');
      const open = action.calls.filter((c) => c.status !== 'resolved').length;
      const signature = JSON.stringify(shown);
      const status = open === 1 ? t('desk.openOne') : t('desk.openMany', { count: open });
      return { ...state, shown, signature, changed: signature !== state.signature, open, status, code: null };
    }
    case 'failed':
      // the list stays as it was read last
      return { ...state, changed: false, status: t('desk.readFailed', { message: action.message }), code: action.code };
  }
};

/** A call's key in the list: calls are numbered per match. */
export const keyOf = (call: DeskCall): string => `${call.matchId}\u0000${call.callId}`;

export const emptyText = (state: DeskState): string => (state.shown.length > 0 ? '' : state.all ? t('desk.noCalls') : t('desk.noOpenCalls'));

/** The events the desk offers: each match's, once, in the order listed. */
export const eventNames = (matches: readonly { readonly tournament: { readonly event?: string | null } }[]): string[] => [
  ...new Set(matches.flatMap((m) => (m.tournament.event ? [m.tournament.event] : []))),
];
