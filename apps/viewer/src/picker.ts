import type { ListMatchesQuery } from '@matchlog/client';
import { MatchSummary, api } from './api/client';
import { h, replaceChildren } from './dom';
import { MessageKey, t } from './i18n';
import { gameName } from './game-name';
import { hrefOf, roundHref } from './route';

const GAMES: [string, MessageKey][] = [
  ['', 'picker.anyGame'],
  ['lorcana', 'game.lorcana'],
  ['four-souls', 'game.four-souls'],
  ['grand-archive', 'game.grand-archive'],
];

const playersOf = (match: MatchSummary) => match.players.map((p) => p.name ?? p.id).join(' vs ');

const row = (match: MatchSummary) =>
  h(
    'li',
    { class: 'match', 'data-match': match.matchId },
    h('a', { href: hrefOf(match.matchId, 'public') }, playersOf(match)),
    h(
      'span',
      { class: 'meta' },
      [
        gameName(match.game),
        match.tournament.event,
        match.tournament.table !== null ? t('picker.table', { table: match.tournament.table }) : null,
        t(match.status === 'live' ? 'picker.live' : 'picker.ended'),
        t('picker.events', { count: match.revision }),
      ]
        .filter(Boolean)
        .join(' · '),
      match.tournament.event !== null && match.tournament.round !== null
        ? [' · ', h('a', { href: roundHref(match.tournament.event, match.tournament.round), class: 'round-link' }, t('picker.round', { round: match.tournament.round }))]
        : null,
    ),
  );

/** The catalog: search by player, tournament and game, then open a match (as public; the audience is chosen there). */
export const renderPicker = (root: HTMLElement): void => {
  const results = h('ol', { class: 'matches', 'aria-label': t('picker.title') });
  const status = h('p', { role: 'status' });
  const field = (name: string, label: string) => h('label', {}, label, h('input', { name, type: 'search', autocomplete: 'off' }));
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
        GAMES.map(([value, label]) => h('option', { value }, t(label))),
      ),
    ),
    h('button', { type: 'submit' }, t('picker.submit')),
  );
  const search = async () => {
    const data = new FormData(form);
    const parameters = { player: String(data.get('player') ?? ''), event: String(data.get('event') ?? ''), game: String(data.get('game') ?? ''), limit: 50 };
    status.textContent = t('picker.searching');
    try {
      const page = await api().matches(parameters as ListMatchesQuery);
      replaceChildren(results, page.matches.map(row));
      status.textContent = page.matches.length === 0 ? t('picker.none') : page.matches.length === 1 ? t('picker.one') : t('picker.many', { count: page.matches.length });
    } catch (error) {
      status.textContent = t('picker.failed', { message: (error as Error).message });
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });
  replaceChildren(root, h('h1', {}, t('picker.title')), form, status, results);
  void search();
};
