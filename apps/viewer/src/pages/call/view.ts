import { MatchlogError } from '@matchlog/client';
import type { MatchDetail, View } from '@matchlog/client';
import { renderBoard } from '../../ui/board';
import { h } from '../../dom';
import { renderDeskRecord } from '../../desk/desk-notes';
import { seatLine } from '../../desk/desk-seat-form';
import type { DeskSeat } from '../../desk/desk-seat';
import { renderFindings } from '../../ui/findings';
import { t } from '../../i18n';
import { deskHref, hrefOf } from '../../route';
import { CallState, NEAR, nearFindings, titleOf, whereText } from './state';

type Nodes = (Node | string | null | undefined)[];

const messageOf = (error: unknown) => (error instanceof MatchlogError ? `${error.message} (${error.code})` : String(error));

export const failedView = (key: Parameters<typeof t>[0], error: unknown): Nodes => [h('p', { class: 'unavailable', role: 'alert' }, t(key, { message: messageOf(error) }))];

/** The parts of the page the revision shown, the findings and the record redraw. */
export const callAreas = (callAt: number) => ({
  where: h('p', { class: 'revision-line', role: 'status', 'aria-live': 'polite' }),
  back: h('button', { type: 'button', class: 'step-back', 'aria-label': t('call.previousAria') }, t('call.previous')),
  forward: h('button', { type: 'button', class: 'step-forward', 'aria-label': t('call.nextAria') }, t('call.next')),
  toCall: h('button', { type: 'button', class: 'to-call' }, t('call.toCall', { revision: callAt })),
  seats: h('div', { class: 'seats-side-by-side' }),
  ledger: h('div', { class: 'ledger-area' }),
  findings: h('div', { class: 'findings-area' }),
  clock: h('div', { class: 'clock-area' }),
  record: h('div', { class: 'desk-record-area' }),
  ruling: h('div', { class: 'ruling-area' }),
});
export type CallAreas = ReturnType<typeof callAreas>;

/** The steps around the revision shown: where it is, and the ends the buttons cannot pass. */
export const paintSteps = (areas: CallAreas, state: CallState): void => {
  areas.back.disabled = state.current === 0;
  areas.forward.disabled = state.current === state.head;
  areas.where.textContent = whereText(state);
  areas.where.setAttribute('data-revision', String(state.current));
};

export const findingsView = (state: CallState, go: (revision: number) => void): Nodes => [
  renderFindings(nearFindings(state), state.current, go),
  h('p', { class: 'hint' }, t('call.findingsNear', { near: NEAR, count: state.findings.length })),
];

export const recordView = (state: CallState, go: (revision: number) => void, nameOf: (player: string) => string): Nodes => [
  renderDeskRecord(state.record, state.current, go, nameOf),
];

/** Each seat's board at the revision shown, side by side. */
export const seatsView = (views: readonly (readonly [string, View])[], nameOf: (player: string) => string): Nodes =>
  views.map(([player, view]) =>
    h(
      'section',
      { class: 'seat-view', 'data-audience': player, 'aria-labelledby': `seat-${player}` },
      h('h2', { id: `seat-${player}` }, t('call.seatOf', { player: nameOf(player), seat: player })),
      renderBoard(view, nameOf),
    ),
  );

export interface CallFrame {
  readonly match: MatchDetail;
  readonly callId: string;
  readonly event: string | undefined;
  readonly seat: DeskSeat;
  /** the call's card; null: the desk does not know the call */
  readonly card: HTMLElement | null;
  readonly notes: HTMLElement;
}

export const callView = (frame: CallFrame, state: CallState, areas: CallAreas): Nodes => [
  h('nav', {}, h('a', { href: deskHref(frame.event), class: 'to-desk' }, t('call.toDesk')), ' · ', h('a', { href: hrefOf(frame.match.matchId, 'public') }, t('call.publicPage'))),
  h('h1', {}, t('call.title', { revision: state.callAt }), h('span', { class: 'subtitle' }, titleOf(frame.match))),
  seatLine(frame.seat),
  frame.card ?? h('p', { role: 'alert', 'data-code': 'CALL_NOT_FOUND' }, t('call.notFound', { callId: frame.callId })),
  h('div', { class: 'revision-steps', role: 'group', 'aria-label': t('call.steps') }, areas.back, areas.where, areas.forward, areas.toCall),
  areas.seats,
  h('div', { class: 'investigation' }, areas.ledger, h('div', { class: 'investigation-side' }, areas.findings, areas.clock)),
  areas.ruling,
  frame.notes,
  areas.record,
];
