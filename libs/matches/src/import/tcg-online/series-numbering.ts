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
 * series are numbered in the order they began, as they are imported: one more than the games of the series already
 * here. The number is decided and the game written under the series' lock, so two games of one series imported at
 * once are numbered one after the other (on one instance: docs/importing.md). Refused (409), naming the game at fault:
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
    const others = (await this.games.startsOf(event)).filter((other) => other.matchId !== matchId);
    const later = others.find((other) => Date.parse(other.startedAt) > Date.parse(createdAt));
    if (later !== undefined) throw new ReplaySeriesOutOfOrder(later.matchId);
    // the series is as long as its games say (the first that names a bestOf); a game that names none is as long as its series
    const recorded = others.find((other) => other.bestOf !== null)?.bestOf as Tournament['bestOf'] | undefined;
    const bestOf = created.tournament?.bestOf ?? recorded;
    const singleElimination = others.some((other) => other.singleElimination) || created.tournament?.singleElimination === true;
    if (!singleElimination && others.length >= (bestOf ?? DEFAULT_BEST_OF)) throw new ReplaySeriesFull(others.at(-1)!.matchId, bestOf ?? DEFAULT_BEST_OF);
    return { ...created, tournament: { ...created.tournament!, game: others.length + 1, ...(bestOf !== undefined && { bestOf }) } };
  }
}
