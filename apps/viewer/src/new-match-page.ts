import { MatchlogError } from '@matchlog/client';
import type { CreateMatchData } from '@matchlog/client';
import { api } from './api/client';
import { h, replaceChildren } from './dom';
import { t } from './i18n';
import { renderOrganize, serverAddresses } from './organize-page';
import { organizeHref } from './route';
import { randomSuffix, suggestMatchId } from './match-id-suggestion';

const SEATS = ['p1', 'p2'] as const;
type Seat = (typeof SEATS)[number];
type Broadcast = 'none' | 'public' | 'token';

/** One line of a pasted list that names no card (422 DECK_LIST_UNKNOWN_CARDS's `lines`). */
interface BadLine {
  readonly player: string;
  readonly line: number;
  readonly text: string;
  readonly problem: 'unknown' | 'ambiguous' | 'malformed';
  readonly closest: readonly string[];
}

const badLinesOf = (error: unknown): BadLine[] | null => {
  if (!(error instanceof MatchlogError) || error.code !== 'DECK_LIST_UNKNOWN_CARDS') return null;
  const lines = (error.body as { lines?: unknown })?.lines;
  return Array.isArray(lines) ? (lines as BadLine[]) : null;
};

/** Where line `line` (1-based, counting blank ones) of `text` starts and ends. */
const lineRange = (text: string, line: number): [number, number] => {
  const lines = text.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  return [start, start + (lines[line - 1]?.length ?? 0)];
};

const field = (label: string, control: HTMLElement, ...below: HTMLElement[]) => h('div', { class: 'field' }, h('label', {}, label, control), below);

/**
 * The organizer's form before a feature match (/viewer/organize): the players, their deck lists pasted as text, the
 * table and the broadcast. It creates the match with the organizer key (kept in this page's memory only), then shows
 * the organizer's page of the match with the links of the tokens the creation returned.
 */
export const renderNewMatch = (root: HTMLElement): void => {
  const input = (name: string, attributes: Record<string, string | number | boolean> = {}) => h('input', { name, id: `new-${name}`, ...attributes });
  const key = input('organizer-key', { type: 'password', autocomplete: 'off', required: true });
  const names = Object.fromEntries(SEATS.map((seat) => [seat, input(`name-${seat}`, { type: 'text', required: true, autocomplete: 'off' })])) as Record<Seat, HTMLInputElement>;
  const decks = Object.fromEntries(
    SEATS.map((seat) => [
      seat,
      h('textarea', { name: `deck-${seat}`, id: `new-deck-${seat}`, rows: 12, required: true, spellcheck: false, 'aria-describedby': `deck-${seat}-hint` }),
    ]),
  ) as Record<Seat, HTMLTextAreaElement>;
  const deckErrors = Object.fromEntries(SEATS.map((seat) => [seat, h('ul', { id: `deck-${seat}-errors`, class: 'deck-errors' })])) as Record<Seat, HTMLUListElement>;
  const event = input('event', { type: 'text', autocomplete: 'off' });
  const round = input('round', { type: 'number', min: 1, inputmode: 'numeric' });
  const table = input('table', { type: 'number', min: 1, inputmode: 'numeric' });
  const game = input('game', { type: 'number', min: 1, value: 1, inputmode: 'numeric' });
  const bestOf = h('select', { name: 'best-of', id: 'new-best-of' }, ...[1, 3, 5].map((n) => h('option', { value: n, selected: n === 3 }, String(n))));
  const today = new Date().toISOString().slice(0, 10);
  const suffix = randomSuffix();
  const matchId = input('match-id', { type: 'text', required: true, autocomplete: 'off', pattern: '[A-Za-z0-9._\\-]+', 'aria-describedby': 'match-id-hint' });
  let matchIdTyped = false;

  const broadcastChoice = (value: Broadcast) =>
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'broadcast', value, checked: value === 'none' }), t(`newMatch.broadcast.${value}`));
  const delay = input('delay-minutes', { type: 'number', min: 0, value: 5, inputmode: 'numeric', 'aria-describedby': 'delay-hint' });
  /** as body() sends it: a delay only with a broadcast, and then the match is held back from strangers until it has passed */
  const delayed = () => (form.querySelector('input[name=broadcast]:checked') as HTMLInputElement | null)?.value !== 'none' && (Number(delay.value) || 0) > 0;
  const suggest = () => {
    if (!matchIdTyped) matchId.value = suggestMatchId(event.value, round.value, table.value, game.value, today, suffix, delayed());
  };
  matchId.addEventListener('input', () => (matchIdTyped = matchId.value !== ''));
  const status = h('p', { role: 'status', class: 'new-match-status' });
  const submit = h('button', { type: 'submit' }, t('newMatch.submit'));

  const seatFields = (seat: Seat, index: number) =>
    h(
      'fieldset',
      { class: 'seat-fields' },
      h('legend', {}, t('newMatch.player', { n: index + 1 })),
      field(t('newMatch.name'), names[seat]),
      field(t('newMatch.deck'), decks[seat], deckErrors[seat], h('p', { id: `deck-${seat}-hint`, class: 'hint' }, t('newMatch.deckHint'))),
    );

  const form = h(
    'form',
    { class: 'new-match', 'aria-label': t('newMatch.form'), novalidate: true },
    field(t('organize.key'), key),
    h('div', { class: 'seats' }, SEATS.map(seatFields)),
    h(
      'fieldset',
      { class: 'table-fields' },
      h('legend', {}, t('newMatch.table')),
      h('div', { class: 'wide' }, field(t('newMatch.event'), event)),
      field(t('newMatch.round'), round),
      field(t('newMatch.tableNumber'), table),
      field(t('newMatch.game'), game),
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
  suggest();
  for (const source of [event, round, table, game, delay]) source.addEventListener('input', suggest);
  form.addEventListener('change', suggest);

  const clearDeckErrors = () => {
    for (const seat of SEATS) {
      replaceChildren(deckErrors[seat]);
      decks[seat].removeAttribute('aria-invalid');
      decks[seat].setAttribute('aria-describedby', `deck-${seat}-hint`);
    }
  };
  const showDeckErrors = (lines: readonly BadLine[]) => {
    for (const seat of SEATS) {
      const bad = lines.filter((line) => line.player === seat);
      if (bad.length === 0) continue;
      replaceChildren(
        deckErrors[seat],
        bad.map((line) =>
          h(
            'li',
            { 'data-line': line.line },
            t(`newMatch.line.${line.problem}`, { line: line.line, text: line.text }),
            line.closest.length > 0 && ` ${t('newMatch.closest', { names: line.closest.join(', ') })}`,
          ),
        ),
      );
      decks[seat].setAttribute('aria-invalid', 'true');
      decks[seat].setAttribute('aria-describedby', `deck-${seat}-errors deck-${seat}-hint`);
    }
    const first = SEATS.find((seat) => lines.some((line) => line.player === seat));
    if (first) {
      const textarea = decks[first];
      const [start, end] = lineRange(textarea.value, lines.find((line) => line.player === first)!.line);
      textarea.setSelectionRange(start, end);
      // the bad line in sight: as many lines down as it starts
      textarea.scrollTop = (textarea.value.slice(0, start).split('\n').length - 1) * parseFloat(getComputedStyle(textarea).lineHeight || '0');
      textarea.focus();
    }
  };

  const body = (): CreateMatchData => {
    const number = (control: HTMLInputElement) => (control.value.trim() === '' ? undefined : Number(control.value));
    const tournament = {
      event: event.value.trim() || undefined,
      round: number(round),
      table: number(table),
      game: number(game),
      bestOf: Number(bestOf.value) as 1 | 3 | 5,
    };
    const access = (form.querySelector('input[name=broadcast]:checked') as HTMLInputElement).value as Broadcast;
    const seconds = Math.round((Number(delay.value) || 0) * 60);
    return {
      game: 'lorcana',
      players: SEATS.map((seat) => ({ id: seat, name: names[seat].value.trim() || seat })),
      deckLists: Object.fromEntries(SEATS.map((seat) => [seat, decks[seat].value])),
      tournament,
      ...(access !== 'none' && { broadcastAccess: access, ...(seconds > 0 && { broadcastDelay: { seconds } }) }),
    };
  };

  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    const missing = [key, ...SEATS.flatMap((seat) => [names[seat], decks[seat]]), matchId].find((control) => !control.checkValidity());
    if (missing) {
      status.textContent = t('newMatch.missing');
      missing.focus();
      return;
    }
    void create();
  });

  const create = async () => {
    clearDeckErrors();
    submit.disabled = true;
    status.removeAttribute('data-code');
    status.textContent = t('newMatch.creating');
    const data = body();
    try {
      const client = api(key.value.trim());
      const created = await client.createMatch(data, { matchId: matchId.value.trim() });
      const server = await serverAddresses(client);
      key.value = '';
      history.pushState(null, '', organizeHref(created.matchId));
      // the address now names the match's page, which this module drew from memory: going back draws the form again
      addEventListener('popstate', () => location.reload(), { once: true });
      const broadcast = data.broadcastAccess === 'token' ? (created.tokens.broadcast ?? null) : data.broadcastAccess === 'public' ? null : undefined;
      await renderOrganize(root, created.matchId, {
        match: { matchId: created.matchId, players: data.players.map(({ id, name }) => ({ id, name: name ?? null })) },
        tokens: created.tokens,
        broadcast,
        server,
      });
    } catch (error) {
      submit.disabled = false;
      const lines = badLinesOf(error);
      const known = error instanceof MatchlogError;
      status.setAttribute('data-code', known ? error.code : '');
      if (lines) {
        status.textContent = t('newMatch.badLines', { count: lines.length });
        showDeckErrors(lines);
      } else status.textContent = t('newMatch.failed', { message: known ? `${error.message} (${error.code})` : String(error) });
    }
  };

  replaceChildren(root, h('h1', {}, t('newMatch.title')), h('p', { class: 'hint' }, t('newMatch.intro')), form, status);
  key.focus();
};
