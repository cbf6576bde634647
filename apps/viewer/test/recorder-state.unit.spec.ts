import { MatchEvent } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { batchOf, correctionAt, eventNameIn, next, opened, recentOf } from '../src/pages/recorder/state';
import { draw } from '../src/record/recording';

const table = () => created('lorcana', [...cards('p1', 'deck', ['Elsa - Snow Queen', 'Be Prepared']), ...cards('p2', 'deck', ['Ariel - On Human Legs'])]);
let ids = 0;
const newId = () => `rec-${++ids}`;
const now = new Date('2026-12-03T10:00:00Z');

describe("the recorder's state", () => {
  it("opens on the server's events, then those waiting in the journal the server has not got, each once", () => {
    const first = table() as MatchEvent;
    const drawn = move('p1-deck-0', at('deck', 'p1'), at('hand', 'p1')) as MatchEvent;
    const state = opened([first], [first, drawn], 1, true, now);
    expect(state.events.map((e) => e.id)).toEqual([first.id, drawn.id]);
    expect(state.history).toHaveLength(3);
    expect(state.match.revision).toBe(2);
    expect(state).toMatchObject({ acting: 'p1', pending: 1, unjournaled: 0, online: true, lastSynced: now, problem: '' });
  });

  it('an accepted tap goes on at once and waits for the journal, one action however many events', () => {
    const state = opened([table() as MatchEvent], [], 0, true, now);
    const batch = batchOf([...draw(state.match, 'p1'), ...draw(state.match, 'p2')], newId);
    const after = next({ ...state, problem: 'earlier' }, { type: 'send', batch });
    expect(after.events.slice(1)).toEqual(batch);
    expect(after.history).toHaveLength(4);
    expect(after).toMatchObject({ pending: 1, unjournaled: 1, problem: '' });
    expect(after.match.revision).toBe(3);
  });

  it('a refused tap changes nothing but the problem shown', () => {
    const state = opened([table() as MatchEvent], [], 0, true, now);
    const batch = batchOf([{ type: 'CardMoved', data: { cardId: 'nope', from: at('deck', 'p1'), to: at('hand', 'p1') } }], newId);
    const after = next(state, { type: 'send', batch });
    expect(after.events).toBe(state.events);
    expect(after.pending).toBe(0);
    expect(after.problem).not.toBe('');
  });

  it('a journal step counts the taps it journaled out, and what waits is what the journal lacks on the server plus those not journaled yet', () => {
    let state = opened([table() as MatchEvent], [], 0, true, now);
    state = next(state, { type: 'send', batch: batchOf(draw(state.match, 'p1'), newId) });
    state = next(state, { type: 'send', batch: batchOf(draw(state.match, 'p2'), newId) });
    expect(state).toMatchObject({ pending: 2, unjournaled: 2 });
    const later = new Date('2026-12-03T10:01:00Z');
    state = next(state, { type: 'worked', outcome: { reached: true }, journaled: 1, at: later });
    expect(state).toMatchObject({ unjournaled: 1, pending: 2, lastSynced: later, online: true });
    expect(next(state, { type: 'counted', unsent: 0 }).pending).toBe(1);
  });

  it('offline keeps the last sync; a server that answers with an error is online and says why', () => {
    const state = opened([table() as MatchEvent], [], 0, true, now);
    const offline = next(state, { type: 'worked', outcome: { reached: false, offline: true }, journaled: 0, at: new Date() });
    expect(offline).toMatchObject({ online: false, lastSynced: now, problem: '' });
    const refused = next(state, { type: 'worked', outcome: { reached: false, offline: false, problem: 'no (conflict)' }, journaled: 0, at: new Date() });
    expect(refused).toMatchObject({ online: true, lastSynced: now, problem: 'no (conflict)' });
    expect(next(state, { type: 'offline' }).online).toBe(false);
  });

  it('shows the last eight actions, latest first, and names an event by its revision', () => {
    let state = opened([table() as MatchEvent], [], 0, true, now);
    for (let i = 0; i < 9; i++) state = next(state, { type: 'send', batch: [event('CounterChanged', { counter: 'lore', player: 'p1', by: 1 }) as MatchEvent] });
    const recent = recentOf(state);
    expect(recent.map((entry) => entry.revision)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recent.every((entry) => entry.undoable)).toBe(true);
    expect(correctionAt(state, 10).length).toBeGreaterThan(0);
    expect(eventNameIn(state.events, state.events[3].id)).toBe('#4');
    expect(eventNameIn(state.events, 'elsewhere')).toBe('elsewhere');
  });
});
