import { CatalogDb, HeldBackMatches, StatsFilter, cardTallyStats, deckSideStats, endsHeldBack, eventMatches, leadSideStats, ownReadings, voidsHeldBack } from '@matchlog/catalog';
import {
  CardFigures,
  DEFAULT_MIN_PLAYERS,
  DeckFigures,
  EventFigures,
  HandFigures,
  LeadFigures,
  Matchup,
  STATISTIC_AUDIENCE,
  StatisticAudience,
  cardTableOf,
  deckTableOf,
  eventFigures,
  handFigures,
  leadTableOf,
  matchupsOf,
  ownGames,
} from '@matchlog/stats';
import { Caller } from '../access/caller';
import { catalogHoldBackOf } from '../access/hold-back';
import { StatsCardNotFound } from '../errors';
import { TimeSource } from '../ports';
import { CatalogFreshness } from '../read/catalog-freshness';

export interface StatsQuery extends StatsFilter {
  /** the organizer's K: an event's figures need at least this many players (default 20) */
  readonly minPlayers?: number;
  /** read your writes: the position of your last append */
  readonly after?: number;
}

/** A player's own figures: from their own observations of the match their token is for. */
export interface OwnStats {
  readonly matchId: string;
  readonly player: string;
  readonly cards: HandFigures[];
}

export interface CardStats {
  readonly game: string;
  readonly filter: StatsFilter;
  /** public figures for anyone; with a player token, also the player's own; with the organizer key and event, also the event's */
  readonly audience: StatisticAudience;
  readonly cards: CardFigures[];
  readonly own?: OwnStats;
  readonly event?: EventFigures;
}

export interface CardStatsOne {
  readonly game: string;
  readonly filter: StatsFilter;
  readonly card: CardFigures;
}

export interface DeckStats {
  readonly game: string;
  readonly filter: StatsFilter;
  /** only matches whose deck lists were public (MatchCreated.publicDeckLists) */
  readonly decks: DeckFigures[];
}

export interface MatchupStats {
  readonly game: string;
  readonly filter: StatsFilter;
  readonly matchups: Matchup[];
}

/** Four Souls' characters (by seat count) or Grand Archive's champions; none for Lorcana, whose decks are ink pairs. */
export interface LeadStats {
  readonly game: string;
  readonly filter: StatsFilter;
  readonly leads: LeadFigures[];
}

const CONTROL_CHARACTER = /\p{Cc}/u;

const filterOf = (query: StatsQuery): StatsFilter => ({
  game: query.game,
  ...(query.event !== undefined && { event: query.event }),
  ...(query.format !== undefined && { format: query.format }),
  ...(query.since !== undefined && { since: query.since }),
});

/**
 * The statistics, read from their projection: public figures for anyone; a player's own (their token's
 * match, their own seat) and an event's for its organizer beside them. Which audience each figure reads is
 * libs/stats' STATISTIC_AUDIENCE; this only decides who is asking.
 */
export class StatsReader {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly freshness: CatalogFreshness,
    private readonly time: TimeSource,
  ) {}

  /**
   * The matches whose end `caller` may not see yet, counted only once it is shown, and the voided ones whose
   * void it may not see yet, counted until it is shown (no spoilers around the delay).
   */
  private async hidden(caller: Caller, filter: StatsFilter): Promise<HeldBackMatches> {
    const holdBack = catalogHoldBackOf(caller, this.time.now());
    const [ends, voids] = await Promise.all([endsHeldBack(this.catalog, filter.game, holdBack), voidsHeldBack(this.catalog, filter.game, holdBack)]);
    return { ends, voids };
  }

  async cards(caller: Caller, query: StatsQuery): Promise<CardStats> {
    await this.freshness.reach(query.after);
    const filter = filterOf(query);
    const cards = cardTableOf(await cardTallyStats(this.catalog, filter, undefined, await this.hidden(caller, filter)));
    if (caller.kind === 'player') {
      const readings = await ownReadings(this.catalog, caller.matchId, caller.player);
      const own = { matchId: caller.matchId, player: caller.player, cards: handFigures(ownGames(readings)) };
      return { game: filter.game, filter, audience: STATISTIC_AUDIENCE['own-cards'], cards, own };
    }
    if (caller.kind === 'organizer' && filter.event !== undefined) {
      const event = eventFigures(await eventMatches(this.catalog, filter.event), query.minPlayers ?? DEFAULT_MIN_PLAYERS);
      return { game: filter.game, filter, audience: STATISTIC_AUDIENCE['event-cards'], cards, event };
    }
    return { game: filter.game, filter, audience: STATISTIC_AUDIENCE.cards, cards };
  }

  async card(caller: Caller, name: string, query: StatsQuery): Promise<CardStatsOne> {
    await this.freshness.reach(query.after);
    const filter = filterOf(query);
    // no card is named with a control character (and PostgreSQL's text holds no NUL)
    if (CONTROL_CHARACTER.test(name)) throw new StatsCardNotFound(name);
    const [card] = cardTableOf(await cardTallyStats(this.catalog, filter, name, await this.hidden(caller, filter)));
    if (card === undefined) throw new StatsCardNotFound(name);
    return { game: filter.game, filter, card };
  }

  async decks(caller: Caller, query: StatsQuery): Promise<DeckStats> {
    await this.freshness.reach(query.after);
    const filter = filterOf(query);
    return { game: filter.game, filter, decks: deckTableOf(await deckSideStats(this.catalog, filter, await this.hidden(caller, filter))) };
  }

  async matchups(caller: Caller, query: StatsQuery): Promise<MatchupStats> {
    await this.freshness.reach(query.after);
    const filter = filterOf(query);
    return { game: filter.game, filter, matchups: matchupsOf(await deckSideStats(this.catalog, filter, await this.hidden(caller, filter))) };
  }

  async leads(caller: Caller, query: StatsQuery): Promise<LeadStats> {
    await this.freshness.reach(query.after);
    const filter = filterOf(query);
    return { game: filter.game, filter, leads: leadTableOf(filter.game, await leadSideStats(this.catalog, filter, await this.hidden(caller, filter))) };
  }
}
