/** One game of a match, as far as the result needs it. */
export interface GameOutcome {
  /** MatchCreated.tournament.game; null when it named none */
  readonly game: number | null;
  readonly ended: boolean;
  readonly winner: string | null;
  readonly draw: boolean;
  /** time was called in this game: it is the match's last (the end-of-match procedure) */
  readonly timeCalled?: boolean;
  /** the organizer voided it (MatchVoided): it counts for nothing */
  readonly voided?: boolean;
}

export interface MatchResult {
  /** game wins per player, every player named (0 included) */
  readonly wins: Record<string, number>;
  readonly draws: number;
  /** the match's winner once decided */
  readonly winner: string | null;
  /** a drawn match, once decided */
  readonly draw: boolean;
  /** false while a game is in progress or a game still to play could change the outcome */
  readonly decided: boolean;
  /** game numbers recorded by more than one match: the slip cannot say which counts, so none of them does and nothing is decided */
  readonly duplicateGames?: number[];
  /** games recorded with no game number at a table that already has games: they count for nothing, and nothing is decided */
  readonly unnumberedDuplicates?: number;
}

/**
 * Which of the games (in the slip's order: by game number, games without one last, then by start)
 * are duplicates: a game whose number another game not void also records, or a game with no number
 * at a table that already has a game not void before it. A void game is never one.
 */
export const duplicatesAmong = (games: readonly GameOutcome[]): boolean[] => {
  const counted = games.filter((game) => game.voided !== true);
  const numbers = counted.map((game) => game.game).filter((game) => game !== null);
  let seen = 0;
  return games.map((game) => {
    if (game.voided === true) return false;
    seen++;
    return game.game === null ? seen > 1 : numbers.indexOf(game.game) !== numbers.lastIndexOf(game.game);
  });
};

/**
 * The result of a match of `bestOf` games between `players`, following the Swiss end-of-match
 * procedure (Disney Lorcana Tournament Rules, as issue 17 quotes them): the match goes to the player
 * with more game wins, and equal wins with no game left is a drawn match (1–1 and a drawn third
 * game). A game still to play — in progress, or not started while fewer than `bestOf` games ended —
 * leaves the match undecided unless it cannot change the outcome: the leader's margin is more than
 * the games left. A game in which time was called is the last: no further game starts.
 *
 * Whether the round is Swiss or single elimination is MatchCreated.tournament.singleElimination: a
 * single-elimination match has no draw, so equal wins with no game left leave it undecided (play on).
 * An ended game with neither a winner nor a draw (abandoned) is void: it counts for nobody and takes
 * no game of the bestOf. Two matches recording the same game number leave the match undecided, and
 * neither counts in `wins` or `draws`; so does a game recorded with no number at a table that already
 * has one (six unnumbered games won by p1 are not "p1 6–0"). A void game (MatchVoided) counts for nothing.
 */
export const matchResult = (players: readonly string[], bestOf: number, recorded: readonly GameOutcome[], singleElimination = false): MatchResult => {
  const duplicate = duplicatesAmong(recorded);
  const duplicateGames = [...new Set(recorded.filter((game, i) => duplicate[i] && game.game !== null).map((game) => game.game as number))];
  const unnumberedDuplicates = recorded.filter((game, i) => duplicate[i] && game.game === null).length;
  // a duplicate never counts, numbered or not: which copy does is the scorekeeper's call (void the others)
  const games = recorded.filter((game, i) => game.voided !== true && !duplicate[i]);
  const wins: Record<string, number> = Object.fromEntries(players.map((player) => [player, 0]));
  let draws = 0;
  let ended = 0;
  for (const game of games) {
    if (!game.ended || (game.winner === null && !game.draw)) continue;
    ended++;
    if (game.draw) draws++;
    else if (game.winner !== null && game.winner in wins) wins[game.winner]++;
  }
  const inProgress = games.filter((game) => !game.ended).length;
  const timeCalled = games.some((game) => game.timeCalled === true);
  const left = timeCalled ? inProgress : Math.max(bestOf - ended, inProgress);
  const ranked = Object.entries(wins).sort((a, b) => b[1] - a[1]);
  const [leader, leaderWins] = ranked[0] ?? [null, 0];
  const margin = leaderWins - (ranked[1]?.[1] ?? 0);
  if (duplicateGames.length > 0 || unnumberedDuplicates > 0) {
    return {
      wins,
      draws,
      winner: null,
      draw: false,
      decided: false,
      ...(duplicateGames.length > 0 && { duplicateGames }),
      ...(unnumberedDuplicates > 0 && { unnumberedDuplicates }),
    };
  }
  if (leader !== null && margin > left) return { wins, draws, winner: leader, draw: false, decided: true };
  if (left === 0 && margin === 0 && !singleElimination) return { wins, draws, winner: null, draw: true, decided: true };
  return { wins, draws, winner: null, draw: false, decided: false };
};
