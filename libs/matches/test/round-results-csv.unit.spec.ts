import { csvField, roundResultsCsv } from '../src/results/round-results-csv';
import { RoundResults } from '../src/results/round-results';

describe('round results as CSV', () => {
  it('quotes per RFC 4180: a comma, a quote or a line break is quoted, quotes doubled', () => {
    expect(csvField('p1')).toBe('p1');
    expect(csvField('Smith, Ada')).toBe('"Smith, Ada"');
    expect(csvField('Ada "the" Great')).toBe('"Ada ""the"" Great"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=HYPERLINK("x")', '+1', '-1+2', '@SUM(A1)', '\tx'])('never a formula: %j gets a leading quote', (value) => {
    expect(csvField(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('one CRLF row per table after the header; an undecided match has an empty result and a game in progress an empty outcome', () => {
    const results: RoundResults = {
      event: 'Cup',
      round: 1,
      tables: [
        {
          table: null,
          players: [{ id: 'p1' }, { id: 'p2' }],
          bestOf: 3,
          games: [
            { game: 1, matchId: 'm1', ended: true, winner: 'p1', draw: false },
            { game: 2, matchId: 'm2', ended: false, winner: null, draw: false },
          ],
          result: { wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false },
        },
      ],
    };
    expect(roundResultsCsv(results)).toBe('table,player1,player2,player1_wins,player2_wins,draws,result,decided,games\r\n,p1,p2,1,0,0,,false,p1;\r\n');
  });
});
