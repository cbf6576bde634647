import { MatchState, ZoneRef } from '@matchlog/domain';
import { Act, RecordedCard, cardsIn, counterChange, whereIs, zone } from '../recording';

/**
 * Four Souls' acts, as the domain's events: the zones of "Game Zones" (../shared/rules 002 and the ruleset
 * libs/domain/src/rules/four-souls.ts): four shared decks and discards, the slots whose topmost card is in play,
 * "Covered in a Slot", each player's hand and play, the Stack. Prices, combat and rewards have no text here and are
 * not checked: the recorder records cents and souls as the table pays and scores them (docs/guides/recording.md).
 */

export type SlotZone = 'shop-slot' | 'monster-slot' | 'room-slot';

export const slot = (name: SlotZone, number: number): ZoneRef => ({ zone: name, slot: number });
const shared = (name: string): ZoneRef => ({ zone: name });

const moved = (state: MatchState, cardId: string, to: ZoneRef, extra: object = {}): Act[] => {
  const from = whereIs(state, cardId);
  return from === undefined ? [] : [{ type: 'CardMoved', data: { cardId, from, to, ...extra } }];
};

/** The slots of that kind that hold a card, with the topmost card of each: what is in play there ("In Play"). */
export const slotsIn = (state: MatchState, name: SlotZone): { ref: ZoneRef; top: RecordedCard }[] =>
  (state.layout?.zones ?? [])
    .filter((instance) => instance.ref.zone === name)
    .flatMap((instance) => {
      const top = cardsIn(state, instance.ref)[0];
      return top === undefined ? [] : [{ ref: instance.ref, top }];
    });

/** Loot: the top card of the Loot deck to the player's hand ("Decks", "Hand"). */
export const loot = (state: MatchState, player: string): Act[] => {
  const top = cardsIn(state, shared('loot-deck'))[0];
  return top === undefined ? [] : moved(state, top.cardId, zone('hand', player));
};

/** A loot card of the hand played: onto the Stack, where loot goes to resolve ("The Stack"). */
export const playLoot = (state: MatchState, cardId: string, definition?: string): Act[] => moved(state, cardId, shared('stack'), definition === undefined ? {} : { definition });

/** The card atop the Stack resolves: a loot card to the Loot discard ("Discard"). */
export const resolveCard = (state: MatchState): Act[] => {
  const top = cardsIn(state, shared('stack'))[0];
  return top === undefined ? [] : moved(state, top.cardId, shared('loot-discard'), { reason: 'resolved' });
};

/** The topmost card of a shop slot, bought: it joins the player's items in play. The price is not checked (no text here). */
export const buy = (state: MatchState, player: string, shop: ZoneRef): Act[] => {
  const top = cardsIn(state, shop)[0];
  return top === undefined ? [] : moved(state, top.cardId, zone('play', player), { reason: 'bought' });
};

/**
 * A card from the top of a deck into a slot: onto an empty slot it is in play; onto a card, that card is covered
 * ("Covered in a Slot": a different zone, not in play, public).
 */
export const deal = (state: MatchState, deck: string, into: ZoneRef, definition?: string): Act[] => {
  const top = cardsIn(state, shared(deck))[0];
  if (top === undefined) return [];
  const under = cardsIn(state, into)[0];
  const naming = top.definition === null && definition !== undefined ? { definition } : {};
  return [...(under === undefined ? [] : moved(state, under.cardId, shared('covered'), { position: 'top' })), ...moved(state, top.cardId, into, naming)];
};

/**
 * The names a shared card nobody has identified may be given as it is revealed (a setup's decks, MatchCreated.lists
 * under player null): those of the shared list with a copy nobody has named yet.
 */
export const sharedNames = (state: MatchState): string[] => {
  const list = state.layout?.lists.get(null);
  if (list === undefined) return [];
  const named = new Map<string, number>();
  for (const card of state.cards) if (card.owner === null && card.definition !== null) named.set(card.definition, (named.get(card.definition) ?? 0) + 1);
  return [...list.values()]
    .filter((listed) => listed.copies > (named.get(listed.definition) ?? 0))
    .map((listed) => listed.definition)
    .sort();
};

/** A monster killed (or a card leaving a slot): to its discard; the rewards and souls are recorded as the table takes them. */
export const discardFrom = (state: MatchState, from: ZoneRef, discard: string): Act[] => {
  const top = cardsIn(state, from)[0];
  return top === undefined ? [] : moved(state, top.cardId, shared(discard), { reason: 'killed' });
};

/** A covered card enters play again in a slot when what covered it leaves ("Covered in a Slot"). */
export const uncover = (state: MatchState, cardId: string, into: ZoneRef): Act[] => moved(state, cardId, into, { reason: 'uncovered' });

/** Damage on a monster or character in play; HP left is printed hp less damage. */
export const damage = (state: MatchState, cardId: string, by: number): Act[] => {
  const where = whereIs(state, cardId);
  const card = where === undefined ? undefined : cardsIn(state, where).find((c) => c.cardId === cardId);
  if (card === undefined) return [];
  const next = Math.max(0, card.damage + by);
  return next === card.damage ? [] : [{ type: 'CardStatusChanged', data: { cardId, damage: next } }];
};

/**
 * A dice roll: "loot, abilities, dice rolls, and other things go to resolve" on the Stack ("The Stack"), so a roll is
 * an item of the Stack, from the card it is rolled for (an attacked monster, the player's character), until it resolves.
 * The event vocabulary has no roll event; the roll's face is the item's text, which every audience reads.
 */
export const roll = (state: MatchState, player: string, sourceCardId: string, face: number, what: 'attack' | 'roll' = 'roll'): Act[] => {
  if (face < 1 || face > 6 || state.layout?.cardIndex.get(sourceCardId) === undefined) return [];
  const triggerId = `roll-${state.revision + 1}`;
  return [{ type: 'TriggerAdded', data: { triggerId, player, sourceCardId, kind: 'dice roll', ability: what === 'attack' ? `attack roll: ${face}` : `rolled ${face}` } }];
};

/** The item atop the Stack resolves (last in, first out). */
export const resolveItem = (state: MatchState): Act[] => {
  const top = state.queue.items.at(-1);
  return top === undefined ? [] : [{ type: 'TriggerResolved', data: { triggerId: top.triggerId, player: top.player } }];
};

export const cents = (state: MatchState, player: string, by: number, reason?: string): Act[] => counterChange(state, player, 'cents', by, reason);

/** Souls, and the game's end at four ("the first player to control four souls is the winner", the ruleset's winsAt). */
export const souls = (state: MatchState, player: string, by: number, reason?: string): Act[] => counterChange(state, player, 'souls', by, reason);

/** The player's character: the first card of their play (it starts there, with the starting item). */
export const characterOf = (state: MatchState, player: string): RecordedCard | undefined => {
  const play = cardsIn(state, zone('play', player));
  return play.find((card) => /character/i.test(card.printed?.type ?? '')) ?? play[0];
};
