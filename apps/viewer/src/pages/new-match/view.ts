import { h, replaceChildren } from '../../dom';
import { gameName } from '../../games';
import { t } from '../../i18n';
import type { Broadcast } from './body';
import { GAMES, takesDeckLists } from './seats';
import { SeatControls, seatFieldset } from './seat-fields';
import { setupControls } from './setup-fields';
import { NewMatchState, canAddSeat, gameHintKey, removable } from './state';

type Nodes = (Node | string | null | undefined)[];

const field = (label: string, control: HTMLElement, ...below: HTMLElement[]) => h('div', { class: 'field' }, h('label', {}, label, control), below);
const input = (name: string, attributes: Record<string, string | number | boolean> = {}) => h('input', { name, id: `new-${name}`, ...attributes });

/** The form's controls, made once: what is typed in them is the form's values. */
export const newMatchControls = () => ({
  key: input('organizer-key', { type: 'password', autocomplete: 'off', required: true }),
  game: h(
    'select',
    { name: 'game-id', id: 'new-game-id', 'aria-describedby': 'game-id-hint' },
    GAMES.map((game) => h('option', { value: game, selected: game === 'lorcana' }, gameName(game))),
  ),
  gameHint: h('p', { id: 'game-id-hint', class: 'hint' }),
  setup: setupControls(),
  seats: h('div', { class: 'seats', 'data-seats': 2 }),
  addSeat: h('button', { type: 'button', class: 'add-seat' }, t('newMatch.addSeat')),
  // what the game does not ask for is left out of the page, not hidden in it
  addSeatArea: h('div', { class: 'add-seat-area' }),
  setupArea: h('div', { class: 'setup-area' }),
  event: input('event', { type: 'text', autocomplete: 'off' }),
  round: input('round', { type: 'number', min: 1, inputmode: 'numeric' }),
  table: input('table', { type: 'number', min: 1, inputmode: 'numeric' }),
  gameNumber: input('game', { type: 'number', min: 1, value: 1, inputmode: 'numeric' }),
  bestOf: h('select', { name: 'best-of', id: 'new-best-of' }, ...[1, 3, 5].map((n) => h('option', { value: n, selected: n === 3 }, String(n)))),
  matchId: input('match-id', { type: 'text', required: true, autocomplete: 'off', pattern: '[A-Za-z0-9._\\-]+', 'aria-describedby': 'match-id-hint' }),
  delay: input('delay-minutes', { type: 'number', min: 0, value: 5, inputmode: 'numeric', 'aria-describedby': 'delay-hint' }),
  status: h('p', { role: 'status', class: 'new-match-status' }),
  submit: h('button', { type: 'submit' }, t('newMatch.submit')),
});
export type NewMatchControls = ReturnType<typeof newMatchControls>;

/** The seats the game takes, the button to add one, the setup where the game has one, the game's hint. */
export const paintSeats = (c: NewMatchControls, state: NewMatchState, seats: readonly SeatControls[], removeSeat: () => void): void => {
  c.seats.setAttribute('data-seats', String(state.seats));
  replaceChildren(
    c.seats,
    seats.map((seat, index) => seatFieldset(seat, index, state.game, removable(state, index) ? removeSeat : null)),
  );
  replaceChildren(c.addSeatArea, canAddSeat(state) && c.addSeat);
  replaceChildren(c.setupArea, !takesDeckLists(state.game) && c.setup.element);
  c.gameHint.textContent = t(gameHintKey(state.game));
};

export const paintStatus = (c: NewMatchControls, state: NewMatchState): void => {
  c.submit.disabled = state.creating;
  if (state.code === null) c.status.removeAttribute('data-code');
  else c.status.setAttribute('data-code', state.code);
  c.status.textContent = state.status;
};

const broadcastChoice = (value: Broadcast) =>
  h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'broadcast', value, checked: value === 'none' }), t(`newMatch.broadcast.${value}`));

export const formView = (c: NewMatchControls): HTMLFormElement =>
  h(
    'form',
    { class: 'new-match', 'aria-label': t('newMatch.form'), novalidate: true },
    field(t('organize.key'), c.key),
    field(t('newMatch.gameId'), c.game, c.gameHint),
    c.seats,
    c.addSeatArea,
    c.setupArea,
    h(
      'fieldset',
      { class: 'table-fields' },
      h('legend', {}, t('newMatch.table')),
      h('div', { class: 'wide' }, field(t('newMatch.event'), c.event)),
      field(t('newMatch.round'), c.round),
      field(t('newMatch.tableNumber'), c.table),
      field(t('newMatch.game'), c.gameNumber),
      field(t('newMatch.bestOf'), c.bestOf),
      h('div', { class: 'wide' }, field(t('newMatch.matchId'), c.matchId, h('p', { id: 'match-id-hint', class: 'hint' }, t('newMatch.matchIdHint')))),
    ),
    h(
      'fieldset',
      { class: 'broadcast-fields' },
      h('legend', {}, t('newMatch.broadcast')),
      (['none', 'public', 'token'] as const).map(broadcastChoice),
      field(t('newMatch.delay'), c.delay, h('p', { id: 'delay-hint', class: 'hint' }, t('newMatch.delayHint'))),
    ),
    c.submit,
  );

export const newMatchView = (form: HTMLFormElement, status: HTMLElement): Nodes => [
  h('h1', {}, t('newMatch.title')),
  h('p', { class: 'hint' }, t('newMatch.introAll')),
  form,
  status,
];
