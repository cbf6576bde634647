import type { ListMatchesQuery } from '@matchlog/client';
import type { MatchSummary } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { gameLabel } from '../../game-label';
import { gameName } from '../../games';
import { listResultOf } from '../../list-result';
import { MessageKey, t } from '../../i18n';
import { deskHref, hrefOf, roundHref, statsHref } from '../../route';

const GAMES: [string, MessageKey][] = [
  ['', 'picker.anyGame'],
  ['lorcana', 'game.lorcana'],
  ['four-souls', 'game.four-souls'],
  ['grand-archive', 'game.grand-archive'],
];
const FIELDS = ['player', 'event', 'game'] as const;

const playersOf = (match: MatchSummary) => match.players.map((p) => p.name ?? p.id).join(' vs ');

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

/** The catalog: search by player, tournament and game, then open a match (as public; the audience is chosen there). The search is kept in the address. */
export const renderPicker = (root: HTMLElement): void => {
  const results = h('ol', { class: 'matches', 'aria-label': t('picker.title') });
  const status = h('p', { role: 'status' });
  const asked = new URLSearchParams(location.search);
  const field = (name: string, label: string) => h('label', {}, label, h('input', { name, type: 'search', autocomplete: 'off', value: asked.get(name) ?? undefined }));
  const form = h(
    'form',
    { role: 'search', 'aria-label': t('picker.search') },
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
  const search = async () => {
    const data = new FormData(form);
    const parameters = Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? '').trim()]));
    status.textContent = t('picker.searching');
    try {
      const page = await api().matches({ ...parameters, limit: 50 } as ListMatchesQuery);
      replaceChildren(results, page.matches.map(row));
      status.textContent = page.matches.length === 0 ? t('picker.none') : page.matches.length === 1 ? t('picker.one') : t('picker.many', { count: page.matches.length });
    } catch (error) {
      status.textContent = t('picker.failed', { message: (error as Error).message });
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const kept = new URLSearchParams(FIELDS.flatMap((name) => (String(data.get(name) ?? '').trim() ? [[name, String(data.get(name)).trim()]] : [])));
    // a new entry per search: Back returns to the previous one, Reload keeps this one
    const address = `/viewer/${kept.size > 0 ? `?${kept.toString()}` : ''}`;
    if (address !== `${location.pathname}${location.search}`) history.pushState(null, '', address);
    void search();
  });
  window.addEventListener('popstate', () => {
    const now = new URLSearchParams(location.search);
    for (const name of FIELDS) (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value = now.get(name) ?? '';
    void search();
  });
  const elsewhere = h(
    'nav',
    { class: 'elsewhere', 'aria-label': t('picker.elsewhere') },
    h('a', { href: statsHref('lorcana') }, t('stats.title')),
    ' · ',
    h('a', { href: '/viewer/organize' }, t('newMatch.title')),
    ' · ',
    h('a', { href: deskHref() }, t('desk.title')),
  );
  replaceChildren(root, h('h1', {}, t('picker.title')), elsewhere, form, status, results);
  void search();
};
