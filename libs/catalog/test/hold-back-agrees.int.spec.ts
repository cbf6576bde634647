import { CatalogDb, CatalogTables, HoldBack, asSeenBy, endedRow, projectIntoCatalog, visibleRow } from '@matchlog/catalog';
import { BroadcastDelay, delayedRevision, holdsBackPublic } from '@matchlog/domain';
import { StoredEvent } from '@matchlog/store';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';

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

/** What the catalog shows `holdBack`'s reader of the match: in TypeScript (asSeenBy) and in SQL (visibleRow, endedRow). */
const catalogAnswer = async (db: CatalogDb, matchId: string, holdBack: HoldBack) => {
  const row = (await db.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirstOrThrow()) as CatalogTables['matches'];
  const seen = asSeenBy(row, holdBack);
  const visible = await db
    .selectFrom('matches')
    .select('match_id')
    .where('match_id', '=', matchId)
    .where((eb) => visibleRow(eb, holdBack))
    .execute();
  const ended = await db
    .selectFrom('matches')
    .select('match_id')
    .where('match_id', '=', matchId)
    .where((eb) => endedRow(eb, holdBack))
    .execute();
  return { row, seen, visibleInSql: visible.length === 1, endedInSql: ended.length === 1 };
};

/** The readers' times for a match: the drawn ones after its last event, and each fact's own moment to the millisecond. */
const readersTimes = (m: Generated): number[] => {
  const last = Math.max(...m.times);
  const seconds = (m.delay.seconds ?? 0) * 1000;
  const edges = m.times.flatMap((t) => [t + seconds - 1, t + seconds, t + seconds + 1]).filter((t) => t >= last);
  return [...m.nows.map((offset) => last + offset), ...edges];
};

describe.each(catalogPlaces)("the catalog's hold-back agrees with the domain's delayedRevision on %s", (_, placeIn) => {
  let dir: string;
  let place: CatalogPlace;
  let db: CatalogDb;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-hold-back-agrees-'));
    place = await placeIn(dir);
    db = await place.open();
  });
  afterAll(async () => {
    await db.destroy();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one clock: the match, its end, its time call and its void are shown exactly when the delayed revision reaches them, in TypeScript and in SQL', async () => {
    await fc.assert(
      fc.asyncProperty(matches(true), async (m) => {
        const matchId = `agree-${++ids}`;
        await project(db, matchId, m);
        const ended = revisionOf(m, 'MatchEnded');
        const timeCalled = revisionOf(m, 'TimeCalled');
        const voided = revisionOf(m, 'MatchVoided');
        for (const now of readersTimes(m)) {
          const horizon = domainHorizon(m, now);
          const { row, seen, visibleInSql, endedInSql } = await catalogAnswer(db, matchId, { now: iso(now) });
          const at = { delay: m.delay, types: m.types, times: m.times.map(iso), now: iso(now), horizon };
          expect({ ...at, shown: seen !== null }).toEqual({ ...at, shown: horizon >= 1 });
          expect({ ...at, shownInSql: visibleInSql }).toEqual({ ...at, shownInSql: horizon >= 1 });
          if (seen === null) continue;
          const facts = {
            ended: seen.status === 'ended',
            endedInSql,
            winner: seen.winner,
            timeCalled: seen.time_called === 1,
            voided: seen.voided === 1,
          };
          const endShown = ended !== undefined && horizon >= ended;
          expect({ ...at, ...facts }).toEqual({
            ...at,
            ended: endShown,
            endedInSql: endShown,
            winner: endShown ? 'p1' : null,
            timeCalled: timeCalled !== undefined && horizon >= timeCalled,
            voided: voided !== undefined && horizon >= voided,
          });
          // the revision the catalog knows shown: the latest fact shown, never past the delayed revision
          expect(seen.last_revision).toBeLessThanOrEqual(horizon);
          // the match's own readers (and the organizer) see the head
          expect(asSeenBy(row, { now: iso(now), except: matchId })).toEqual(row);
          expect(asSeenBy(row, undefined)).toEqual(row);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('clocks that disagree: the catalog never shows what the delayed revision still holds back', async () => {
    await fc.assert(
      fc.asyncProperty(matches(false), async (m) => {
        const matchId = `agree-${++ids}`;
        await project(db, matchId, m);
        const ended = revisionOf(m, 'MatchEnded');
        const timeCalled = revisionOf(m, 'TimeCalled');
        const voided = revisionOf(m, 'MatchVoided');
        for (const now of readersTimes(m)) {
          const horizon = domainHorizon(m, now);
          const { seen, visibleInSql, endedInSql } = await catalogAnswer(db, matchId, { now: iso(now) });
          const at = { delay: m.delay, types: m.types, times: m.times.map(iso), now: iso(now), horizon };
          expect({ ...at, leak: visibleInSql !== (seen !== null) || (seen !== null && horizon < 1) }).toEqual({ ...at, leak: false });
          if (seen === null) continue;
          const leaks = {
            ended: (seen.status === 'ended' || endedInSql) && !(ended !== undefined && horizon >= ended),
            timeCalled: seen.time_called === 1 && !(timeCalled !== undefined && horizon >= timeCalled),
            voided: seen.voided === 1 && !(voided !== undefined && horizon >= voided),
            revision: seen.last_revision > horizon,
          };
          expect({ ...at, ...leaks }).toEqual({ ...at, ended: false, timeCalled: false, voided: false, revision: false });
        }
      }),
      { numRuns: 300 },
    );
  });
});
