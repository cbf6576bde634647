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

/** Later than any time a time source gives: a fact recorded with no readable time is never shown while held back. */
const NEVER = '9999-12-31T23:59:59.999Z';

/** When a fact recorded at `recordedAt` may be shown, `seconds` behind (ISO 8601, so that text compares as time). */
export const shownFrom = (recordedAt: string | undefined, seconds: number): string => {
  const at = Date.parse(recordedAt ?? '');
  return Number.isNaN(at) ? NEVER : new Date(at + seconds * 1000).toISOString();
};

/** Whether the match has ended and its end's time has come: then the delay counts seconds only (delayedRevision's `ended`). */
const endShown = (row: CatalogRow, now: string): boolean => row.ended_revision !== null && row.ended_public_from !== null && row.ended_public_from <= now;

/**
 * Whether a fact (its revision, and when it may be shown) is past what the delay lets through. A fact
 * is shown when its time has come and its revision is at most the head less the delay's events, or the
 * match's end is shown (after the end, no event pushes the last ones out: the delay counts seconds
 * only). Never later than the broadcast's delayedRevision shows it (the same or earlier when the clocks
 * of the instances that recorded the match disagree), so the catalog never shows what the view still holds back.
 */
const shown = (row: CatalogRow, revision: number | null, from: string | null, now: string): boolean =>
  revision !== null && from !== null && from <= now && (revision <= row.last_revision - (row.hold_back_events ?? 0) || endShown(row, now));

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
  if (!shown(row, 1, row.public_from, now)) return null;
  const ended = shown(row, row.ended_revision, row.ended_public_from, now);
  const timeCalled = shown(row, row.time_called_revision, row.time_called_public_from, now);
  const voided = shown(row, row.voided_revision, row.voided_public_from, now);
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

/** The head less the delay's events: no fact past it is shown, until the end is (endShown). */
const pastEvents = (eb: Eb) => eb('last_revision', '-', eb.ref('hold_back_events'));

/** endShown, in SQL: ended_public_from is set with ended_revision, and null before the end. */
const endShownRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> => eb.and([eb('ended_revision', 'is not', null), eb('ended_public_from', '<=', holdBack.now)]);

/** shown, in SQL, for the fact at `revision` whose time `from` has come. */
const shownRow = (eb: Eb, holdBack: HoldBack, revision: Expression<number | null>, from: 'public_from' | 'ended_public_from'): Expression<SqlBool> =>
  eb.and([eb(from, '<=', holdBack.now), eb.or([eb(revision, '<=', pastEvents(eb)), endShownRow(eb, holdBack)])]);

/** The rows this reader sees at all (asSeenBy is not null), in SQL: a page of the list counts only those. */
export const visibleRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> => eb.or([headRow(eb, holdBack), shownRow(eb, holdBack, eb.val(1), 'public_from')]);

/** The rows this reader sees ended (asSeenBy's status), in SQL: what ?status= filters on. */
export const endedRow = (eb: Eb, holdBack: HoldBack): Expression<SqlBool> =>
  eb.and([eb('status', '=', 'ended'), eb.or([headRow(eb, holdBack), shownRow(eb, holdBack, eb.ref('ended_revision'), 'ended_public_from')])]);
