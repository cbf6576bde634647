import { h, replaceChildren } from '../../dom';
import { t } from '../../i18n';
import type { SeatValues } from './body';
import { badLineMessage, badLineRange, PlacedLine, SeatField } from './bad-lines';
import { GameId, takesDeckLists } from './seats';

const field = (label: string, control: HTMLElement, ...below: HTMLElement[]) => h('div', { class: 'field' }, h('label', {}, label, control), below);

/** One seat's controls, made once and kept while seats come and go or the game changes, so nothing typed is lost. */
export interface SeatControls {
  readonly id: string;
  readonly name: HTMLInputElement;
  readonly deck: HTMLTextAreaElement;
  readonly character: HTMLInputElement;
  readonly startingItem: HTMLInputElement;
  readonly errors: Record<SeatField, HTMLUListElement>;
}

export const seatControls = (id: string): SeatControls => {
  const text = (name: string, hint: string) =>
    h('input', { name: `${name}-${id}`, id: `new-${name}-${id}`, type: 'text', autocomplete: 'off', spellcheck: false, 'aria-describedby': hint });
  return {
    id,
    name: h('input', { name: `name-${id}`, id: `new-name-${id}`, type: 'text', required: true, autocomplete: 'off' }),
    deck: h('textarea', { name: `deck-${id}`, id: `new-deck-${id}`, rows: 12, required: true, spellcheck: false, 'aria-describedby': `deck-${id}-hint` }),
    character: Object.assign(text('character', `character-${id}-hint`), { required: true }),
    startingItem: text('starting-item', `starting-item-${id}-hint`),
    errors: {
      deck: h('ul', { id: `deck-${id}-errors`, class: 'deck-errors' }),
      character: h('ul', { id: `character-${id}-errors`, class: 'deck-errors' }),
      startingItem: h('ul', { id: `starting-item-${id}-errors`, class: 'deck-errors' }),
    },
  };
};

export const seatValues = (seat: SeatControls): SeatValues => ({
  id: seat.id,
  name: seat.name.value,
  deck: seat.deck.value,
  character: seat.character.value,
  startingItem: seat.startingItem.value,
});

const hintId = (seat: SeatControls, field: SeatField) =>
  field === 'deck' ? `deck-${seat.id}-hint` : field === 'character' ? `character-${seat.id}-hint` : `starting-item-${seat.id}-hint`;

export const controlOf = (seat: SeatControls, field: SeatField): HTMLInputElement | HTMLTextAreaElement => seat[field];

/** The controls a seat must have filled for the game, in the order they are asked. */
export const requiredControls = (seat: SeatControls, game: GameId): (HTMLInputElement | HTMLTextAreaElement)[] =>
  takesDeckLists(game) ? [seat.name, seat.deck] : [seat.name, seat.character];

/** A seat's fieldset for the game: its name, then its deck list, or its character and starting item. */
export const seatFieldset = (seat: SeatControls, index: number, game: GameId, remove: (() => void) | null) =>
  h(
    'fieldset',
    { class: 'seat-fields', 'data-seat': seat.id },
    h('legend', {}, t('newMatch.player', { n: index + 1 })),
    field(t('newMatch.name'), seat.name),
    takesDeckLists(game)
      ? field(
          t('newMatch.deck'),
          seat.deck,
          seat.errors.deck,
          h('p', { id: `deck-${seat.id}-hint`, class: 'hint' }, t(game === 'grand-archive' ? 'newMatch.deckHint.grandArchive' : 'newMatch.deckHint')),
        )
      : [
          field(t('newMatch.character'), seat.character, seat.errors.character, h('p', { id: `character-${seat.id}-hint`, class: 'hint' }, t('newMatch.characterHint'))),
          field(
            t('newMatch.startingItem'),
            seat.startingItem,
            seat.errors.startingItem,
            h('p', { id: `starting-item-${seat.id}-hint`, class: 'hint' }, t('newMatch.startingItemHint')),
          ),
        ],
    remove && h('button', { type: 'button', class: 'remove-seat', onclick: remove }, t('newMatch.removeSeat', { n: index + 1 })),
  );

export const clearErrors = (seat: SeatControls): void => {
  for (const field of ['deck', 'character', 'startingItem'] as const) {
    replaceChildren(seat.errors[field]);
    seat[field].removeAttribute('aria-invalid');
    seat[field].setAttribute('aria-describedby', hintId(seat, field));
  }
};

/** Each bad line under its seat's field, that field marked invalid and described by them. */
export const showErrors = (seat: SeatControls, placed: readonly PlacedLine[]): void => {
  for (const field of ['deck', 'character', 'startingItem'] as const) {
    const here = placed.filter((line) => line.field === field);
    if (here.length === 0) continue;
    replaceChildren(
      seat.errors[field],
      here.map(({ bad }) => h('li', { 'data-line': bad.line, 'data-section': bad.section }, badLineMessage(bad))),
    );
    seat[field].setAttribute('aria-invalid', 'true');
    seat[field].setAttribute('aria-describedby', `${seat.errors[field].id} ${hintId(seat, field)}`);
  }
};

/** The first bad line selected in its field and scrolled into sight, the field focused. */
export const focusBadLine = ({ bad, field }: PlacedLine, seat: SeatControls): void => {
  const control = controlOf(seat, field);
  if (control instanceof HTMLTextAreaElement) {
    const [start, end] = badLineRange(control.value, bad);
    control.setSelectionRange(start, end);
    // the bad line in sight: as many lines down as it starts
    control.scrollTop = (control.value.slice(0, start).split('\n').length - 1) * parseFloat(getComputedStyle(control).lineHeight || '0');
  } else control.select();
  control.focus();
};
