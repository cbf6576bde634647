import { h, replaceChildren } from '../dom';
import { t } from '../i18n';
import { DeskSeat, forgetDeskSeat, keepDeskSeat, lastJudgeName } from './desk-seat';

/**
 * The desk's way in, as the organizer's pages ask: the organizer key (a password field) and the judge's name, which
 * every claim, escalation and ruling carries. Kept for this tab (desk-seat.ts); the page then opens where it was.
 */
export const askDeskSeat = (root: HTMLElement, event: string | undefined): void => {
  const key = h('input', { name: 'organizer-key', type: 'password', autocomplete: 'off' });
  const judge = h('input', { name: 'judge-name', type: 'text', autocomplete: 'name', maxlength: 60, value: lastJudgeName() });
  const status = h('p', { role: 'alert' });
  const form = h(
    'form',
    { 'aria-label': t('desk.seatForm') },
    h('label', {}, t('organize.key'), key),
    h('label', {}, t('desk.judgeName'), judge),
    h('p', { class: 'hint' }, t('desk.seatHint')),
    h('button', { type: 'submit' }, t('desk.open')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const missing = key.value.trim() === '' ? key : judge.value.trim() === '' ? judge : null;
    if (missing) {
      status.setAttribute('data-code', missing === key ? 'NO_KEY' : 'NO_NAME');
      status.textContent = missing === key ? t('desk.noKey') : t('desk.noName');
      missing.setAttribute('aria-invalid', 'true');
      return missing.focus();
    }
    keepDeskSeat({ key: key.value, judge: judge.value });
    location.reload();
  });
  replaceChildren(root, h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))), h('h1', {}, event ? t('desk.titleOf', { event }) : t('desk.title')), form, status);
  key.focus();
};

/** Who sits at the desk, with a way to forget the key (the next visit asks again). */
export const seatLine = (seat: DeskSeat) =>
  h(
    'p',
    { class: 'desk-seat' },
    t('desk.seatedAs', { judge: seat.judge }),
    ' ',
    h('button', { type: 'button', class: 'forget-key', onclick: () => (forgetDeskSeat(), location.reload()) }, t('desk.forgetKey')),
  );
