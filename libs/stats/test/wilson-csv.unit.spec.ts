import { MIN_SAMPLE, audiencesRead, toCsv, wilson } from '@matchlog/stats';

describe('Wilson intervals', () => {
  it('no games: no rate, no interval, a low sample', () => {
    expect(wilson(0, 0)).toEqual({ wins: 0, games: 0, rate: null, low: null, high: null, lowSample: true });
  });

  it.each([
    // Wilson's 95% score interval, each checked against a separate computation of the formula (z = 1.96)
    [5, 10, 0.5, 0.2366, 0.7634],
    [0, 10, 0, 0, 0.2775],
    [10, 10, 1, 0.7225, 1],
    [81, 263, 0.308, 0.2553, 0.3662],
  ])('%i wins of %i: %d in [%d, %d]', (wins, games, rate, low, high) => {
    expect(wilson(wins, games)).toEqual({ wins, games, rate, low, high, lowSample: games < MIN_SAMPLE });
  });

  it('a sample of 30 games or more is not marked', () => {
    expect(wilson(15, MIN_SAMPLE).lowSample).toBe(false);
    expect(wilson(15, MIN_SAMPLE - 1).lowSample).toBe(true);
  });
});

describe('CSV', () => {
  it('flattens rates, quotes what needs it, and defuses spreadsheet formulas', () => {
    const csv = toCsv([
      { card: 'Ariel - On Human Legs', winRate: wilson(1, 2), firstTurns: { 3: 1 } },
      { card: '=HYPERLINK("x")', winRate: wilson(0, 0), firstTurns: {} },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'card,winRate,winRateLow,winRateHigh,winRateGames,winRateWins,winRateLowSample,firstTurns',
      'Ariel - On Human Legs,0.5,0.0945,0.9055,2,1,true,"{""3"":1}"',
      `"'=HYPERLINK(""x"")",,,,0,0,true,{}`,
      '',
    ]);
  });
});

describe('which audience a statistic reads', () => {
  it('the public for public figures, the player alone for their own, each player for the organizer, never the judge', () => {
    expect(audiencesRead('cards', ['p1', 'p2'])).toEqual(['public']);
    expect(audiencesRead('own-cards', ['p1', 'p2'], 'p2')).toEqual(['p2']);
    expect(audiencesRead('own-cards', ['p1', 'p2'], 'judge')).toEqual([]);
    expect(audiencesRead('event-cards', ['p1', 'p2'])).toEqual(['p1', 'p2']);
  });
});
