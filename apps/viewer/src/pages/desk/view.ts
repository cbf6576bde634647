import { MatchlogError } from '@matchlog/client';
import { h } from '../../dom';
import { t } from '../../i18n';
import { deskHref } from '../../route';
import { seatLine } from '../../desk/desk-seat-form';
import type { DeskSeat } from '../../desk/desk-seat';
import { DeskState, emptyText } from './state';

type Nodes = (Node | string | null | undefined)[];

export const messageOf = (error: unknown) => (error instanceof MatchlogError ? `${error.message} (${error.code})` : String(error));

/** The parts of the desk its reads redraw, and the event's field. */
export const deskAreas = (event: string | undefined) => ({
  eventInput: h('input', { type: 'text', name: 'event', value: event ?? '', required: true, list: 'desk-events', autocomplete: 'off' }),
  events: h('datalist', { id: 'desk-events' }),
  status: h('p', { class: 'desk-status', role: 'status', 'aria-live': 'polite' }),
  list: h('ol', { class: 'calls', 'aria-label': t('desk.calls') }),
  empty: h('p', { class: 'calls-empty' }),
  history: h('div', { class: 'history-area' }),
});
export type DeskAreas = ReturnType<typeof deskAreas>;

export const eventOptions = (names: readonly string[]): Nodes => names.map((name) => h('option', { value: name }));

/** The status line and the empty list's words, from the last read. */
export const paintStatus = (areas: DeskAreas, state: DeskState): void => {
  if (state.code === null) areas.status.removeAttribute('data-code');
  else areas.status.setAttribute('data-code', state.code);
  areas.status.textContent = state.status;
  if (state.code === null && state.open !== null) areas.status.setAttribute('data-open', String(state.open));
  if (state.changed) areas.empty.textContent = emptyText(state);
};

export const historyFailedView = (error: unknown): Nodes => [h('p', { role: 'alert' }, t('desk.historyFailed', { message: messageOf(error) }))];

export interface DeskFrame {
  readonly seat: DeskSeat;
  readonly event: string | undefined;
  readonly all: boolean;
  readonly history: boolean;
}

/** The desk: the event's form and, once an event is chosen, its views, the status line, the calls and the history. */
export const deskView = (frame: DeskFrame, areas: DeskAreas, onsubmit: (event: Event) => void): Nodes => {
  const { event, all, history } = frame;
  const top = [
    h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
    h('h1', {}, event ? t('desk.titleOf', { event }) : t('desk.title')),
    seatLine(frame.seat),
    h(
      'form',
      { class: 'desk-event', 'aria-label': t('desk.eventForm'), onsubmit },
      h('label', {}, t('desk.event'), areas.eventInput),
      areas.events,
      h('button', { type: 'submit' }, t('desk.showEvent')),
    ),
  ];
  if (event === undefined) return top;
  return [
    ...top,
    h(
      'p',
      { class: 'desk-views' },
      h('a', { href: deskHref(event, { all: !all, history }), class: 'toggle-all' }, all ? t('desk.openOnly') : t('desk.showAll')),
      ' · ',
      h('a', { href: deskHref(event, { all, history: !history }), class: 'toggle-history' }, history ? t('desk.hideHistory') : t('desk.showHistory')),
    ),
    areas.status,
    h('section', { class: 'desk-calls', 'aria-labelledby': 'calls-title' }, h('h2', { id: 'calls-title' }, t('desk.calls')), areas.empty, areas.list),
    areas.history,
  ];
};
