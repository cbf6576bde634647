import type { View } from '@matchlog/client';
import { api } from '../api/client';
import { h } from '../dom';
import { gameLabel } from '../game-label';
import { t } from '../i18n';
import { hrefOf, roundHref } from '../route';
import { roundResults } from '../round-results';

type Tournament = NonNullable<View['tournament']>;

interface Game {
  readonly matchId: string;
  readonly game: number | null;
  readonly here: boolean;
}

/**
 * The games of the match at this table (same event, round and table): from the round's results, which
 * number them; where those cannot be had, from the match list (GET /matches filters by event and round,
 * the table is picked here), ordered by when they started.
 */
export const siblingsOf = async (matchId: string, tournament: Tournament): Promise<Game[]> => {
  if (tournament.event === undefined || tournament.round === undefined || tournament.table === undefined) return [];
  const results = await roundResults(tournament.event, tournament.round).catch(() => null);
  // the table this match is a game of: two pairs recorded under one table number are two tables
  const table = results?.tables.find((t) => t.games.some((g) => g.matchId === matchId));
  if (table) return table.games.map((g) => ({ matchId: g.matchId, game: g.game, here: g.matchId === matchId }));
  const page = await api().matches({ event: tournament.event, round: tournament.round, limit: 100 });
  return page.matches
    .filter((m) => m.tournament.table === tournament.table && m.tournament.event === tournament.event)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((m) => ({ matchId: m.matchId, game: m.tournament.game, here: m.matchId === matchId }));
};

/** "Game 2 of 3" (game-label.ts) and a link to each game of the match at this table, as public (a token opens one match only). */
export const renderGames = (tournament: Tournament | undefined, games: readonly Game[]) => {
  if (tournament === undefined) return null;
  const where = [
    tournament.round !== undefined ? t('games.round', { round: tournament.round }) : null,
    tournament.table !== undefined ? t('games.table', { table: tournament.table }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  // the links by number alone: the heading says of how many
  const label = (game: Game) => gameLabel({ game: game.game });
  return h(
    'nav',
    { class: 'games', 'aria-label': t('games.label') },
    (tournament.game !== undefined || tournament.table !== undefined) && h('span', { class: 'game-of' }, gameLabel(tournament)),
    tournament.game === undefined && tournament.bestOf !== undefined && h('span', { class: 'best-of' }, t('games.bestOf', { bestOf: tournament.bestOf })),
    where &&
      (tournament.event !== undefined && tournament.round !== undefined
        ? h('a', { class: 'round-link', href: roundHref(tournament.event, tournament.round) }, where)
        : h('span', {}, where)),
    games.length > 1 &&
      h(
        'ol',
        { class: 'game-links' },
        games.map((game) =>
          h(
            'li',
            {},
            game.here
              ? h('span', { 'aria-current': 'page', class: 'here' }, label(game))
              : h('a', { href: hrefOf(game.matchId, 'public'), 'data-match': game.matchId }, label(game)),
          ),
        ),
      ),
  );
};
