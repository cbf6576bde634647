import { MatchPage, View, get, query } from './api/client';
import { h } from './dom';
import { hrefOf, roundHref } from './route';

type Tournament = NonNullable<View['tournament']>;

/** The other games of the same match: same event, round and table (GET /matches filters by event and round; the table is picked here). */
export const siblingsOf = async (matchId: string, tournament: Tournament) => {
  if (tournament.event === undefined || tournament.round === undefined || tournament.table === undefined) return [];
  const page = await get<MatchPage>(`/matches${query({ event: tournament.event, round: tournament.round, limit: 100 })}`);
  return page.matches
    .filter((m) => m.tournament.table === tournament.table && m.tournament.event === tournament.event)
    .map((m) => ({ matchId: m.matchId, startedAt: m.startedAt, status: m.status, game: (m.tournament as { game?: number | null }).game ?? null, here: m.matchId === matchId }))
    .sort((a, b) => (a.game ?? 0) - (b.game ?? 0) || a.startedAt.localeCompare(b.startedAt));
};

/** "Game 2 of 3" and a link to each game of the match at this table, as public (a token opens one match only). */
export const renderGames = (tournament: Tournament | undefined, games: Awaited<ReturnType<typeof siblingsOf>>) => {
  if (tournament === undefined) return null;
  const bestOf = tournament.bestOf ?? 3;
  const where = [tournament.round !== undefined ? `Round ${tournament.round}` : null, tournament.table !== undefined ? `table ${tournament.table}` : null]
    .filter(Boolean)
    .join(', ');
  const label = (game: (typeof games)[number]) =>
    game.game !== null ? `Game ${game.game}` : `Game started ${new Date(game.startedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  return h(
    'nav',
    { class: 'games', 'aria-label': 'Games of this match' },
    h('span', { class: 'game-of' }, tournament.game !== undefined ? `Game ${tournament.game} of ${bestOf}` : `Best of ${bestOf}`),
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
