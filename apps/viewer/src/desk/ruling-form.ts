import { MatchlogError } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';
import { GamePenalties, RulingToSend, desk } from './desk-api';
import { DeskSeat } from './desk-seat';

/** A refusal as the judge reads it: the server's message and its code; the form keeps what was typed. */
export const refusal = (said: HTMLElement, error: unknown) => {
  const known = error instanceof MatchlogError;
  said.setAttribute('role', 'alert');
  said.setAttribute('data-code', known ? error.code : '');
  said.textContent = t('ruling.refused', { message: known ? error.message : String(error), code: known ? error.code : '' });
};

const trimmed = (field: HTMLInputElement | HTMLTextAreaElement) => field.value.trim() || undefined;

/**
 * The ruling: the penalized player, the infraction (the game's published ones offered, with their penalty, remedy and
 * the document cited; any other typed), the penalty (the game's list, or the organizer's categories), the remedy, the
 * judge's own words (judge-only) and a time extension in seconds. `done`: recorded, at this revision.
 */
export const rulingForm = (
  seat: DeskSeat,
  matchId: string,
  callId: string | undefined,
  players: readonly { id: string; name?: string | null }[],
  vocabulary: GamePenalties | undefined,
  done: (revision: number) => void,
) => {
  const player = h(
    'select',
    { name: 'player', required: true },
    players.map((p) => h('option', { value: p.id }, p.name ? `${p.name} (${p.id})` : p.id)),
  );
  const infractions = vocabulary?.infractions ?? [];
  const infraction = h('input', { type: 'text', name: 'infraction', required: true, maxlength: 200, list: 'ruling-infractions', autocomplete: 'off' });
  const penalties = vocabulary?.penalties ?? [];
  const penalty =
    penalties.length > 0
      ? h(
          'select',
          { name: 'penalty', required: true },
          penalties.map((p) => h('option', { value: p }, p)),
        )
      : h('input', { type: 'text', name: 'penalty', required: true, maxlength: 60 });
  const remedy = h('textarea', { name: 'remedy', rows: 2, maxlength: 500 });
  const text = h('textarea', { name: 'text', rows: 3, maxlength: 2000 });
  const seconds = h('input', { type: 'number', name: 'seconds', min: 1, max: 3600, step: 1, inputmode: 'numeric' });
  const source = h('p', { class: 'ruling-source hint' });
  const said = h('p', { class: 'ruling-said', role: 'status' });
  let cited: string | undefined;
  // a published infraction brings its penalty, remedy and citation; the judge may still change them
  infraction.addEventListener('change', () => {
    const known = infractions.find((i) => i.infraction.toLowerCase() === infraction.value.trim().toLowerCase());
    cited = known?.source;
    source.textContent = cited ? t('ruling.cites', { source: cited }) : '';
    if (known?.penalty && penalties.includes(known.penalty)) penalty.value = known.penalty;
    if (known?.remedy && remedy.value.trim() === '') remedy.value = known.remedy;
  });
  const form = h(
    'form',
    { class: 'ruling-form', 'aria-labelledby': 'ruling-title' },
    h('h2', { id: 'ruling-title' }, t('ruling.title')),
    vocabulary && vocabulary.document === null ? h('p', { class: 'hint' }, t('ruling.freeText')) : null,
    vocabulary?.document ? h('p', { class: 'hint ruling-document' }, t('ruling.document', { document: vocabulary.document, note: vocabulary.note })) : null,
    h('label', {}, t('ruling.player'), player),
    h('label', {}, t('ruling.infraction'), infraction),
    h(
      'datalist',
      { id: 'ruling-infractions' },
      infractions.map((i) => h('option', { value: i.infraction }, i.penalty)),
    ),
    source,
    h('label', {}, t('ruling.penalty'), penalty),
    h('label', {}, t('ruling.remedy'), remedy),
    h('label', {}, t('ruling.text'), text),
    h('p', { class: 'hint' }, t('ruling.textHint')),
    h('label', {}, t('ruling.seconds'), seconds),
    h('button', { type: 'submit' }, t('ruling.record')),
    said,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const extension = seconds.value.trim() === '' ? undefined : Number(seconds.value);
    const ruling: RulingToSend = {
      ...(callId && { callId }),
      player: player.value,
      infraction: infraction.value.trim(),
      penalty: penalty.value.trim(),
      ...(trimmed(remedy) && { remedy: trimmed(remedy) }),
      ...(trimmed(text) && { text: trimmed(text) }),
      ...(extension !== undefined && { seconds: extension }),
      ...(cited && { source: cited }),
      judge: seat.judge,
    };
    said.setAttribute('role', 'status');
    said.removeAttribute('data-code');
    said.textContent = t('desk.sending');
    desk.rule(seat.key, matchId, ruling).then(
      ({ revision }) => {
        said.textContent = t('ruling.recorded', { revision });
        for (const field of [infraction, remedy, text, seconds]) field.value = '';
        source.textContent = '';
        cited = undefined;
        done(revision);
      },
      (error: unknown) => refusal(said, error),
    );
  });
  return form;
};

/** A note at the revision shown: judge-only unless published ("keyframes with comments"). */
export const noteForm = (seat: DeskSeat, matchId: string, at: () => number, done: (revision: number) => void) => {
  const text = h('textarea', { name: 'note', rows: 2, maxlength: 2000, required: true });
  const published = h('input', { type: 'checkbox', name: 'published' });
  const label = h('span', {});
  const said = h('p', { class: 'note-said', role: 'status' });
  const button = h('button', { type: 'submit' }, '');
  const form = h(
    'form',
    { class: 'note-form', 'aria-labelledby': 'note-title' },
    h('h2', { id: 'note-title' }, label),
    h('label', {}, t('note.text'), text),
    h('label', { class: 'inline' }, published, t('note.publish')),
    button,
    said,
  );
  const relabel = () => {
    label.textContent = t('note.title', { revision: at() });
    button.textContent = t('note.record', { revision: at() });
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (text.value.trim() === '') return text.focus();
    said.setAttribute('role', 'status');
    said.removeAttribute('data-code');
    said.textContent = t('desk.sending');
    desk.note(seat.key, matchId, at(), text.value.trim(), published.checked).then(
      ({ revision }) => {
        said.textContent = t('note.recorded', { at: at(), revision });
        text.value = '';
        published.checked = false;
        done(revision);
      },
      (error: unknown) => refusal(said, error),
    );
  });
  relabel();
  return { element: form, relabel };
};
