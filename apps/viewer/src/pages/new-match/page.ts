import { MatchlogError } from '@matchlog/client';
import type { CreateMatchData } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { gameName } from '../../games';
import { t } from '../../i18n';
import { renderOrganize, serverAddresses } from '../organize/page';
import { organizeHref } from '../../route';
import { randomSuffix, suggestMatchId } from '../../match-id-suggestion';
import { Broadcast, bodyOf } from './body';
import { badLinesOf, placeBadLines } from './bad-lines';
import { GAMES, GameId, SEAT_RANGE, isGame, seatCount, seatIds, takesDeckLists } from './seats';
import { SeatControls, clearErrors, focusBadLine, requiredControls, seatControls, seatFieldset, seatValues, showErrors } from './seat-fields';
import { setupControls } from './setup-fields';

const field = (label: string, control: HTMLElement, ...below: HTMLElement[]) => h('div', { class: 'field' }, h('label', {}, label, control), below);

/**
 * The organizer's form before a feature match (/viewer/organize): the game, its players (two, or two to four at a Four
 * Souls table), their deck lists pasted as text or the Four Souls setup, the table and the broadcast. It creates the
 * match with the organizer key (kept in this page's memory only), then shows the organizer's page of the match with
 * the links of the tokens the creation returned, one per seat.
 */
export const renderNewMatch = (root: HTMLElement): void => {
  const input = (name: string, attributes: Record<string, string | number | boolean> = {}) => h('input', { name, id: `new-${name}`, ...attributes });
  const key = input('organizer-key', { type: 'password', autocomplete: 'off', required: true });
  const gameChoice = h(
    'select',
    { name: 'game-id', id: 'new-game-id', 'aria-describedby': 'game-id-hint' },
    GAMES.map((game) => h('option', { value: game, selected: game === 'lorcana' }, gameName(game))),
  );
  const gameHint = h('p', { id: 'game-id-hint', class: 'hint' });
  const seats = new Map<string, SeatControls>();
  let count = 2;
  const setup = setupControls();
  const seatsArea = h('div', { class: 'seats', 'data-seats': count });
  const addSeat = h('button', { type: 'button', class: 'add-seat' }, t('newMatch.addSeat'));
  // what the game does not ask for is left out of the page, not hidden in it
  const addSeatArea = h('div', { class: 'add-seat-area' });
  const setupArea = h('div', { class: 'setup-area' });
  const event = input('event', { type: 'text', autocomplete: 'off' });
  const round = input('round', { type: 'number', min: 1, inputmode: 'numeric' });
  const table = input('table', { type: 'number', min: 1, inputmode: 'numeric' });
  const gameNumber = input('game', { type: 'number', min: 1, value: 1, inputmode: 'numeric' });
  const bestOf = h('select', { name: 'best-of', id: 'new-best-of' }, ...[1, 3, 5].map((n) => h('option', { value: n, selected: n === 3 }, String(n))));
  const today = new Date().toISOString().slice(0, 10);
  const suffix = randomSuffix();
  const matchId = input('match-id', { type: 'text', required: true, autocomplete: 'off', pattern: '[A-Za-z0-9._\\-]+', 'aria-describedby': 'match-id-hint' });
  let matchIdTyped = false;

  const game = (): GameId => (isGame(gameChoice.value) ? gameChoice.value : 'lorcana');
  const shownSeats = () => seatIds(count).map((id) => seats.get(id) ?? seats.set(id, seatControls(id)).get(id)!);
  const drawSeats = () => {
    const { min, max } = SEAT_RANGE[game()];
    count = seatCount(game(), count);
    seatsArea.setAttribute('data-seats', String(count));
    // only the last seat leaves, so the seats stay p1 … pN
    replaceChildren(
      seatsArea,
      shownSeats().map((seat, index) => seatFieldset(seat, index, game(), index === count - 1 && count > min ? () => ((count -= 1), drawSeats()) : null)),
    );
    replaceChildren(addSeatArea, count < max && addSeat);
    replaceChildren(setupArea, !takesDeckLists(game()) && setup.element);
    gameHint.textContent = t(game() === 'four-souls' ? 'newMatch.gameHint.fourSouls' : game() === 'grand-archive' ? 'newMatch.gameHint.grandArchive' : 'newMatch.intro');
  };
  addSeat.addEventListener('click', () => {
    count += 1;
    drawSeats();
    shownSeats().at(-1)?.name.focus();
  });
  gameChoice.addEventListener('change', drawSeats);

  const broadcastChoice = (value: Broadcast) =>
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'broadcast', value, checked: value === 'none' }), t(`newMatch.broadcast.${value}`));
  const delay = input('delay-minutes', { type: 'number', min: 0, value: 5, inputmode: 'numeric', 'aria-describedby': 'delay-hint' });
  const broadcast = () => ((form.querySelector('input[name=broadcast]:checked') as HTMLInputElement | null)?.value ?? 'none') as Broadcast;
  /** as bodyOf sends it: a delay only with a broadcast, and then the match is held back from strangers until it has passed */
  const delayed = () => broadcast() !== 'none' && (Number(delay.value) || 0) > 0;
  const suggest = () => {
    if (!matchIdTyped) matchId.value = suggestMatchId(event.value, round.value, table.value, gameNumber.value, today, suffix, delayed());
  };
  matchId.addEventListener('input', () => (matchIdTyped = matchId.value !== ''));
  const status = h('p', { role: 'status', class: 'new-match-status' });
  const submit = h('button', { type: 'submit' }, t('newMatch.submit'));

  const form = h(
    'form',
    { class: 'new-match', 'aria-label': t('newMatch.form'), novalidate: true },
    field(t('organize.key'), key),
    field(t('newMatch.gameId'), gameChoice, gameHint),
    seatsArea,
    addSeatArea,
    setupArea,
    h(
      'fieldset',
      { class: 'table-fields' },
      h('legend', {}, t('newMatch.table')),
      h('div', { class: 'wide' }, field(t('newMatch.event'), event)),
      field(t('newMatch.round'), round),
      field(t('newMatch.tableNumber'), table),
      field(t('newMatch.game'), gameNumber),
      field(t('newMatch.bestOf'), bestOf),
      h('div', { class: 'wide' }, field(t('newMatch.matchId'), matchId, h('p', { id: 'match-id-hint', class: 'hint' }, t('newMatch.matchIdHint')))),
    ),
    h(
      'fieldset',
      { class: 'broadcast-fields' },
      h('legend', {}, t('newMatch.broadcast')),
      (['none', 'public', 'token'] as const).map(broadcastChoice),
      field(t('newMatch.delay'), delay, h('p', { id: 'delay-hint', class: 'hint' }, t('newMatch.delayHint'))),
    ),
    submit,
  );
  drawSeats();
  suggest();
  for (const source of [event, round, table, gameNumber, delay]) source.addEventListener('input', suggest);
  form.addEventListener('change', suggest);

  const values = () => ({
    game: game(),
    seats: shownSeats().map(seatValues),
    sets: setup.sets.value,
    bonusSouls: setup.bonusSouls.checked,
    event: event.value,
    round: round.value,
    table: table.value,
    gameNumber: gameNumber.value,
    bestOf: Number(bestOf.value) as 1 | 3 | 5,
    broadcast: broadcast(),
    delayMinutes: delay.value,
  });

  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    const missing = [key, ...shownSeats().flatMap((seat) => requiredControls(seat, game())), matchId].find((control) => !control.checkValidity());
    if (missing) {
      status.textContent = t(takesDeckLists(game()) ? 'newMatch.missing' : 'newMatch.missingSetup');
      missing.focus();
      return;
    }
    void create();
  });

  const create = async () => {
    for (const seat of seats.values()) clearErrors(seat);
    submit.disabled = true;
    status.removeAttribute('data-code');
    status.textContent = t('newMatch.creating');
    const data = bodyOf(values());
    try {
      const client = api(key.value.trim());
      // the generated request type knows Lorcana's text lists; Grand Archive's JSON lists and Four Souls' setup go as the server reads them
      const created = await client.createMatch(data as unknown as CreateMatchData, { matchId: matchId.value.trim() });
      const server = await serverAddresses(client);
      key.value = '';
      history.pushState(null, '', organizeHref(created.matchId));
      // the address now names the match's page, which this module drew from memory: going back draws the form again
      addEventListener('popstate', () => location.reload(), { once: true });
      const broadcastToken = data.broadcastAccess === 'token' ? (created.tokens.broadcast ?? null) : data.broadcastAccess === 'public' ? null : undefined;
      await renderOrganize(root, created.matchId, {
        match: { matchId: created.matchId, players: data.players.map(({ id, name }) => ({ id, name: name ?? null })) },
        tokens: created.tokens,
        broadcast: broadcastToken,
        server,
      });
    } catch (error) {
      submit.disabled = false;
      const lines = badLinesOf(error);
      const known = error instanceof MatchlogError;
      status.setAttribute('data-code', known ? error.code : '');
      if (!lines) return void (status.textContent = t('newMatch.failed', { message: known ? `${error.message} (${error.code})` : String(error) }));
      status.textContent = t(takesDeckLists(game()) ? 'newMatch.badLines' : 'newMatch.badNames', { count: lines.length });
      const placed = placeBadLines(lines, takesDeckLists(game()), (id, which) => seats.get(id)?.[which].value ?? '');
      for (const seat of shownSeats())
        showErrors(
          seat,
          placed.filter((line) => line.seat === seat.id),
        );
      const first = placed.find((line) => seats.has(line.seat));
      if (first) focusBadLine(first, seats.get(first.seat)!);
    }
  };

  replaceChildren(root, h('h1', {}, t('newMatch.title')), h('p', { class: 'hint' }, t('newMatch.introAll')), form, status);
  key.focus();
};
