import { sentenceOf } from '../src/sentence';

const names: Record<string, string> = { p1: 'Ana Ortiz', p2: 'Ben Kowalski' };
const nameOf = (player: string) => names[player] ?? player;

describe("the viewer's sentences for counters, time and results", () => {
  it.each([
    [{ type: 'CounterChanged', counter: 'lore', player: 'p1', value: 7, change: 2, reason: 'quested' }, 'Ana Ortiz gained 2 lore (now 7) — quested'],
    [{ type: 'CounterChanged', counter: 'lore', player: 'p2', value: 3, change: -1 }, 'Ben Kowalski lost 1 lore (now 3)'],
    [
      { type: 'CounterChanged', counter: 'buff', zone: { zone: 'field', player: 'p2' }, card: { handle: 'h9', definition: 'Tristan, Shadowreaver' }, value: 1, change: 1 },
      'Tristan, Shadowreaver gained 1 buff (now 1)',
    ],
    [{ type: 'TimeCalled', turn: 5 }, 'Time was called during turn 5'],
    [{ type: 'TimeExtended', seconds: 180, reason: 'judge call' }, 'Time extended by 3 min (judge call)'],
    [{ type: 'TimeExtended', seconds: 90, reason: 'judge call' }, 'Time extended by 90 s (judge call)'],
    [{ type: 'MatchEnded', draw: true, reason: 'no win condition after time' }, 'The game was a draw (no win condition after time)'],
    [{ type: 'MatchEnded', winner: 'p2', reason: 'p2 reached 20 lore' }, 'Ben Kowalski won (p2 reached 20 lore)'],
    [
      { type: 'CardStatusChanged', zone: { zone: 'play', player: 'p2' }, card: { handle: 'h3', definition: 'Lyle Tiberius Rourke - Cunning Mercenary', damage: 2 } },
      'Lyle Tiberius Rourke - Cunning Mercenary has 2 damage',
    ],
    [{ type: 'CardStatusChanged', zone: { zone: 'play', player: 'p1' }, card: { handle: 'h1', definition: 'Yzma - Alchemist', exerted: true } }, 'Yzma - Alchemist is exerted'],
  ])('%j reads "%s"', (observation, sentence) => expect(sentenceOf(observation, nameOf)).toBe(sentence));

  it("reads the judge's events with the card's definition for its recorder id", () => {
    const cardName = (id: string) => ({ c05: 'Yzma - Alchemist' })[id] ?? id;
    const event = (type: string, data: object) => ({ id: 'e1', type, data });
    expect(sentenceOf(event('CardStatusChanged', { cardId: 'c05', exerted: false }), nameOf, cardName)).toBe('Yzma - Alchemist is ready');
    expect(sentenceOf(event('CardMoved', { cardId: 'c05', from: { zone: 'hand', player: 'p1' }, to: { zone: 'play', player: 'p1' } }), nameOf, cardName)).toBe(
      'Ana Ortiz played Yzma - Alchemist',
    );
    expect(sentenceOf(event('CounterChanged', { counter: 'lore', player: 'p1', by: 2 }), nameOf, cardName)).toBe('Ana Ortiz gained 2 lore');
    expect(sentenceOf(event('TimeExtended', { seconds: 120, reason: 'ruling' }), nameOf, cardName)).toBe('Time extended by 2 min (ruling)');
    expect(sentenceOf(event('MatchEnded', { draw: true, reason: 'time' }), nameOf, cardName)).toBe('The game was a draw (time)');
  });
});
