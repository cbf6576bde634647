import type { MatchEvent, MatchState } from '@matchlog/domain';
import { h, replaceChildren } from '../../dom';
import { MessageKey, t } from '../../i18n';
import { endTurnLabel } from '../../record/end-turn-label';
import { Button } from '../../record/games/buttons';
import { syncLine, syncState } from '../../record/sync-status';
import { RecorderState, recentOf } from './state';

type Nodes = (Node | string | null | undefined)[];

/** The parts of the screen each action redraws, in place. */
export const recorderAreas = () => ({
  seats: h('div', { class: 'seats', role: 'group', 'aria-label': t('recorder.acting') }),
  turn: h('p', { class: 'turn-line' }),
  status: h('p', { class: 'sync-status', role: 'status', 'aria-live': 'polite' }),
  // offline at a glance: a banner across the top, and the whole screen marked
  offlineBanner: h('p', { class: 'offline-banner', role: 'alert' }),
  screen: h('div', { class: 'recorder' }),
  alert: h('p', { class: 'recorder-alert', role: 'alert' }),
  recent: h('ol', { class: 'recent', 'aria-label': t('recorder.recent') }),
  reason: h('input', { type: 'text', class: 'reason', maxlength: 200, 'aria-label': t('recorder.reason'), placeholder: t('recorder.reason') }),
});
export type RecorderAreas = ReturnType<typeof recorderAreas>;

export interface Seen {
  readonly players: readonly string[];
  readonly nameOf: (player: string) => string;
  readonly seatLine: (match: MatchState, player: string) => string;
  readonly sentence: (event: MatchEvent) => string;
}

export interface Taps {
  readonly seat: (player: string) => void;
  readonly correct: (revision: number) => void;
}

export const seatsView = (state: RecorderState, seen: Seen, seat: (player: string) => void): Nodes =>
  seen.players.map((player) =>
    h(
      'button',
      { type: 'button', class: 'seat', 'aria-pressed': String(player === state.acting), 'data-player': player, onclick: () => seat(player) },
      h('span', { class: 'seat-name' }, seen.nameOf(player)),
      h('span', { class: 'seat-lore' }, seen.seatLine(state.match, player)),
    ),
  );

export const turnLine = (match: MatchState, nameOf: (player: string) => string): string =>
  match.ended ? t('recorder.ended') : match.turn.player === null ? t('recorder.beforeTurns') : t('recorder.turn', { turn: match.turn.number, player: nameOf(match.turn.player) });

export const recentView = (state: RecorderState, sentence: (event: MatchEvent) => string, correct: (revision: number) => void): Nodes =>
  recentOf(state).map(({ event, revision, undoable }) => {
    const text = sentence(event);
    return h(
      'li',
      { 'data-revision': revision },
      h('span', { class: 'recent-text' }, `#${revision} ${text}`),
      undoable
        ? h('button', { type: 'button', class: 'correct', 'aria-label': t('recorder.correctOne', { sentence: text }), onclick: () => correct(revision) }, t('recorder.correct'))
        : null,
    );
  });

/** The screen redrawn from the state: the seats, the turn, how the journal stands, the problem, the last actions. */
export const paint = (areas: RecorderAreas, buttons: HTMLElement, state: RecorderState, seen: Seen, on: Taps): void => {
  replaceChildren(areas.seats, seatsView(state, seen, on.seat));
  areas.turn.textContent = turnLine(state.match, seen.nameOf);
  const facts = { online: state.online, pending: state.pending, lastSynced: state.lastSynced };
  areas.status.textContent = syncLine(facts);
  areas.status.setAttribute('data-sync', syncState(facts));
  areas.offlineBanner.textContent = state.online ? '' : t('recorder.offlineBanner');
  areas.screen.classList.toggle('is-offline', !state.online);
  const endTurnButton = buttons.querySelector('[data-action=endTurn]');
  if (endTurnButton) endTurnButton.textContent = endTurnLabel(state.match, seen.nameOf);
  areas.status.setAttribute('data-pending', String(state.pending));
  // every tap is in the browser's journal: a reload now loses none of them
  areas.status.setAttribute('data-journaled', String(state.unjournaled === 0));
  areas.status.setAttribute('data-revision', String(state.match.revision));
  areas.alert.textContent = state.problem;
  replaceChildren(areas.recent, recentView(state, seen.sentence, on.correct));
};

export const buttonsView = (actions: readonly Button[], tap: (run: Button[1]) => void): HTMLElement =>
  h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': t('recorder.actions') },
    actions.map(([key, run]) => h('button', { type: 'button', class: 'action', 'data-action': key.slice('recorder.'.length), onclick: () => tap(run) }, t(key))),
  );

/** The whole screen around its areas. */
export const recorderView = (areas: RecorderAreas, buttons: HTMLElement, title: string, reasonHint: MessageKey | null, caller: HTMLElement | null): HTMLElement =>
  replaced(
    areas.screen,
    areas.offlineBanner,
    h('h1', {}, t('recorder.title', { players: title })),
    areas.status,
    areas.turn,
    areas.seats,
    areas.alert,
    buttons,
    reasonHint === null ? null : h('label', { class: 'reason-label' }, t(reasonHint), areas.reason),
    caller,
    h('section', { class: 'recent-area' }, h('h2', {}, t('recorder.recent')), areas.recent),
  );

/** The element, its children replaced. */
const replaced = (element: HTMLElement, ...children: Parameters<typeof replaceChildren>[1][]): HTMLElement => (replaceChildren(element, ...children), element);

/** The prompt for the recorder's token. */
export const tokenView = (rejected: boolean, input: HTMLInputElement, onsubmit: (event: Event) => void): Nodes => [
  h('h1', {}, t('recorder.tokenTitle')),
  rejected ? h('p', { role: 'alert' }, t('token.rejected')) : null,
  h('p', {}, t('recorder.tokenHint')),
  h('form', { 'aria-label': t('token.form'), onsubmit }, h('label', {}, t('recorder.tokenLabel'), input), h('button', { type: 'submit' }, t('token.open'))),
];
