/** One game of a match, as far as the result needs it. */
export interface GameOutcome {
  /** MatchCreated.tournament.game; null when it named none */
  readonly game: number | null;
  readonly ended: boolean;
  readonly winner: string | null;
  readonly draw: boolean;
  /** time was called in this game: it is the match's last (the end-of-match procedure) */
  readonly timeCalled?: boolean;
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
  /** game numbers recorded by more than one match: the slip cannot say which counts, so nothing is decided */
  readonly duplicateGames?: number[];
}

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
 * no game of the bestOf. Two matches recording the same game number leave the match undecided.
 */
export const matchResult = (players: readonly string[], bestOf: number, games: readonly GameOutcome[], singleElimination = false): MatchResult => {
  const numbers = games.map((game) => game.game).filter((game) => game !== null);
  const duplicateGames = [...new Set(numbers.filter((game, i) => numbers.indexOf(game) !== i))];
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
  if (duplicateGames.length > 0) return { wins, draws, winner: null, draw: false, decided: false, duplicateGames };
  if (leader !== null && margin > left) return { wins, draws, winner: leader, draw: false, decided: true };
  if (left === 0 && margin === 0 && !singleElimination) return { wins, draws, winner: null, draw: true, decided: true };
  return { wins, draws, winner: null, draw: false, decided: false };
};
