import { needsOverride, readyFirst } from '../src/record/offered';

describe('what Quest and Challenge offer', () => {
  const cards = [
    { cardId: 'a', exerted: true },
    { cardId: 'b', exerted: false },
    { cardId: 'c', exerted: true },
    { cardId: 'd', exerted: false },
  ];

  it('offers the ready characters first, in the order they lie, then the exerted ones', () => {
    expect(readyFirst(cards).map((c) => c.cardId)).toEqual(['b', 'd', 'a', 'c']);
    expect(readyFirst([])).toEqual([]);
  });

  it('asks for an override for an exerted character only', () => {
    expect(needsOverride(cards, 'a')).toBe(true);
    expect(needsOverride(cards, 'b')).toBe(false);
    expect(needsOverride(cards, 'nowhere')).toBe(false);
  });
});
