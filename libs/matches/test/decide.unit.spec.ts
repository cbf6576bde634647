import { GENESIS, shuffleCommitment, verifyChain } from '@matchlog/audit';
import { MatchEvent, emptyMatch } from '@matchlog/domain';
import { SaltInBody } from '../src/errors';
import { decide } from '../src/write/decide';
import { countingEntropy, created, shuffle, turn } from './support/writer-fixtures';

const NEW = { head: GENESIS, salt: undefined };
const AT = '2026-01-01T10:00:00.000Z';

/** A new match decided with counting entropy: its events and the state after them. */
const opened = () => {
  const decided = decide(emptyMatch, NEW, { opens: { type: 'MatchCreated', data: created }, events: [], recordedBy: 'organizer', recordedAt: AT }, countingEntropy());
  if (!decided.ok) throw new Error(decided.error.message);
  return decided;
};

describe('decide: the one decision of every write', () => {
  it('opens a match: stamped, its chain salt drawn and kept in meta, chained from GENESIS', () => {
    const { events, state } = opened();
    expect(events).toEqual([
      {
        id: 'id-1',
        type: 'MatchCreated',
        data: created,
        meta: { recordedBy: 'organizer', recordedAt: AT, chainSalt: '02'.padStart(64, '0'), previous: GENESIS, hash: expect.any(String) },
      },
    ]);
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 1 });
    expect(state.revision).toBe(1);
  });

  it('appends: stamps, seals each shuffle with a drawn salt, validates and chains after the head; the same entropy gives the same events', () => {
    const first = opened().events;
    const head = { head: (first[0].meta as { hash: string }).hash, salt: (first[0].meta as { chainSalt: string }).chainSalt };
    const run = () => decide(opened().state, head, { events: [turn(1), shuffle], recordedBy: 'recorder', recordedAt: AT }, countingEntropy());
    const decided = run();
    if (!decided.ok) throw new Error(decided.error.message);
    const salt = '03'.padStart(32, '0');
    expect(decided.events.map((e) => [e.id, e.meta?.recordedBy])).toEqual([
      ['id-1', 'recorder'],
      ['id-2', 'recorder'],
    ]);
    expect(decided.events[1].data).toEqual({ ...shuffle.data, salt, commitment: shuffleCommitment(shuffle.data.zone, ['Stitch - Rock Star', 'Ariel - On Human Legs'], salt) });
    expect(verifyChain([...first, ...decided.events] as MatchEvent[])).toMatchObject({ ok: true, count: 3 });
    expect(decided.state.revision).toBe(3);
    expect(run()).toEqual(decided);
  });

  it('a replay: each event stamped with the time it happened', () => {
    const times = [AT, '2026-01-01T10:01:00.000Z', '2026-01-01T10:02:00.000Z'];
    const decided = decide(
      emptyMatch,
      NEW,
      { opens: { type: 'MatchCreated', data: created }, events: [turn(1), turn(2)], recordedBy: 'importer', recordedAt: times },
      countingEntropy(),
    );
    expect(decided.ok && decided.events.map((e) => e.meta?.recordedAt)).toEqual(times);
  });

  it('refuses a shuffle that brings its salt or commitment', () => {
    const salted = { ...shuffle, data: { ...shuffle.data, salt: 'ab'.repeat(16) } };
    expect(() => decide(opened().state, NEW, { events: [turn(1), salted], recordedBy: 'organizer', recordedAt: AT }, countingEntropy())).toThrow(SaltInBody);
  });

  it("returns the domain's refusal, its eventIndex counted in the batch's events", () => {
    const decided = decide(
      opened().state,
      NEW,
      { events: [turn(1), { type: 'TurnStarted', data: { player: 'nobody', turn: 2 } }], recordedBy: 'organizer', recordedAt: AT },
      countingEntropy(),
    );
    expect(decided).toMatchObject({ ok: false, error: { eventIndex: 1 } });
  });

  it('keeps a verified log as it is (ids, meta, chain), only validated', () => {
    const { events } = opened();
    const entropy = countingEntropy();
    expect(decide(emptyMatch, NEW, { verified: events }, entropy)).toEqual({ ok: true, events, state: opened().state });
    expect(entropy.draws).toEqual([]);
    expect(decide(emptyMatch, NEW, { verified: [...events, ...events] }, entropy)).toMatchObject({ ok: false, error: { eventIndex: 1 } });
  });
});
