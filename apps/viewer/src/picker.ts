import type { ListMatchesQuery } from '@matchlog/client';
import { MatchSummary, api } from './api/client';
import { h, replaceChildren } from './dom';
import { hrefOf, roundHref } from './route';

const GAMES = [
  ['', 'any game'],
  ['lorcana', 'Disney Lorcana'],
  ['four-souls', 'Four Souls'],
  ['grand-archive', 'Grand Archive'],
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
      [match.game, match.tournament.event, match.tournament.table !== null ? `table ${match.tournament.table}` : null, match.status, `${match.revision} events`]
        .filter(Boolean)
        .join(' · '),
      match.tournament.event !== null && match.tournament.round !== null
        ? [' · ', h('a', { href: roundHref(match.tournament.event, match.tournament.round), class: 'round-link' }, `round ${match.tournament.round}`)]
        : null,
    ),
  );

/** The catalog: search by player, tournament and game, then open a match (as public; the audience is chosen there). */
export const renderPicker = (root: HTMLElement): void => {
  const results = h('ol', { class: 'matches', 'aria-label': 'Matches' });
  const status = h('p', { role: 'status' });
  const field = (name: string, label: string) => h('label', {}, label, h('input', { name, type: 'search', autocomplete: 'off' }));
  const form = h(
    'form',
    { role: 'search', 'aria-label': 'Find a match' },
    field('player', 'Player'),
    field('event', 'Tournament'),
    h(
      'label',
      {},
      'Game',
      h(
        'select',
        { name: 'game' },
        GAMES.map(([value, label]) => h('option', { value }, label)),
      ),
    ),
    h('button', { type: 'submit' }, 'Search'),
  );
  const search = async () => {
    const data = new FormData(form);
    const parameters = { player: String(data.get('player') ?? ''), event: String(data.get('event') ?? ''), game: String(data.get('game') ?? ''), limit: 50 };
    status.textContent = 'Searching…';
    try {
      const page = await api().matches(parameters as ListMatchesQuery);
      replaceChildren(results, page.matches.map(row));
      status.textContent = page.matches.length === 0 ? 'No match found.' : `${page.matches.length} match${page.matches.length === 1 ? '' : 'es'}.`;
    } catch (error) {
      status.textContent = `Could not search: ${(error as Error).message}`;
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });
  replaceChildren(root, h('h1', {}, 'Matches'), form, status, results);
  void search();
};
