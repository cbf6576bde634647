import { CatalogDb, CatalogTables, HoldBack, asSeenBy, endedRow, projectIntoCatalog, visibleRow, voidedRow } from '@matchlog/catalog';
import { BroadcastDelay, delayedRevision, holdsBackPublic } from '@matchlog/domain';
import { StoredEvent } from '@matchlog/store';
import fc from 'fast-check';
import { catalogPlaces } from './support/catalog-places';
import { inAPlace } from './support/in-a-place';

/*
 * Issue 40 §1, "one home for each rule": the broadcast delay's hold-back rule is written in the domain
 * (delayedRevision, what the broadcast and the held-back public views show) and again in the catalog
 * (hold-back.ts: asSeenBy over a row, visibleRow and endedRow in SQL). For generated matches, delays,
 * recorded times and readers' times, the catalog shows a match, its end, its time call and its void
 * exactly when the domain's delayed revision has reached them, where the server's clock only moves on;
 * and never before, where the instances that recorded the match disagree on the time.
 */

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A match as the generator makes it: its delay, its events' types, and when each was recorded (ms). */
interface Generated {
  readonly delay: BroadcastDelay;
  readonly types: readonly string[];
  readonly times: readonly number[];
  /** where the projector's batches end (indexes into the events) */
  readonly cuts: readonly number[];
  /** the readers' times, as offsets from the last event's time (ms) */
  readonly nows: readonly number[];
}

const delays: fc.Arbitrary<BroadcastDelay> = fc.record(
  {
    events: fc.integer({ min: 0, max: 4 }),
    seconds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90 })),
    holdBackPublic: fc.constantFrom(true, false),
  },
  { requiredKeys: [] },
);

/** MatchCreated, turns (a TimeCalled among them, maybe), then the match ends, is voided, both or neither; desk notes may follow an end. */
const eventTypes: fc.Arbitrary<string[]> = fc
  .record({
    turns: fc.integer({ min: 0, max: 8 }),
    timeCalledAt: fc.option(fc.nat(), { nil: undefined }),
    ending: fc.constantFrom('live', 'ended', 'voided', 'ended-voided'),
    notes: fc.integer({ min: 0, max: 3 }),
    voidAfterNotes: fc.boolean(),
  })
  .map(({ turns, timeCalledAt, ending, notes, voidAfterNotes }) => {
    const middle: string[] = Array.from({ length: turns }, () => 'TurnPassed');
    if (timeCalledAt !== undefined) middle.splice(timeCalledAt % (turns + 1), 0, 'TimeCalled');
    const types = ['MatchCreated', ...middle];
    if (ending === 'voided') return [...types, 'MatchVoided'];
    if (ending === 'live') return types;
    const desk = Array.from({ length: notes }, () => 'NoteAdded');
    if (ending === 'ended') return [...types, 'MatchEnded', ...desk];
    return voidAfterNotes ? [...types, 'MatchEnded', ...desk, 'MatchVoided'] : [...types, 'MatchEnded', 'MatchVoided'];
  });

/** `monotone`: each event recorded at or after the one before (one clock); else in any order within two minutes. */
const matches = (monotone: boolean): fc.Arbitrary<Generated> =>
  fc.tuple(delays, eventTypes).chain(([delay, types]) =>
    fc.record({
      delay: fc.constant(delay),
      types: fc.constant(types),
      times: monotone
        ? fc
            .array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60_000 })), { minLength: types.length, maxLength: types.length })
            .map((gaps) => gaps.map((_, i) => T0 + gaps.slice(0, i + 1).reduce((a, b) => a + b, 0)))
        : fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: types.length, maxLength: types.length }).map((offsets) => offsets.map((o) => T0 + o)),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, types.length - 1) }), { maxLength: 3 }),
      nows: fc.array(fc.integer({ min: 0, max: ((delay.seconds ?? 0) + 60) * 1000 }), { minLength: 1, maxLength: 8 }),
    }),
  );

let ids = 0;

/** The domain's answer: the public horizon of a reader who does not see the head (publicHorizon, libs/matches). */
const domainHorizon = (m: Generated, now: number): number => {
  const head = m.types.length;
  if (!holdsBackPublic(m.delay)) return head;
  const ended = m.types.indexOf('MatchEnded') + 1;
  return delayedRevision(head, m.delay, (revision) => iso(m.times[revision - 1]), now, ended === 0 ? undefined : ended);
};

/** The revision of the first event of `type` (1-based), or undefined. */
const revisionOf = (m: Generated, type: string): number | undefined => {
  const at = m.types.indexOf(type);
  return at < 0 ? undefined : at + 1;
};

const storedEvents = (matchId: string, m: Generated): StoredEvent[] =>
  m.types.map((type, i) => ({
    streamId: matchId,
    revision: i + 1,
    position: i + 1,
    id: `${matchId}-${i + 1}`,
    type,
    data:
      type === 'MatchCreated'
        ? { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [], broadcastDelay: m.delay }
        : type === 'MatchEnded'
          ? { winner: 'p1', reason: '20 lore' }
          : type === 'MatchVoided'
            ? { reason: 'wrong table' }
            : {},
    meta: { recordedBy: 'test', recordedAt: iso(m.times[i]) },
  }));

/** Projects the match in the batches its cuts make, as the projector would deliver them. */
const project = async (db: CatalogDb, matchId: string, m: Generated): Promise<void> => {
  const events = storedEvents(matchId, m);
  const ends = [...[...m.cuts].sort((a, b) => a - b), events.length];
  let start = 0;
  for (const end of ends) {
    const batch = events.slice(start, end);
    start = end;
    if (batch.length > 0) await db.transaction().execute((trx) => projectIntoCatalog(trx, batch));
  }
};

/** What the catalog shows `holdBack`'s reader of the match: in TypeScript (asSeenBy) and in SQL (visibleRow, endedRow, voidedRow). */
const catalogAnswer = async (db: CatalogDb, matchId: string, holdBack: HoldBack) => {
  const row = (await db.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirstOrThrow()) as CatalogTables['matches'];
  const seen = asSeenBy(row, holdBack);
  const inSql = async (where: typeof visibleRow) =>
    (
      await db
        .selectFrom('matches')
        .select('match_id')
        .where('match_id', '=', matchId)
        .where((eb) => where(eb, holdBack))
        .execute()
    ).length === 1;
  return { row, seen, visibleInSql: await inSql(visibleRow), endedInSql: await inSql(endedRow), voidedInSql: await inSql(voidedRow) };
};

/** The readers' times for a match: the drawn ones after its last event, and each fact's own moment to the millisecond. */
const readersTimes = (m: Generated): number[] => {
  const last = Math.max(...m.times);
  const seconds = (m.delay.seconds ?? 0) * 1000;
  const edges = m.times.flatMap((t) => [t + seconds - 1, t + seconds, t + seconds + 1]).filter((t) => t >= last);
  return [...m.nows.map((offset) => last + offset), ...edges];
};

/** One reader of one generated match: the domain's horizon at its time, and what the catalog answers it. */
interface Reading {
  /** what a failure prints beside the answer: the match, the reader's time, the horizon */
  readonly context: object;
  readonly horizon: number;
  /** whether the domain's horizon has reached the match's fact of that type (MatchEnded, TimeCalled, MatchVoided) */
  readonly reached: (type: string) => boolean;
  readonly answer: Awaited<ReturnType<typeof catalogAnswer>>;
  readonly matchId: string;
  readonly now: string;
}

/** Each generated match projected into `db`, and `check` for each of its readers. */
const eachReader = (db: CatalogDb, monotone: boolean, check: (reading: Reading) => void): Promise<void> =>
  fc.assert(
    fc.asyncProperty(matches(monotone), async (m) => {
      const matchId = `agree-${++ids}`;
      await project(db, matchId, m);
      for (const ms of readersTimes(m)) {
        const now = iso(ms);
        const horizon = domainHorizon(m, ms);
        const reached = (type: string) => {
          const revision = revisionOf(m, type);
          return revision !== undefined && horizon >= revision;
        };
        const context = { delay: m.delay, types: m.types, times: m.times.map(iso), now, horizon };
        check({ context, horizon, reached, answer: await catalogAnswer(db, matchId, { now }), matchId, now });
      }
    }),
    { numRuns: 100 },
  );

describe.each(catalogPlaces)("the catalog's hold-back agrees with the domain's delayedRevision on %s", (_, placeIn) => {
  const at = inAPlace(placeIn);
  let db: CatalogDb;
  beforeEach(async () => (db = await at.place.open()));
  afterEach(() => db.destroy());

  it('one clock: the match, its end, its time call and its void are shown exactly when the delayed revision reaches them, in TypeScript and in SQL', () =>
    eachReader(db, true, ({ context, horizon, reached, answer: { row, seen, visibleInSql, endedInSql, voidedInSql }, matchId, now }) => {
      expect({ ...context, shown: seen !== null, shownInSql: visibleInSql }).toEqual({ ...context, shown: horizon >= 1, shownInSql: horizon >= 1 });
      if (seen === null) return;
      const facts = { ended: seen.status === 'ended', endedInSql, winner: seen.winner, timeCalled: seen.time_called === 1, voided: seen.voided === 1, voidedInSql };
      const ended = reached('MatchEnded');
      expect({ ...context, ...facts }).toEqual({
        ...context,
        ended,
        endedInSql: ended,
        winner: ended ? 'p1' : null,
        timeCalled: reached('TimeCalled'),
        voided: reached('MatchVoided'),
        voidedInSql: reached('MatchVoided'),
      });
      // the revision the catalog knows shown: the latest fact shown, never past the delayed revision
      expect(seen.last_revision).toBeLessThanOrEqual(horizon);
      // the match's own readers (and the organizer) see the head
      expect(asSeenBy(row, { now, except: matchId })).toEqual(row);
      expect(asSeenBy(row, undefined)).toEqual(row);
    }));

  it('clocks that disagree: the catalog never shows what the delayed revision still holds back', () =>
    eachReader(db, false, ({ context, horizon, reached, answer: { seen, visibleInSql, endedInSql, voidedInSql } }) => {
      expect({ ...context, leak: visibleInSql !== (seen !== null) || (seen !== null && horizon < 1) }).toEqual({ ...context, leak: false });
      if (seen === null) return;
      const leaks = {
        ended: (seen.status === 'ended' || endedInSql) && !reached('MatchEnded'),
        timeCalled: seen.time_called === 1 && !reached('TimeCalled'),
        voided: (seen.voided === 1 || voidedInSql) && !reached('MatchVoided'),
        revision: seen.last_revision > horizon,
      };
      expect({ ...context, ...leaks }).toEqual({ ...context, ended: false, timeCalled: false, voided: false, revision: false });
    }));
});
