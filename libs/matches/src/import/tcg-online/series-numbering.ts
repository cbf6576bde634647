import { EventGame } from '@matchlog/catalog';
import { DEFAULT_BEST_OF, MatchCreated, Tournament } from '@matchlog/domain';
import { ReplaySeriesFull, ReplaySeriesOutOfOrder } from '../../errors';
import { KeyedLock } from '../../write/keyed-lock';

/** The games an event already holds, and when each began (RoundResultsReader.startsOf). */
export interface SeriesGames {
  startsOf(event: string): Promise<readonly EventGame[]>;
}

/** The game a replay becomes: its match id, the MatchCreated it converts to, and when it began. */
export interface GameToNumber {
  readonly matchId: string;
  readonly created: MatchCreated;
  readonly createdAt: string;
}

/**
 * A game's number in its series when the caller gave none: a replay does not say it (FORMAT.md §4), so the games of a
 * series are numbered in the order they began, as they are imported: one more than the highest number of the series'
 * games already here. The number is decided and the game written under the series' lock, so two games of one series imported at
 * once are numbered one after the other (on one instance: docs/explanation/importing.md). Refused (409), naming the game at fault:
 * a game that began before one already imported would take that one's number; and, outside single elimination, a
 * game past the series' bestOf (a best of three has three games at most).
 */
export class SeriesNumbering {
  private readonly lock = new KeyedLock();

  constructor(private readonly games: SeriesGames) {}

  run<T>(game: GameToNumber, write: (created: MatchCreated) => Promise<T>): Promise<T> {
    const event = game.created.tournament?.event;
    if (event === undefined || game.created.tournament?.game !== undefined) return write(game.created);
    return this.lock.run(event, async () => write(await this.numbered(game, event)));
  }

  private async numbered({ matchId, created, createdAt }: GameToNumber, event: string): Promise<MatchCreated> {
    const games = await this.games.startsOf(event);
    // this game stored already (its answer lost, TOKENS_NOT_ISSUED): numbered as it was, so that the writer knows it again
    const self = games.find((game) => game.matchId === matchId);
    if (self !== undefined && self.game !== null)
      return { ...created, tournament: { ...created.tournament!, game: self.game, ...(self.bestOf !== null && { bestOf: self.bestOf as Tournament['bestOf'] }) } };
    const others = games.filter((other) => other.matchId !== matchId);
    const later = others.find((other) => Date.parse(other.startedAt) > Date.parse(createdAt));
    if (later !== undefined) throw new ReplaySeriesOutOfOrder(later.matchId);
    // the series is as long as its games say (the first that names a bestOf); a game that names none is as long as its series
    const recorded = others.find((other) => other.bestOf !== null)?.bestOf as Tournament['bestOf'] | undefined;
    const bestOf = created.tournament?.bestOf ?? recorded;
    const singleElimination = others.some((other) => other.singleElimination) || created.tournament?.singleElimination === true;
    // after the highest number given, so that a game numbered by the caller (?game=) is never given twice
    const next = Math.max(others.length, ...others.map((other) => other.game ?? 0)) + 1;
    if (!singleElimination && next > (bestOf ?? DEFAULT_BEST_OF)) throw new ReplaySeriesFull(others.at(-1)!.matchId, bestOf ?? DEFAULT_BEST_OF);
    return { ...created, tournament: { ...created.tournament!, game: next, ...(bestOf !== undefined && { bestOf }) } };
  }
}
