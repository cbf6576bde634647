import { MatchCreated } from '@matchlog/domain';
import { Entropy } from '../../src/ports';

/** Entropy that counts: ids (`prefix`-n) and salts the same on every run, each draw new. */
export const countingEntropy = (prefix = 'id'): Entropy & { draws: string[] } => {
  let n = 0;
  const draws: string[] = [];
  const next = (what: string) => (draws.push(what), ++n);
  return {
    draws,
    uuid: () => `${prefix}-${next('uuid')}`,
    hex: (bytes: number) =>
      next(`hex${bytes}`)
        .toString(16)
        .padStart(bytes * 2, '0'),
  };
};

/** A small Lorcana match: p1's deck holds c01 and c02. */
export const created: MatchCreated = {
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [
    { cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'deck', player: 'p1' } },
    { cardId: 'c02', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'deck', player: 'p1' } },
    { cardId: 'c03', owner: 'p2', definition: 'Moana - Of Motunui', zone: { zone: 'hand', player: 'p2' } },
  ],
} as MatchCreated;

export const shuffle = { type: 'ZoneShuffled' as const, data: { zone: { zone: 'deck', player: 'p1' }, order: ['c02', 'c01'] } };
export const turn = (n: number) => ({ type: 'TurnStarted' as const, data: { player: n % 2 ? 'p1' : 'p2', turn: n } });
