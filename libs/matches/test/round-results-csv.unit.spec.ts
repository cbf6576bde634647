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

  it.each(['＝HYPERLINK("x")', '＋1', '－1+2', '＠SUM(A1)', '﹦1', '﹢1', '﹣1', '﹫x'])('never a formula once folded: %j (fullwidth, small) gets a leading quote', (value) => {
    expect(csvField(value).replace(/^"|"$/g, '')).toBe(`'${value}`.replace(/"/g, '""'));
  });

  it.each(['Ａda', '１0', 'Ｐ1', "'quoted"])('a name that folds to no formula is left as it is: %j', (value) => {
    expect(csvField(value)).toBe(value);
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
            { game: 1, matchId: 'm1', ended: true, winner: 'p1', draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
            { game: 2, matchId: 'm2', ended: false, winner: null, draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
          ],
          result: { wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false },
        },
      ],
    };
    expect(roundResultsCsv(results)).toBe(
      'table,player1,player1_name,player2,player2_name,player1_wins,player2_wins,draws,result,decided,games,duplicates,void\r\n,p1,,p2,,1,0,0,,false,p1;,,\r\n',
    );
  });

  it("names the players beside their seat ids, shows a void game as void, and lists the duplicates' and the void games' match ids", () => {
    const results: RoundResults = {
      event: 'Cup',
      round: 3,
      tables: [
        {
          table: 12,
          players: [
            { id: 'p1', name: 'Ana Ortiz' },
            { id: 'p2', name: 'Smith, Ben' },
          ],
          bestOf: 3,
          games: [
            { game: null, matchId: 'm1', ended: true, winner: 'p1', draw: false, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
            { game: null, matchId: 'm2', ended: true, winner: 'p1', draw: false, voided: true, duplicate: false, timeExtensions: { count: 0, seconds: 0 } },
            { game: null, matchId: 'm3', ended: true, winner: 'p1', draw: false, voided: false, duplicate: true, timeExtensions: { count: 0, seconds: 0 } },
            { game: null, matchId: 'm4', ended: true, winner: 'p1', draw: false, voided: false, duplicate: true, timeExtensions: { count: 0, seconds: 0 } },
          ],
          result: { wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, unnumberedDuplicates: 2 },
        },
      ],
    };
    expect(roundResultsCsv(results).split('\r\n')[1]).toBe('12,p1,Ana Ortiz,p2,"Smith, Ben",1,0,0,,false,p1;void;p1;p1,m3;m4,m2');
  });
});
