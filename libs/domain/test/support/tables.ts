import { at, cards, created } from '@matchlog/testkit';

/** A Lorcana table: p1 and p2 each with a named deck (top first) and hand. */
export const lorcanaTable = () =>
  created('lorcana', [
    ...cards('p1', 'deck', ['Ariel - On Human Legs', 'Stitch - Rock Star', 'Mickey Mouse - Brave Little Tailor', 'Elsa - Snow Queen']),
    ...cards('p1', 'hand', ['Be Prepared', 'Lyle Tiberius Rourke - Cunning Mercenary', 'Under the Sea']),
    ...cards('p2', 'deck', ['Maleficent - Monstrous Dragon', 'Jafar - Wicked Sorcerer', 'Hades - Lord of the Underworld']),
    ...cards('p2', 'hand', ['Moana - Of Motunui', 'Simba - Future King']),
  ]);

export const p1Deck = at('deck', 'p1');
export const p1Hand = at('hand', 'p1');
export const p1Play = at('play', 'p1');
export const p1Ink = at('inkwell', 'p1');
export const p1Discard = at('discard', 'p1');
export const p2Deck = at('deck', 'p2');
export const p2Hand = at('hand', 'p2');
export const p2Play = at('play', 'p2');

/** The same table, for a match that asks for a broadcast (read with its token): the `broadcast` audience exists only then. */
export const lorcanaTableWithBroadcast = () => {
  const table = lorcanaTable();
  return { ...table, data: { ...table.data, broadcastAccess: 'token' as const } };
};
