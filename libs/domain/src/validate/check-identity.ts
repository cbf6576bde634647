import { CardsRevealed, MatchCreated, Move } from '../events/events';
import { MatchLayout, MatchState } from '../state/match-state';
import { Verdict, accepted, rejected } from './domain-error';

/**
 * A paper match's cards against its lists: a card without a definition belongs to a player with a list (a shared card,
 * owner null, to the shared list, player null), every list is a player's or the shared one, and each has exactly as
 * many cards without a definition as the list holds outside its sideboard (other starting cards, given with their
 * names, are the match's own).
 */
export const checkLists = (created: MatchCreated, players: readonly string[]): Verdict => {
  const lists = created.lists ?? [];
  for (const [i, list] of lists.entries()) {
    const whose = list.player ?? 'the shared cards';
    if (list.player !== null && !players.includes(list.player))
      return rejected('UNKNOWN_PLAYER', 'matchlog', `no player "${list.player}" in this match`, `data.lists[${i}].player`);
    if (lists.findIndex((other) => other.player === list.player) !== i)
      return rejected('LIST_NOT_MATCHING_CARDS', 'matchlog', `${whose} have two lists: give one`, `data.lists[${i}].player`);
    // a sideboard's cards are registered, not in a zone
    const size = list.cards.reduce((sum, card) => sum + (card.section === 'sideboard' ? 0 : card.copies), 0);
    const cards = created.cards.filter((card) => card.owner === list.player && typeof card.definition !== 'string').length;
    if (cards !== size)
      return rejected(
        'LIST_NOT_MATCHING_CARDS',
        'matchlog',
        `${whose}'s list holds ${size} cards, but the match gives ${whose} ${cards} without a definition`,
        `data.lists[${i}].cards`,
      );
  }
  const unlisted = created.cards.findIndex((card) => typeof card.definition !== 'string' && !lists.some((list) => list.player === card.owner));
  return unlisted < 0
    ? accepted
    : rejected(
        'LIST_NOT_MATCHING_CARDS',
        'matchlog',
        `card "${created.cards[unlisted].cardId}" has no definition, and its owner has no list in lists to name it from`,
        `data.cards[${unlisted}].definition`,
      );
};

/** A name is given once, as a card nobody had identified is seen; it is taken back only by a correction. */
const checkName = (state: MatchState, layout: MatchLayout, cardId: string, definition: string | null, corrects: string | undefined, path: string): Verdict => {
  const index = layout.cardIndex.get(cardId);
  if (index === undefined) return accepted;
  const now = state.cards[index].definition;
  if (definition === null)
    return corrects === undefined
      ? rejected('NAME_TAKEN_BACK_WITHOUT_CORRECTION', 'matchlog', `only a correction (with corrects) takes back the name of "${cardId}"`, path)
      : accepted;
  if (now === null || now === definition) return accepted;
  return rejected('CARD_ALREADY_NAMED', 'matchlog', `card "${cardId}" is already known as "${now}": correct the event that named it instead`, path);
};

export const checkMoveName = (state: MatchState, layout: MatchLayout, move: Move, corrects: string | undefined, path: string): Verdict =>
  move.definition === undefined ? accepted : checkName(state, layout, move.cardId, move.definition, corrects, `${path}.definition`);

export const checkRevealNames = (state: MatchState, layout: MatchLayout, reveal: CardsRevealed): Verdict => {
  const names = reveal.definitions;
  if (names === undefined) return accepted;
  if (names.length !== reveal.cardIds.length)
    return rejected('MALFORMED_EVENT', 'matchlog', `definitions names ${names.length} cards, cardIds ${reveal.cardIds.length}: give one name per card`, 'data.definitions');
  for (const [i, cardId] of reveal.cardIds.entries()) {
    const verdict = checkName(state, layout, cardId, names[i], undefined, `data.definitions[${i}]`);
    if (!verdict.ok) return verdict;
  }
  return accepted;
};

/**
 * A shuffle with an order names where identified cards went; at a paper table nobody knows, so a zone holding a card
 * nobody identified is shuffled without one. Without an order, every card must be a listed player's (digital
 * matches keep their orders and commitments).
 */
export const checkShuffleOrder = (state: MatchState, layout: MatchLayout, cards: readonly number[], ordered: boolean): Verdict => {
  if (ordered) {
    const unknown = cards.find((card) => state.cards[card].definition === null);
    return unknown === undefined
      ? accepted
      : rejected(
          'SHUFFLE_OF_UNIDENTIFIED',
          'matchlog',
          `card "${state.cards[unknown].cardId}" is one nobody has identified, so nobody knows the order: record the shuffle without order`,
          'data.order',
        );
  }
  const unlisted = cards.find((card) => !layout.lists.has(state.cards[card].owner));
  return unlisted === undefined
    ? accepted
    : rejected('SHUFFLE_ORDER_REQUIRED', 'matchlog', `card "${state.cards[unlisted].cardId}" has no deck list to be named from: give the shuffle's order`, 'data.order');
};
