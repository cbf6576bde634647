import { CatalogDb, EventGame, RoundTable, matchStartsOfEvent, roundResults } from '@matchlog/catalog';
import { DEFAULT_BEST_OF } from '@matchlog/domain';
import { Caller } from '../access/caller';
import { catalogHoldBackOf, isHeldBackFrom, publicHorizon } from '../access/hold-back';
import { MatchModels } from '../model/match-models';
import { TimeSource } from '../ports';
import { CatalogFreshness } from '../read/catalog-freshness';
import { MatchResult, duplicatesAmong, matchResult } from './match-result';
import { FirstChoice, firstChoiceNext } from './first-choice';

/** A round's result slip: what a scorekeeper enters into pairing software. Public: no card, no deck. */
export interface RoundResults {
  readonly event: string;
  readonly round: number;
  readonly tables: RoundResultsTable[];
}

export interface RoundResultsTable {
  readonly table: number | null;
  readonly players: { readonly id: string; readonly name?: string }[];
  readonly bestOf: number;
  readonly games: RoundResultsGame[];
  readonly result: MatchResult;
  /** where the game's tournament practice has the loser of a game choose who plays first (Grand Archive): who chooses in the next game */
  readonly nextFirstChoice?: FirstChoice;
}

export interface RoundResultsGame {
  readonly game: number | null;
  readonly matchId: string;
  readonly ended: boolean;
  readonly winner: string | null;
  readonly draw: boolean;
  /** the organizer voided it (MatchVoided): it counts for nothing */
  readonly voided: boolean;
  /** another game records its number, or it has none at a table that already has a game: void it, or record it with its number */
  readonly duplicate: boolean;
  /** the judges' time extensions (TimeExtended, a ruling's `seconds` among them): how many, and their seconds added up */
  readonly timeExtensions: { readonly count: number; readonly seconds: number };
}

/**
 * Every table of the round, sorted by table number, each with its games by game number and the
 * match result (matchResult). A round with no matches has no tables: an empty slip, not an error, so a
 * scorekeeper asking before the first game is recorded sees that nothing is in yet.
 */
export class RoundResultsReader {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly freshness: CatalogFreshness,
    private readonly time: TimeSource,
    private readonly models: MatchModels,
  ) {}

  /**
   * As `caller` may see it: a game whose delay holds its public side back (hold-back.ts) as of that
   * delay, and not at all while its MatchCreated is held back. `after`: a position an append answered with (CatalogFreshness).
   */
  async results(caller: Caller, event: string, round: number, after?: number): Promise<RoundResults> {
    await this.freshness.reach(after);
    const now = this.time.now();
    const tables = (await roundResults(this.catalog, event, round, catalogHoldBackOf(caller, now))).map(tableResult);
    return {
      event,
      round,
      tables: await Promise.all(tables.map(async (table) => ({ ...table, games: await Promise.all(table.games.map((game) => this.withExtensions(caller, game, now))) }))),
    };
  }

  /** The game's time extensions as `caller` may see the match: up to its public horizon where the delay holds it back. */
  private async withExtensions(caller: Caller, game: Omit<RoundResultsGame, 'timeExtensions'>, now: number): Promise<RoundResultsGame> {
    const head = await this.models.load(game.matchId, 'head');
    const model = isHeldBackFrom(caller, game.matchId, head.state) ? await this.models.load(game.matchId) : head;
    const horizon = publicHorizon(caller, game.matchId, model, now);
    const extensions = model.state.time.extensions.filter((extension) => extension.revision <= horizon);
    return { ...game, timeExtensions: { count: extensions.length, seconds: extensions.reduce((sum, extension) => sum + extension.seconds, 0) } };
  }

  /**
   * The slip as the organizer sees it and as a spectator does (no token), now, every acknowledged write in:
   * what closing the round compares (RoundCloser), so that a logged slip names nothing a spectator may not see.
   */
  async toClose(event: string, round: number): Promise<{ organizer: RoundResults; spectator: RoundResults }> {
    await this.freshness.reachToWrite();
    const [organizer, spectator] = await Promise.all([this.results({ kind: 'organizer' }, event, round), this.results({ kind: 'anonymous' }, event, round)]);
    return { organizer, spectator };
  }

  /** The matches an event holds and when each began, every acknowledged write in (a series' games, to number the next). */
  async startsOf(event: string): Promise<EventGame[]> {
    await this.freshness.reachToWrite();
    return matchStartsOfEvent(this.catalog, event);
  }
}

/** The match's length: the first game's bestOf that names one (MatchCreated.tournament.bestOf), else the default. */
const bestOfOf = (table: RoundTable): number => table.games.find((game) => game.bestOf !== null)?.bestOf ?? DEFAULT_BEST_OF;

const tableResult = (table: RoundTable): Omit<RoundResultsTable, 'games'> & { games: Omit<RoundResultsGame, 'timeExtensions'>[] } => {
  const bestOf = bestOfOf(table);
  const duplicate = duplicatesAmong(table.games);
  const players = table.players.map((player) => player.id);
  const result = matchResult(
    players,
    bestOf,
    table.games,
    table.games.some((game) => game.singleElimination),
  );
  const next = firstChoiceNext(table.games[0]?.ruleset, players, table.games, result);
  return {
    table: table.table,
    players: table.players.map((player) => ({ id: player.id, ...(player.name !== null && { name: player.name }) })),
    bestOf,
    games: table.games.map((game, i) => ({
      game: game.game,
      matchId: game.matchId,
      ended: game.ended,
      winner: game.winner,
      draw: game.draw,
      voided: game.voided,
      duplicate: duplicate[i],
    })),
    result,
    ...(next !== undefined && { nextFirstChoice: next }),
  };
};
