import { FormValues, bodyOf, deckListValue } from '../src/pages/new-match/body';
import { SEAT_RANGE, seatCount, seatIds } from '../src/pages/new-match/seats';
import { P1_LIST, P2_LIST } from './support/deck-lists';

const OMNIDEX = ['# Material Deck', '1 Spirit of Fire', '1 Lorraine, Wandering Warrior', '', '# Main Deck', '4 Ignited Strike', '', '# Sideboard', '2 Suffocating Miasma'].join(
  '\n',
);
const DECK_SITE = { cards: { material: [{ quantity: 1, name: 'Spirit of Fire', uuid: 'abc' }], main: [{ quantity: 4, name: 'Ignited Strike', uuid: 'def' }], sideboard: [] } };

const seat = (id: string, fields: Partial<FormValues['seats'][number]> = {}) => ({ id, name: '', deck: '', character: '', startingItem: '', ...fields });
const form = (fields: Partial<FormValues>): FormValues => ({
  game: 'lorcana',
  seats: [seat('p1'), seat('p2')],
  sets: '',
  bonusSouls: false,
  event: '',
  round: '',
  table: '',
  gameNumber: '1',
  bestOf: 3,
  broadcast: 'none',
  delayMinutes: '5',
  ...fields,
});

describe('the body the new-match form sends to POST /matches, per game', () => {
  it("Lorcana: each seat's list as the text pasted, under deckLists by player id; no setup", () => {
    const body = bodyOf(form({ seats: [seat('p1', { name: ' Ana Ortiz ', deck: P1_LIST }), seat('p2', { deck: P2_LIST })], event: 'Riverside Cup', round: '2', table: '7' }));
    expect(body.game).toBe('lorcana');
    expect(body.players).toEqual([
      { id: 'p1', name: 'Ana Ortiz' },
      { id: 'p2', name: 'p2' },
    ]);
    expect(body.deckLists).toEqual({ p1: P1_LIST, p2: P2_LIST });
    expect(body.setup).toBeUndefined();
    expect(body.tournament).toEqual({ event: 'Riverside Cup', round: 2, table: 7, game: 1, bestOf: 3 });
    expect(body.broadcastAccess).toBeUndefined();
  });

  it("Grand Archive: an Omnidex export goes as text, a deck site's JSON as its object; JSON that does not parse as text", () => {
    const body = bodyOf(form({ game: 'grand-archive', seats: [seat('p1', { deck: OMNIDEX }), seat('p2', { deck: JSON.stringify(DECK_SITE, null, 2) })] }));
    expect(body.game).toBe('grand-archive');
    expect(body.deckLists).toEqual({ p1: OMNIDEX, p2: DECK_SITE });
    expect(deckListValue('grand-archive', '{"cards": {"main": [')).toBe('{"cards": {"main": [');
    expect(deckListValue('grand-archive', '{"name": "not a deck"}')).toBe('{"name": "not a deck"}');
    // Lorcana's lists are never read as JSON
    expect(deckListValue('lorcana', JSON.stringify(DECK_SITE))).toBe(JSON.stringify(DECK_SITE));
  });

  it("Four Souls: four seats' characters, starting items only where typed, the sets split, bonus souls; no deck lists", () => {
    const seats = [
      seat('p1', { name: 'Ana', character: ' Isaac ', deck: 'left over from Lorcana' }),
      seat('p2', { name: 'Ben', character: 'Maggy', startingItem: 'Yum Heart' }),
      seat('p3', { name: 'Cy', character: 'Cain' }),
      seat('p4', { name: 'Di', character: 'Judas' }),
    ];
    const body = bodyOf(form({ game: 'four-souls', seats, sets: ' b2 ,\n, b2plus', bonusSouls: true, bestOf: 1 }));
    expect(body.players.map((player) => player.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(body.deckLists).toBeUndefined();
    expect(body.setup).toEqual({
      characters: { p1: 'Isaac', p2: 'Maggy', p3: 'Cain', p4: 'Judas' },
      startingItems: { p2: 'Yum Heart' },
      sets: ['b2', 'b2plus'],
      bonusSouls: true,
    });
    const plain = bodyOf(form({ game: 'four-souls', seats: seats.slice(0, 2).map((s) => ({ ...s, startingItem: '' })) }));
    expect(plain.setup).toEqual({ characters: { p1: 'Isaac', p2: 'Maggy' } });
  });

  it('a broadcast carries its access and its delay in seconds; none carries neither', () => {
    expect(bodyOf(form({ broadcast: 'token', delayMinutes: '2.5' }))).toMatchObject({ broadcastAccess: 'token', broadcastDelay: { seconds: 150 } });
    expect(bodyOf(form({ broadcast: 'public', delayMinutes: '0' })).broadcastDelay).toBeUndefined();
    expect(bodyOf(form({ broadcast: 'none', delayMinutes: '5' })).broadcastDelay).toBeUndefined();
  });

  it('seats: two for Lorcana and Grand Archive, two to four for Four Souls, named p1 … pN', () => {
    expect(seatIds(4)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(seatCount('four-souls', 5)).toBe(4);
    expect(seatCount('four-souls', 3)).toBe(3);
    expect(seatCount('four-souls', 1)).toBe(2);
    // a Four Souls table of four switched to Lorcana keeps two seats
    expect(seatCount('lorcana', 4)).toBe(2);
    expect(seatCount('grand-archive', 3)).toBe(2);
    expect(SEAT_RANGE['four-souls']).toEqual({ min: 2, max: 4 });
  });
});
