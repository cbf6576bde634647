import { factShownFrom, secondsWaitedAt } from '@matchlog/domain';
import { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { CatalogTables } from './catalog-schema';

type CatalogRow = CatalogTables['matches'];

/**
 * Who reads the catalog, for a match whose broadcastDelay holds its public side back, as libs/matches
 * decides it (headsSeenBy): `now` (ISO 8601, the caller's time source) decides what the delay lets
 * through; `except`, the one match whose head the caller sees. Absent: every head (the organizer).
 */
export interface HoldBack {
  readonly now: string;
  readonly except?: string;
}

/** Earlier and later than any time a time source gives: a fact shown at once, and one never shown while held back. */
const ALWAYS = '0000-01-01T00:00:00.000Z';
const NEVER = '9999-12-31T23:59:59.999Z';

/** A time of the delay's rule (milliseconds, or ±Infinity) as the catalog keeps it: ISO 8601, so that text compares as time. */
export const isoOf = (ms: number): string =>
  ms === -Infinity ? ALWAYS : ms === Infinity ? NEVER : new Date(Math.min(Math.max(ms, Date.parse(ALWAYS)), Date.parse(NEVER))).toISOString();

/** A fact's time kept by isoOf (or none) back as milliseconds. */
const msOf = (iso: string | null): number => (iso === null ? Infinity : Date.parse(iso));

/** When a fact recorded at `recordedAt` has waited out the delay's seconds (the domain's secondsWaitedAt), as the row keeps it. */
export const waitedAt = (recordedAt: string | undefined, seconds: number): string => isoOf(secondsWaitedAt(recordedAt, { seconds }));

/** The columns of a row the delay's rule reads, and what it writes: each fact's revision, when it has waited its seconds, and when it is shown. */
type RuleColumns = Pick<
  CatalogRow,
  | 'hold_back_events'
  | 'hold_back_seconds'
  | 'last_revision'
  | 'public_from'
  | 'ended_revision'
  | 'ended_public_from'
  | 'time_called_revision'
  | 'time_called_public_from'
  | 'voided_revision'
  | 'voided_public_from'
>;

/**
 * When each fact of a held-back row is shown, by the domain's rule (factShownFrom) over what the row knows: its head,
 * each fact's revision and time, and its end (NEVER while nothing recorded yet shows it; null: no such fact). The
 * projector writes it at each batch of the match (the head moves the window on), so the queries below only compare it
 * with the reader's time: the rule is not written again here, in TypeScript or in SQL.
 */
export const shownFromOf = (row: RuleColumns): Pick<CatalogRow, 'created_shown_from' | 'ended_shown_from' | 'time_called_shown_from' | 'voided_shown_from'> => {
  const delay = { events: Number(row.hold_back_events ?? 0), seconds: Number(row.hold_back_seconds ?? 0) };
  const head = Number(row.last_revision);
  const end = row.ended_revision === null ? undefined : { revision: Number(row.ended_revision), waited: msOf(row.ended_public_from) };
  const fact = (revision: number | null, waited: string | null): string | null => {
    if (revision === null) return null;
    return isoOf(factShownFrom(Number(revision), msOf(waited), head, delay, end));
  };
  return {
    created_shown_from: fact(1, row.public_from),
    ended_shown_from: fact(row.ended_revision, row.ended_public_from),
    time_called_shown_from: fact(row.time_called_revision, row.time_called_public_from),
    voided_shown_from: fact(row.voided_revision, row.voided_public_from),
  };
};

/** Whether a fact whose shown time the row keeps (shownFromOf) is shown at `now`. */
const shown = (from: string | null, now: string): boolean => from !== null && from <= now;

/** Whether the row is held back from this reader at all (a match that holds nothing back, or the reader's own, is not). */
export const isHeldBack = (row: Pick<CatalogRow, 'match_id' | 'hold_back_events'>, holdBack: HoldBack | undefined): holdBack is HoldBack =>
  holdBack !== undefined && row.hold_back_events !== null && row.match_id !== holdBack.except;

/**
 * The row as this reader may see it: null while its MatchCreated is held back (the match is not there
 * yet); else its end, time called and void only once each is shown, and its revision the latest of
 * those the catalog knows shown (a reader with the match's events finds the delayed revision itself).
 */
export const asSeenBy = (row: CatalogRow, holdBack: HoldBack | undefined): CatalogRow | null => {
  if (!isHeldBack(row, holdBack)) return row;
  const { now } = holdBack;
  if (!shown(row.created_shown_from, now)) return null;
  const ended = shown(row.ended_shown_from, now);
  const timeCalled = shown(row.time_called_shown_from, now);
  const voided = shown(row.voided_shown_from, now);
  const revision = Math.max(1, ended ? row.ended_revision! : 0, timeCalled ? row.time_called_revision! : 0, voided ? row.voided_revision! : 0);
  return {
    ...row,
    ...(!ended && { status: 'live' as const, winner: null, draw: 0, end_reason: null, ended_at: null }),
    ...(!timeCalled && { time_called: 0 }),
    ...(!voided && { voided: 0 }),
    event_count: revision,
    last_revision: revision,
  };
};

type Eb = ExpressionBuilder<CatalogTables, 'matches'>;

/** The rows whose head this reader sees, in SQL: those that hold nothing back, and its own match's (isHeldBack). */
const headRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> =>
  holdBack.except === undefined ? eb('hold_back_events', 'is', null) : eb.or([eb('hold_back_events', 'is', null), eb('match_id', '=', holdBack.except)]);

/** Whether a fact whose shown time the row keeps (shownFromOf) is shown at the reader's time, in SQL. */
const shownRow = (eb: Eb, holdBack: HoldBack, from: 'created_shown_from' | 'ended_shown_from' | 'voided_shown_from'): Expression<SqlBool> => eb(from, '<=', holdBack.now);

/** The rows this reader sees at all (asSeenBy is not null), in SQL: a page of the list counts only those. */
export const visibleRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> => eb.or([headRow(eb, holdBack), shownRow(eb, holdBack, 'created_shown_from')]);

/** The rows this reader sees ended (asSeenBy's status), in SQL: what ?status= filters on. */
export const endedRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> =>
  eb.and([eb('status', '=', 'ended'), eb.or([headRow(eb, holdBack), shownRow(eb, holdBack, 'ended_shown_from')])]);

/** The rows this reader sees voided (asSeenBy's voided), in SQL. */
export const voidedRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> =>
  eb.and([eb('voided', '=', 1), eb.or([headRow(eb, holdBack), shownRow(eb, holdBack, 'voided_shown_from')])]);
