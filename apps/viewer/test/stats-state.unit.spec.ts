import { columnKeys, histogramScale, openedSort, percent, sortBy, sortedRows } from '../src/pages/stats/state';
import type { CardRow } from '../src/pages/stats/stats-data';

const row = (card: string, games: number, rate: number | null, averageFirstTurn: number | null) =>
  ({ card, games, copiesPlayed: games, playedWinRate: { rate, low: null, high: null, games, lowSample: false }, averageFirstTurn }) as unknown as CardRow;
const rows = [row('Be Prepared', 3, 0.5, 4), row('Ariel', 9, null, null), row('Elsa', 5, 0.8, 2)];
const cards = (list: CardRow[]) => list.map((r) => r.card);

describe("the stats page's card table", () => {
  it('opens with the most played cards first', () => {
    expect(cards(sortedRows(rows, openedSort))).toEqual(['Ariel', 'Elsa', 'Be Prepared']);
  });

  it('a header pressed again turns the order round; another column starts high to low, the card name A to Z', () => {
    const byTurn = sortBy(openedSort, 'turn');
    expect(byTurn).toEqual({ key: 'turn', descending: true });
    expect(sortBy(byTurn, 'turn')).toEqual({ key: 'turn', descending: false });
    expect(sortBy(byTurn, 'card')).toEqual({ key: 'card', descending: false });
  });

  it('sorts names alphabetically, and puts the cards without a win rate or a first turn past the others', () => {
    expect(cards(sortedRows(rows, { key: 'card', descending: false }))).toEqual(['Ariel', 'Be Prepared', 'Elsa']);
    expect(cards(sortedRows(rows, { key: 'winRate', descending: true }))).toEqual(['Elsa', 'Be Prepared', 'Ariel']);
    expect(cards(sortedRows(rows, { key: 'turn', descending: false }))).toEqual(['Elsa', 'Be Prepared', 'Ariel']);
  });

  it("shows Lorcana's own columns only for Lorcana", () => {
    expect(columnKeys('lorcana')).toEqual(['card', 'games', 'copies', 'winRate', 'turn', 'quests', 'lore', 'challenges', 'banishes', 'songs']);
    expect(columnKeys('four-souls')).toEqual(['card', 'games', 'copies', 'winRate', 'turn']);
  });

  it('writes a rate to a tenth of a percent, and none as a dash', () => {
    expect([percent(0.12345), percent(1), percent(null)]).toEqual(['12.3%', '100%', '–']);
  });
});

describe("the stats page's histogram", () => {
  it('scales to whole games, at most five ticks, the tallest bar reaching the top tick', () => {
    const scale = histogramScale({ '3': 7, '1': 2 });
    expect(scale.turns).toEqual([1, 3]);
    expect(scale.ticks).toEqual([0, 2, 4, 6, 8]);
    expect(scale.y(0)).toBe(scale.base);
    expect(scale.y(8)).toBe(scale.base - scale.height);
    expect(scale.labelled).toEqual([1, 2, 3]);
  });

  it('past twenty turns labels the first and every fifth', () => {
    expect(histogramScale({ '24': 1 }).labelled).toEqual([1, 5, 10, 15, 20]);
    expect(histogramScale({}).ticks).toEqual([0, 1]);
  });
});
