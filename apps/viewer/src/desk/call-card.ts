import { MatchlogError } from '@matchlog/client';
import { h, replaceChildren } from '../dom';
import { gameLabel } from '../game-label';
import { MessageKey, t } from '../i18n';
import { callHref } from '../route';
import { DeskCall, desk } from './desk-api';
import { DeskSeat } from './desk-seat';

type Step = 'claim' | 'escalate' | 'resolve';

/** Which steps a call in this status may take: a resolved call takes none; an escalated one goes to the judge who claims it. */
const allowed = (call: DeskCall, judge: string): Record<Step, boolean> => ({
  claim: call.status === 'open' || call.status === 'escalated' || (call.status === 'claimed' && call.judge !== judge),
  escalate: call.status === 'open' || call.status === 'claimed',
  resolve: call.status !== 'resolved',
});

export const callerName = (call: DeskCall): string =>
  call.by === 'recorder' ? t('desk.byRecorder') : call.byName && call.byName !== call.by ? `${call.byName} (${call.by})` : call.by;

export const statusText = (call: DeskCall): string =>
  call.judge ? t(`desk.status.${call.status}By` as MessageKey, { judge: call.judge }) : t(`desk.status.${call.status}` as MessageKey);

/** "Table 12 · round 3 · Game 2", or the match id where the match has no table. */
export const whereOf = (call: DeskCall): string =>
  [
    call.table !== undefined && call.table !== null ? t('desk.table', { table: call.table }) : call.matchId,
    call.round !== undefined && call.round !== null ? t('desk.round', { round: call.round }) : null,
    call.game !== undefined ? gameLabel({ game: call.game }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

/**
 * One call as the desk shows it, updated in place as the desk polls (a button keeps the focus): where, who called, at
 * which revision, the reason, the status, and Claim / Escalate (with a reason for the head judge) / Resolve.
 * `changed`: a step was taken, the desk reads again.
 */
export const callCard = (seat: DeskSeat, event: string | undefined, changed: () => void, options: { investigate?: boolean } = {}) => {
  let call: DeskCall;
  const title = h('h3', {});
  const who = h('p', { class: 'call-who' });
  const reason = h('blockquote', { class: 'call-reason' });
  const status = h('p', { class: 'call-status' });
  const escalation = h('p', { class: 'call-escalation', hidden: true });
  const said = h('p', { class: 'call-said', role: 'status' });
  const escalateReason = h('input', { type: 'text', name: 'escalate-reason', maxlength: 200 });
  const escalateForm = h(
    'form',
    { class: 'escalate-form', hidden: true },
    h('label', {}, t('desk.escalateReason'), escalateReason),
    h('button', { type: 'submit' }, t('desk.escalateSend')),
    h('button', { type: 'button', onclick: () => ((escalateForm.hidden = true), buttons.escalate.focus()) }, t('desk.cancel')),
  );
  const take = async (step: Step, why?: string) => {
    said.removeAttribute('data-code');
    said.textContent = t('desk.sending');
    try {
      await desk.step(seat.key, call.matchId, call.callId, step, seat.judge, why);
      said.textContent = t(`desk.done.${step}` as MessageKey);
      escalateForm.hidden = true;
      escalateReason.value = '';
      changed();
    } catch (error) {
      const known = error instanceof MatchlogError;
      said.setAttribute('data-code', known ? error.code : '');
      said.setAttribute('role', 'alert');
      said.textContent = t('desk.stepFailed', { message: known ? `${error.message} (${error.code})` : String(error) });
    }
  };
  escalateForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void take('escalate', escalateReason.value.trim() || undefined);
  });
  const button = (step: Step, run: () => void) => h('button', { type: 'button', class: `step ${step}`, 'data-step': step, onclick: run }, t(`desk.${step}` as MessageKey));
  const buttons = {
    claim: button('claim', () => void take('claim')),
    escalate: button('escalate', () => {
      escalateForm.hidden = false;
      escalateReason.focus();
    }),
    resolve: button('resolve', () => void take('resolve')),
  };
  const open = h('a', { class: 'investigate' }, t('desk.investigate'));
  const element = h(
    'article',
    { class: 'call' },
    title,
    who,
    reason,
    status,
    escalation,
    h('div', { class: 'call-steps', role: 'group' }, buttons.claim, buttons.escalate, buttons.resolve, options.investigate === false ? null : open),
    escalateForm,
    said,
  );
  const update = (next: DeskCall) => {
    call = next;
    element.setAttribute('data-call', call.callId);
    element.setAttribute('data-match', call.matchId);
    element.setAttribute('data-status', call.status);
    element.setAttribute('aria-label', t('desk.callAria', { where: whereOf(call), who: callerName(call) }));
    title.textContent = whereOf(call);
    replaceChildren(who, t('desk.calledBy', { who: callerName(call), at: call.at, time: timeOf(call.calledAt) }));
    reason.textContent = call.reason;
    status.textContent = statusText(call);
    escalation.hidden = !call.escalation;
    escalation.textContent = call.escalation ? t('desk.escalation', { reason: call.escalation }) : '';
    const may = allowed(call, seat.judge);
    for (const step of ['claim', 'escalate', 'resolve'] as const) buttons[step].disabled = !may[step];
    if (!may.escalate) escalateForm.hidden = true;
    open.setAttribute('href', callHref(call.matchId, call.callId, event, call.at));
  };
  return { element, update };
};
