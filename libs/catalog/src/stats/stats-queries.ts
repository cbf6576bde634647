import { CardTally, DeckSide, EventMatch, LeadSide, MatchReading, cardTallies, emptyTally, leadSides, plusTally } from '@matchlog/stats';
import { PUBLIC } from '@matchlog/domain';
import { HoldBack, endedRow, visibleRow, voidedRow } from '../hold-back';
import { CatalogDb } from '../open-catalog';
import { CARD_COUNTS } from './card-counts';

/** Which matches a public statistic counts: a game, and optionally one event, one format, matches ended since a day. */
export interface StatsFilter {
  readonly game: string;
  readonly event?: string;
  readonly format?: string;
  /** YYYY-MM-DD: matches that ended that day or later */
  readonly since?: string;
}

/**
 * The ended matches of `game` whose end this reader may not see yet (hold-back.ts): the statistics count a
 * match when it ends, so the public figures take these out again until their end is shown. None for the organizer.
 */
export const endsHeldBack = async (db: CatalogDb, game: string, holdBack: HoldBack | undefined): Promise<ReadonlySet<string>> => {
  if (holdBack === undefined) return new Set();
  const rows = await heldBackRows(db, game, holdBack)
    .where('matches.status', '=', 'ended')
    .where((eb) => eb.not(eb.and([visibleRow(eb, holdBack), endedRow(eb, holdBack)])))
    .execute();
  return new Set(rows.map((row) => row.match_id));
};

/** The rows of `game` the delay holds back from this reader (isHeldBack), in SQL. */
const heldBackRows = (db: CatalogDb, game: string, holdBack: HoldBack) => {
  const rows = db.selectFrom('matches').select('matches.match_id').where('matches.game', '=', game).where('matches.hold_back_events', 'is not', null);
  return holdBack.except === undefined ? rows : rows.where('matches.match_id', '!=', holdBack.except);
};

/**
 * The voided matches of `game` whose void this reader may not see yet, though it sees their end: the
 * statistics take a match out when it is voided, so the public figures add these back until the void is
 * shown. A match the statistics know voided and the catalog not yet counts as not yet shown. None for the organizer.
 */
export const voidsHeldBack = async (db: CatalogDb, game: string, holdBack: HoldBack | undefined): Promise<ReadonlySet<string>> => {
  if (holdBack === undefined) return new Set();
  const voidedReadings = db
    .selectFrom('stats_readings')
    .select('stats_readings.match_id')
    .where('stats_readings.audience', '=', PUBLIC)
    .where('stats_readings.voided', '=', 1)
    .where('stats_readings.game', '=', game);
  const rows = await heldBackRows(db, game, holdBack)
    .where('matches.match_id', 'in', voidedReadings)
    .where((eb) => eb.and([visibleRow(eb, holdBack), endedRow(eb, holdBack), eb.not(voidedRow(eb, holdBack))]))
    .execute();
  return new Set(rows.map((row) => row.match_id));
};

/** Matches the public figures count otherwise than the projection did: `ends` not yet shown, and `voids` not yet shown. */
export interface HeldBackMatches {
  readonly ends: ReadonlySet<string>;
  readonly voids: ReadonlySet<string>;
}

const NONE: HeldBackMatches = { ends: new Set(), voids: new Set() };

/** The public readings of the `matches` the filter counts (`voided`: of those the statistics took out). */
const readingTallies = async (db: CatalogDb, filter: StatsFilter, matches: ReadonlySet<string>, voided: 0 | 1): Promise<Map<string, CardTally>> => {
  if (matches.size === 0) return new Map();
  let query = db
    .selectFrom('stats_readings')
    .select('reading')
    .where('match_id', 'in', [...matches])
    .where('audience', '=', PUBLIC)
    .where('voided', '=', voided)
    .where('game', '=', filter.game);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.format !== undefined) query = query.where('format', '=', filter.format);
  if (filter.since !== undefined) query = query.where('day', '>=', filter.since);
  return cardTallies((await query.execute()).map((row) => JSON.parse(row.reading) as MatchReading));
};

type Sums = Record<(typeof CARD_COUNTS)[number], number | string | null>;

const tallyOf = (row: Sums, firstTurns: Record<string, number>): CardTally => {
  const n = (value: number | string | null) => Number(value ?? 0);
  return {
    ...emptyTally(),
    games: n(row.games),
    decided: n(row.decided),
    wins: n(row.wins),
    deckGames: n(row.deck_games),
    deckWins: n(row.deck_wins),
    copies: n(row.copies),
    firstTurnSum: n(row.first_turn_sum),
    firstTurnGames: n(row.first_turn_games),
    quests: n(row.quests),
    lore: n(row.lore),
    challenges: n(row.challenges),
    banishes: n(row.banishes),
    banished: n(row.banished),
    songsSung: n(row.songs_sung),
    sang: n(row.sang),
    firstTurns,
  };
};

/**
 * The public counts of each card (or of one card): the projection's per-card counts summed over the filter's rows (a
 * few per card: one per event, format and day), less the matches whose end `held` hides, plus those whose void it
 * hides. Tallies, not figures: libs/stats makes the table (cardTableOf). Cards that only the unrevealed parts of a game
 * named never reach these rows: they are the public's reading.
 */
export const cardTallyStats = async (db: CatalogDb, filter: StatsFilter, card?: string, held: HeldBackMatches = NONE): Promise<Map<string, CardTally>> => {
  let query = db
    .selectFrom('stats_cards')
    .select((eb) => ['card', ...CARD_COUNTS.map((column) => eb.fn.sum<number>(column).as(column))])
    .where('game', '=', filter.game);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.format !== undefined) query = query.where('format', '=', filter.format);
  if (filter.since !== undefined) query = query.where('day', '>=', filter.since);
  if (card !== undefined) query = query.where('card', '=', card);
  const rows = await query.groupBy('card').execute();
  // every row gets its histogram: averageFirstTurn never stands beside an empty one
  const turns = new Map<string, Record<string, number>>();
  if (rows.length > 0) {
    let turnQuery = db
      .selectFrom('stats_first_turns')
      .select((eb) => ['card', 'turn', eb.fn.sum<number>('games').as('games')])
      .where('game', '=', filter.game);
    if (filter.event !== undefined) turnQuery = turnQuery.where('event', '=', filter.event);
    if (filter.format !== undefined) turnQuery = turnQuery.where('format', '=', filter.format);
    if (filter.since !== undefined) turnQuery = turnQuery.where('day', '>=', filter.since);
    if (card !== undefined) turnQuery = turnQuery.where('card', '=', card);
    for (const row of await turnQuery.groupBy(['card', 'turn']).orderBy('card').orderBy('turn').execute()) {
      if (Number(row.games) <= 0) continue;
      const histogram = turns.get(row.card) ?? {};
      histogram[row.turn] = Number(row.games);
      turns.set(row.card, histogram);
    }
  }
  const ends = await readingTallies(db, filter, held.ends, 0);
  const voids = await readingTallies(db, filter, held.voids, 1);
  return new Map(
    rows.map((row) => {
      const counted = tallyOf(row as unknown as Sums, turns.get(row.card) ?? {});
      return [row.card, plusTally(plusTally(counted, ends.get(row.card), -1), voids.get(row.card), 1)];
    }),
  );
};

/** Each side of each counted match whose deck lists were public, within the filter. */
export const deckSideStats = async (db: CatalogDb, filter: StatsFilter, held: HeldBackMatches = NONE): Promise<DeckSide[]> => {
  const { ends, voids } = held;
  let query = db
    .selectFrom('stats_sides')
    .select(['inks', 'against', 'won', 'on_play'])
    .where('game', '=', filter.game)
    .where((eb) => (voids.size === 0 ? eb('voided', '=', 0) : eb.or([eb('voided', '=', 0), eb('match_id', 'in', [...voids])])));
  if (ends.size > 0) query = query.where('match_id', 'not in', [...ends]);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.format !== undefined) query = query.where('format', '=', filter.format);
  if (filter.since !== undefined) query = query.where('day', '>=', filter.since);
  return (await query.execute()).map((row) => ({
    inks: row.inks,
    against: row.against,
    won: row.won === null ? null : (Number(row.won) as 0 | 1),
    onPlay: Number(row.on_play) === 1,
  }));
};

/** A player's own readings of the given matches (their own observations only). */
export const ownReadings = async (db: CatalogDb, matchId: string, player: string): Promise<MatchReading[]> =>
  (await db.selectFrom('stats_readings').select('reading').where('match_id', '=', matchId).where('audience', '=', player).execute()).map(
    (row) => JSON.parse(row.reading) as MatchReading,
  );

/**
 * An event's matches for its organizer: each with whether it has ended (from the catalog: a match not yet
 * over, or not yet counted by the statistics, holds the release back) and each player's own reading.
 */
export const eventMatches = async (db: CatalogDb, event: string): Promise<EventMatch[]> => {
  const matches = await db
    .selectFrom('matches')
    .select(['match_id', 'status', 'voided'])
    .where('tournament_event', '=', event)
    .where('voided', '=', 0)
    .orderBy('match_id')
    .execute();
  const readings = await db
    .selectFrom('stats_readings')
    .select(['match_id', 'audience', 'reading'])
    .where('event', '=', event)
    .where('audience', '!=', 'public')
    .orderBy('match_id')
    .orderBy('audience')
    .execute();
  const byMatch = new Map<string, MatchReading[]>();
  for (const row of readings) byMatch.set(row.match_id, [...(byMatch.get(row.match_id) ?? []), JSON.parse(row.reading) as MatchReading]);
  return matches.map((m) => ({ matchId: m.match_id, ended: m.status === 'ended' && byMatch.has(m.match_id), readings: byMatch.get(m.match_id) ?? [] }));
};

/**
 * Each side of each counted match of the filter by its lead (Four Souls' character, Grand Archive's champion), from the
 * public readings the projection keeps: a match whose end this reader may not see yet counts not, one whose void it may
 * not see yet still counts.
 */
export const leadSideStats = async (db: CatalogDb, filter: StatsFilter, held: HeldBackMatches = NONE): Promise<LeadSide[]> => {
  const { ends, voids } = held;
  let query = db
    .selectFrom('stats_readings')
    .select(['match_id', 'reading'])
    .where('audience', '=', PUBLIC)
    .where('game', '=', filter.game)
    .where((eb) => (voids.size === 0 ? eb('voided', '=', 0) : eb.or([eb('voided', '=', 0), eb('match_id', 'in', [...voids])])));
  if (ends.size > 0) query = query.where('match_id', 'not in', [...ends]);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.format !== undefined) query = query.where('format', '=', filter.format);
  if (filter.since !== undefined) query = query.where('day', '>=', filter.since);
  const rows = await query.orderBy('match_id').execute();
  return leadSides(rows.map((row) => ({ ...(JSON.parse(row.reading) as MatchReading), voided: false })));
};
