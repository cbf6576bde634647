/** A small Lorcana match as the HTTP API takes it. */
export const lorcanaMatch = (matchId?: string) => ({
  ...(matchId && { matchId }),
  game: 'lorcana',
  players: [
    { id: 'p1', name: 'Ada' },
    { id: 'p2', name: 'Grace' },
  ],
  cards: [
    { cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'deck', player: 'p1' } },
    { cardId: 'c02', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'deck', player: 'p1' } },
    { cardId: 'c03', owner: 'p1', definition: 'Be Prepared', zone: { zone: 'hand', player: 'p1' } },
    { cardId: 'c04', owner: 'p1', definition: 'Lyle Tiberius Rourke - Cunning Mercenary', zone: { zone: 'hand', player: 'p1' } },
    { cardId: 'c05', owner: 'p2', definition: 'Maleficent - Monstrous Dragon', zone: { zone: 'deck', player: 'p2' } },
    { cardId: 'c06', owner: 'p2', definition: 'Moana - Of Motunui', zone: { zone: 'hand', player: 'p2' } },
  ],
  tournament: { event: 'Lyon Regional', round: 3, table: 12 },
});

export const zone = (zone: string, player?: string) => ({ zone, ...(player && { player }) });

export const draw = (cardId = 'c01') => ({ type: 'CardMoved', data: { cardId, from: zone('deck', 'p1'), to: zone('hand', 'p1') } });

/** Secret to everyone but p1 (and the judge) after `draw()`: the drawn card and p1's hand. */
export const P1_SECRETS = ['Ariel - On Human Legs', 'Be Prepared', 'Lyle Tiberius Rourke - Cunning Mercenary'];
export const CARD_IDS = ['c01', 'c02', 'c03', 'c04', 'c05', 'c06'];

/** The messages of an error body's `details` (docs/reference/errors.md), one per field at fault. */
export const detailMessages = (body: { details?: { message: string }[] }): string[] => (body.details ?? []).map((detail) => detail.message);
