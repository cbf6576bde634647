import type { MatchSummary } from '@matchlog/client';
import { h } from '../../dom';
import { gameLabel } from '../../game-label';
import { gameName } from '../../games';
import { listResultOf } from '../../list-result';
import { MessageKey, t } from '../../i18n';
import { deskHref, hrefOf, roundHref, statsHref } from '../../route';
import { MatchesState, playersOf } from './state';

type Nodes = (Node | string | null | undefined)[];

const GAMES: [string, MessageKey][] = [
  ['', 'picker.anyGame'],
  ['lorcana', 'game.lorcana'],
  ['four-souls', 'game.four-souls'],
  ['grand-archive', 'game.grand-archive'],
];

const resultOf = (match: MatchSummary) => {
  const result = listResultOf(match);
  if (result === 'void') return h('span', { class: 'result void', 'data-result': 'void' }, t('picker.void'));
  if (result === 'live') return h('span', { class: 'result live', 'data-result': 'live' }, t('picker.live'));
  if (result === 'won') {
    const winner = match.players.find((p) => p.id === match.winner);
    return h('span', { class: 'result', 'data-result': 'won', 'data-winner': match.winner ?? '' }, t('picker.wins', { player: winner?.name ?? match.winner ?? '' }));
  }
  return h('span', { class: 'result', 'data-result': result, title: match.endReason ?? undefined }, t(result === 'draw' ? 'picker.draw' : 'picker.ended'));
};

const row = (match: MatchSummary) => {
  const { event, round, table, game } = match.tournament;
  const date = new Date(match.startedAt);
  return h(
    'li',
    { class: 'match', 'data-match': match.matchId },
    h('time', { class: 'date', datetime: match.startedAt }, date.toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' })),
    h('a', { class: 'players', href: hrefOf(match.matchId, 'public') }, playersOf(match)),
    resultOf(match),
    h(
      'span',
      { class: 'meta' },
      [gameName(match.game), event].filter(Boolean).join(' · '),
      event !== null && round !== null ? [' · ', h('a', { href: roundHref(event, round), class: 'round-link' }, t('picker.round', { round }))] : null,
      table !== null ? ` · ${t('picker.table', { table })}` : null,
      // a game of a table's match, as its MatchCreated numbers it (game-label.ts): never a number made up from the list's order
      table !== null || game !== null ? [' · ', h('span', { class: 'game-number' }, gameLabel(match.tournament))] : null,
    ),
  );
};

export const resultsView = (state: MatchesState): Nodes => state.matches.map(row);

/** The search form, filled in from the address. */
export const searchForm = (asked: URLSearchParams, onsubmit: (event: Event) => void): HTMLFormElement => {
  const field = (name: string, label: string) => h('label', {}, label, h('input', { name, type: 'search', autocomplete: 'off', value: asked.get(name) ?? undefined }));
  return h(
    'form',
    { role: 'search', 'aria-label': t('picker.search'), onsubmit },
    field('player', t('picker.player')),
    field('event', t('picker.event')),
    h(
      'label',
      {},
      t('picker.game'),
      h(
        'select',
        { name: 'game' },
        GAMES.map(([value, label]) => h('option', { value, selected: value === (asked.get('game') ?? '') }, t(label))),
      ),
    ),
    h('button', { type: 'submit' }, t('picker.submit')),
  );
};

export const pickerView = (form: HTMLFormElement, status: HTMLElement, results: HTMLElement): Nodes => [
  h('h1', {}, t('picker.title')),
  h(
    'nav',
    { class: 'elsewhere', 'aria-label': t('picker.elsewhere') },
    h('a', { href: statsHref('lorcana') }, t('stats.title')),
    ' · ',
    h('a', { href: '/viewer/organize' }, t('newMatch.title')),
    ' · ',
    h('a', { href: deskHref() }, t('desk.title')),
  ),
  form,
  status,
  results,
];
