import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';

/** Where English "game" is the game itself (Lorcana, Four Souls), or the idioms "in play" / "outside the game": "juego" in Spanish. */
const TITLE_OR_IDIOM = new Set([
  'zoneTitle.outside',
  'zone.outside',
  'picker.game',
  'picker.anyGame',
  'ruling.freeText',
  'newMatch.introAll',
  'newMatch.gameId',
  'newMatch.setsHint',
  'stats.gameNav',
]);

describe('Spanish: one word for a game of a match', () => {
  it('says "partida" wherever English says game for one game played, never "juego"', () => {
    const keys = (Object.keys(en) as (keyof typeof en)[]).filter((key) => /\bgames?\b/i.test(en[key]) && !TITLE_OR_IDIOM.has(key));
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => /\bjuegos?\b/i.test(es[key])).map((key) => `${key}: ${es[key]}`)).toEqual([]);
  });
});
