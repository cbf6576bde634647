import { EventOf, PUBLIC } from '@matchlog/domain';
import { cardTable, factsOf, readingOf } from '@matchlog/stats';
import { importedReplay } from './support/imported';

/**
 * The figures a new user found wrong, each from the imported replay that showed it (../shared/replays/tcg-online,
 * 01-…: 168 steps, 25 turns, challenges with damage and banishes).
 */
describe("Lorcana's figures on replay 01, as a new user read them", () => {
  const replay = importedReplay('01-');
  const reading = readingOf(replay.events, PUBLIC, factsOf('lorcana'));
  const definitionOf = new Map((replay.events[0] as EventOf<'MatchCreated'>).data.cards.map((card) => [card.cardId, card.definition]));
  const challengesBy = (definition: string) =>
    replay.raw.steps.flatMap((step) => step.logs).filter((log) => log.type === 'challenge' && definitionOf.get(`card-${log.attackerId}`) === definition);

  it('"Diablo - Watchful Raven" is credited with the banishes of its own challenges only, not of the triggers and cards under that followed', () => {
    const diablo = reading.seats.find((seat) => seat.player === 'p1')!.cards['Diablo - Watchful Raven'];
    const raw = challengesBy('Diablo - Watchful Raven');
    expect(raw).toHaveLength(1);
    expect(diablo.challenges).toBe(raw.length);
    expect(diablo.banishes).toBe(raw.flatMap((log) => log.banished!.filter((card) => card !== log.attackerId)).length);
  });

  it('every challenge the replay logs is counted, the challenger banished in it too (The Headless Horseman, Tinker Bell)', () => {
    for (const definition of ['The Headless Horseman - Terror of Sleepy Hollow', 'Tinker Bell - Fancy Footwork']) {
      const line = reading.seats.find((seat) => seat.player === 'p1')!.cards[definition];
      expect([definition, line.challenges]).toEqual([definition, challengesBy(definition).length]);
    }
  });

  it('"Jasmine - Steady Strategist", only ever put face down under another card (Boost), has no row: every row has games', () => {
    const jasmine = reading.seats.find((seat) => seat.player === 'p2')!.cards['Jasmine - Steady Strategist'];
    expect(jasmine).toBeUndefined();
    const table = cardTable([reading]);
    expect(table.find((row) => row.card === 'Jasmine - Steady Strategist')).toBeUndefined();
    for (const row of table) expect([row.card, row.games + row.deckWinRate.games > 0]).toEqual([row.card, true]);
  });

  it('a card face down under another is not banished when that card is: it is put in the discard with it', () => {
    const banishedRaw = replay.raw.steps.flatMap((step) => step.logs).flatMap((log) => log.outcomes?.cardsBanished ?? []);
    const banishedRead = reading.seats.flatMap((seat) => Object.values(seat.cards)).reduce((sum, line) => sum + line.banished, 0);
    expect(banishedRead).toBe(banishedRaw.length);
  });

  it('averageFirstTurn comes with its histogram: the turns first played add up to the games that have one', () => {
    for (const row of cardTable([reading])) {
      const games = Object.values(row.firstTurns).reduce((sum, n) => sum + n, 0);
      expect([row.card, games]).toEqual([row.card, row.averageFirstTurn === null ? 0 : row.games]);
    }
  });
});
