import { MatchlogError } from '@matchlog/client';
import { desk } from '../desk/desk-api';
import { h } from '../dom';
import { t } from '../i18n';

/**
 * "Call a judge" on a player's page and on the recorder's screen: a short reason, sent as a call about the revision
 * `at()` gives (the one the page shows). `mayPublish`: the recorder's free-text warning, asked before it is sent.
 */
export const callJudge = (matchId: string, token: string, at: () => number, mayPublish: (text: string) => Promise<boolean> = async () => true) => {
  const reason = h('input', { type: 'text', name: 'call-reason', maxlength: 200, required: true, autocomplete: 'off' });
  const said = h('p', { class: 'call-said', role: 'status' });
  const open = h('button', { type: 'button', class: 'call-judge', 'aria-expanded': 'false' }, t('callJudge.button'));
  const cancel = h('button', { type: 'button' }, t('desk.cancel'));
  const form = h(
    'form',
    { class: 'call-judge-form', 'aria-label': t('callJudge.form') },
    h('label', {}, t('callJudge.reason'), reason),
    h('p', { class: 'hint' }, t('callJudge.hint')),
    h('button', { type: 'submit' }, t('callJudge.send')),
    cancel,
  );
  // in the page only while open: a hidden form's buttons would still count as the screen's buttons
  const show = (on: boolean) => {
    if (on) open.after(form);
    else form.remove();
    open.setAttribute('aria-expanded', String(on));
    (on ? reason : open).focus();
  };
  open.addEventListener('click', () => show(!form.isConnected));
  cancel.addEventListener('click', () => show(false));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = reason.value.trim();
    if (text === '') return reason.focus();
    const revision = at();
    void mayPublish(text).then(async (ok) => {
      if (!ok) return reason.focus();
      said.setAttribute('role', 'status');
      said.removeAttribute('data-code');
      said.textContent = t('desk.sending');
      try {
        await desk.call(token, matchId, revision, text);
        said.textContent = t('callJudge.called', { revision });
        reason.value = '';
        show(false);
      } catch (error) {
        const known = error instanceof MatchlogError;
        said.setAttribute('role', 'alert');
        said.setAttribute('data-code', known ? error.code : '');
        said.textContent = t('callJudge.failed', { message: known ? `${error.message} (${error.code})` : String(error) });
        reason.focus();
      }
    });
  });
  return h('section', { class: 'call-judge-area', 'aria-label': t('callJudge.button') }, open, said);
};
