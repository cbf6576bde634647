import { MatchEvent, MatchState, PrintedFacts, ZoneRef, correctedId as correctedIdOf, correctionOf, printedOf as printedIn, zoneIndexOf } from '@matchlog/domain';

/**
 * What each of the recorder's buttons records, as the domain's events (ids and meta come later, from the
 * page and the server). Pure: the match as it is in, events out; the page checks them with the domain's
 * validate before it journals them, so nothing the domain refuses is ever sent.
 */
export interface Act {
  readonly type: MatchEvent['type'];
  readonly data: object;
}

export interface RecordedCard {
  readonly cardId: string;
  /** null: nobody has identified it (a paper match's deck, or a card drawn from it unseen) */
  readonly definition: string | null;
  readonly owner: string | null;
  readonly exerted: boolean;
  readonly damage: number;
  readonly printed?: PrintedFacts;
}

export const zone = (name: string, player: string): ZoneRef => ({ zone: name, player });

/** The cards of a zone, top first. */
export const cardsIn = (state: MatchState, ref: ZoneRef): RecordedCard[] => {
  const layout = state.layout;
  const index = layout === null ? undefined : zoneIndexOf(layout, ref);
  if (layout === null || index === undefined) return [];
  return state.zones[index].map((card) => {
    const { cardId, definition, owner, exerted, damage } = state.cards[card];
    const printed = printedIn(layout, card, state.cards[card]);
    return { cardId, definition, owner, exerted, damage, ...(printed !== undefined && { printed }) };
  });
};

const cardOf = (state: MatchState, cardId: string) => {
  const index = state.layout?.cardIndex.get(cardId);
  return index === undefined ? undefined : state.cards[index];
};

/** Where a card lies, as a ZoneRef. */
export const whereIs = (state: MatchState, cardId: string): ZoneRef | undefined => {
  const card = cardOf(state, cardId);
  return card === undefined ? undefined : state.layout?.zones[card.zone].ref;
};

const moved = (state: MatchState, cardId: string, to: ZoneRef, extra: object = {}): Act[] => {
  const from = whereIs(state, cardId);
  return from === undefined ? [] : [{ type: 'CardMoved', data: { cardId, from, to, ...extra } }];
};

export const loreOf = (state: MatchState, player: string): number => counterOf(state, player, 'lore');

export const counterOf = (state: MatchState, player: string, counter: string): number => state.counters[player]?.[counter] ?? 0;

/**
 * A change of a counter on a player, and the end of the game when it brings the player to the mark the game's
 * tournament practice sets (its ruleset's tournament.winsAt: Lorcana 20 lore, "Disney Lorcana Tournament Rules,
 * winning a game"; Four Souls 4 souls); the next event must end the match there.
 */
export const counterChange = (state: MatchState, player: string, counter: string, by: number, reason?: string): Act[] => {
  const now = counterOf(state, player, counter);
  const next = Math.max(0, now + by);
  if (next === now) return [];
  const acts: Act[] = [{ type: 'CounterChanged', data: { counter, player, by: next - now, ...(reason !== undefined && { reason }) } }];
  const winsAt = state.layout?.ruleset.tournament?.winsAt;
  if (winsAt?.counter === counter && now < winsAt.value && next >= winsAt.value)
    acts.push({ type: 'MatchEnded', data: { winner: player, reason: `${nameIn(state, player)} reached ${winsAt.value} ${counter}` } });
  return acts;
};

export const loreChange = (state: MatchState, player: string, by: number, reason?: string): Act[] => counterChange(state, player, 'lore', by, reason);

/** The players still in the match: those who have not left it. */
export const remaining = (state: MatchState): string[] => (state.layout?.playerIds ?? []).filter((p) => !state.departed.includes(p));

/**
 * The player loses: they leave the match, and when one player is left, that player wins it (two to four players).
 * `reason` says why, as every audience reads it ("Ada conceded").
 */
export const loses = (state: MatchState, player: string, reason: string): Act[] => {
  if (!remaining(state).includes(player)) return [];
  const left = remaining(state).filter((p) => p !== player);
  return [{ type: 'PlayerLeft', data: { player } }, ...(left.length === 1 ? [{ type: 'MatchEnded' as const, data: { winner: left[0], reason } }] : [])];
};

export const nameIn = (state: MatchState, player: string): string => state.layout?.players.find((p) => p.id === player)?.name ?? player;

export const draw = (state: MatchState, player: string): Act[] => {
  const top = cardsIn(state, zone('deck', player))[0];
  return top === undefined ? [] : moved(state, top.cardId, zone('hand', player));
};

/** A card of a hand as the recorder names it: its id, and the name it is given as it is seen when nobody had identified it. */
export interface Named {
  readonly cardId: string;
  readonly definition?: string;
}

const naming = (card: Named): object => (card.definition === undefined ? {} : { definition: card.definition });

export const ink = (state: MatchState, player: string, card: Named): Act[] => moved(state, card.cardId, zone('inkwell', player), naming(card));

/** Lorcana's actions (songs too) go to the discard once played; other cards stay in play. */
export const play = (state: MatchState, player: string, card: Named): Act[] => {
  const type = printedAs(state, card)?.type;
  const action = typeof type === 'string' && /action|song/i.test(type);
  return moved(state, card.cardId, zone(action ? 'discard' : 'play', player), { ...naming(card), ...(action && { reason: 'played' }) });
};

const printedOf = (state: MatchState, cardId: string): PrintedFacts | undefined => {
  const index = state.layout?.cardIndex.get(cardId);
  return index === undefined || state.layout === null ? undefined : printedIn(state.layout, index, state.cards[index]);
};

/** The printed facts of a card, or of the name it is being given. */
const printedAs = (state: MatchState, card: Named): PrintedFacts | undefined => {
  const owner = cardOf(state, card.cardId)?.owner;
  if (card.definition === undefined || owner == null) return printedOf(state, card.cardId);
  return state.layout?.lists.get(owner)?.get(card.definition)?.printed;
};

/** Whether the player's deck is a paper deck list (MatchCreated.lists): its cards have no names until they are seen. */
export const isPaper = (state: MatchState, player: string): boolean => state.layout?.lists.has(player) === true;

/**
 * The names a card of the player's hand may be given as it is revealed: at a paper table, those of the list with a
 * copy nobody has named yet, and of the hand's named cards; otherwise those the hand and the deck hold.
 */
export const namesFor = (state: MatchState, player: string, from: ZoneRef = zone('hand', player), deck: ZoneRef = zone('deck', player)): string[] => {
  const hand = cardsIn(state, from);
  const list = state.layout?.lists.get(player);
  if (list === undefined) return [...new Set([...hand, ...cardsIn(state, deck)].flatMap((c) => (c.definition === null ? [] : [c.definition])))].sort();
  const named = new Map<string, number>();
  for (const card of state.cards) if (card.owner === player && card.definition !== null) named.set(card.definition, (named.get(card.definition) ?? 0) + 1);
  // a sideboard's cards are registered, not in a zone: no card drawn or played is one of them
  const left = [...list.values()].filter((listed) => listed.section !== 'sideboard' && listed.copies > (named.get(listed.definition) ?? 0)).map((listed) => listed.definition);
  const unnamedInHand = hand.some((c) => c.definition === null);
  return [...new Set([...(unnamedInHand ? left : []), ...hand.flatMap((c) => (c.definition === null ? [] : [c.definition]))])].sort();
};

/**
 * The card of the hand that is shown as `definition`: one already known by that name, or else the hand's latest card
 * nobody has identified, which is given the name (at a paper table). Null when neither is there.
 */
export const revealFromHand = (state: MatchState, player: string, definition: string, from: ZoneRef = zone('hand', player)): Named | null => {
  const hand = cardsIn(state, from);
  const known = hand.find((c) => c.definition === definition);
  if (known !== undefined) return { cardId: known.cardId };
  const unnamed = hand.filter((c) => c.definition === null).at(-1);
  return unnamed === undefined ? null : { cardId: unnamed.cardId, definition };
};

const exert = (cardId: string, exerted = true): Act => ({ type: 'CardStatusChanged', data: { cardId, exerted } });

/** The character is exerted and its player gains its printed lore. */
export const quest = (state: MatchState, cardId: string): Act[] => {
  const card = cardOf(state, cardId);
  if (card?.controller == null) return [];
  return [exert(cardId), ...loreChange(state, card.controller, printedOf(state, cardId)?.lore ?? 0, 'quested')];
};

/** The attacker is exerted, and each deals its printed strength to the other as damage; the recorder banishes what the table banishes. */
export const challenge = (state: MatchState, attacker: string, defender: string): Act[] => {
  const a = cardOf(state, attacker);
  const d = cardOf(state, defender);
  if (a === undefined || d === undefined) return [];
  const hit = (card: typeof a, cardId: string, strength: number | undefined): Act[] =>
    strength ? [{ type: 'CardStatusChanged', data: { cardId, damage: card.damage + strength } }] : [];
  return [exert(attacker), ...hit(d, defender, printedOf(state, attacker)?.strength), ...hit(a, attacker, printedOf(state, defender)?.strength)];
};

/** The singer is exerted and the song, played, goes to the discard. */
export const sing = (state: MatchState, singer: string, song: Named): Act[] => {
  const owner = cardOf(state, song.cardId)?.owner;
  return owner == null ? [] : [exert(singer), ...moved(state, song.cardId, zone('discard', owner), { ...naming(song), reason: 'sung' })];
};

export const banish = (state: MatchState, cardId: string): Act[] => {
  const owner = cardOf(state, cardId)?.owner;
  return owner == null ? [] : moved(state, cardId, zone('discard', owner), { reason: 'banished' });
};

export const returnToHand = (state: MatchState, cardId: string): Act[] => {
  const owner = cardOf(state, cardId)?.owner;
  return owner == null ? [] : moved(state, cardId, zone('hand', owner), { reason: 'returned' });
};

export const damage = (state: MatchState, cardId: string, by: number): Act[] => {
  const card = cardOf(state, cardId);
  if (card === undefined) return [];
  const next = Math.max(0, card.damage + by);
  return next === card.damage ? [] : [{ type: 'CardStatusChanged', data: { cardId, damage: next } }];
};

export const toggleExert = (state: MatchState, cardId: string): Act[] => {
  const card = cardOf(state, cardId);
  return card === undefined ? [] : [exert(cardId, !card.exerted)];
};

/** Every exerted card the player has in play and in the inkwell, readied: one tap for what the table does at once. */
export const readyAll = (state: MatchState, player: string): Act[] =>
  [...cardsIn(state, zone('play', player)), ...cardsIn(state, zone('inkwell', player))].filter((c) => c.exerted).map((c) => exert(c.cardId, false));

const shuffled = (state: MatchState, player: string, cardIds: string[], random: () => number, deckName = 'deck'): Act => {
  if (isPaper(state, player)) return { type: 'ZoneShuffled', data: { zone: zone(deckName, player) } };
  const order = cardIds.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { type: 'ZoneShuffled', data: { zone: zone(deckName, player), order } };
};

/**
 * The player's deck shuffled. At a paper table (a deck list) nobody knows the new order, so none is recorded and the
 * deck's cards have no names after it; otherwise a new order, `random` in [0, 1) drawn outside (the server salts and
 * commits it).
 */
export const shuffle = (state: MatchState, player: string, random: () => number, deckName = 'deck'): Act[] => {
  const deck = cardsIn(state, zone(deckName, player)).map((c) => c.cardId);
  return deck.length === 0 ? [] : [shuffled(state, player, deck, random, deckName)];
};

/** The cards put back go to the bottom of the deck, as many are drawn from the top, then the deck is shuffled. */
export const mulligan = (state: MatchState, player: string, cardIds: readonly string[], random: () => number): Act[] => {
  if (cardIds.length === 0) return [];
  const deck = cardsIn(state, zone('deck', player));
  const back = cardIds.map((cardId) => ({ cardId, from: zone('hand', player), to: zone('deck', player), position: 'bottom' }));
  const drawn = deck.slice(0, cardIds.length).map((c) => ({ cardId: c.cardId, from: zone('deck', player), to: zone('hand', player) }));
  return [
    { type: 'CardsMoved', data: { moves: back } },
    { type: 'CardsMoved', data: { moves: drawn } },
    shuffled(state, player, [...deck.slice(cardIds.length).map((c) => c.cardId), ...cardIds], random),
  ];
};

/** The cards a mulligan of `count` puts back: at a paper table the recorder cannot see which, so cards nobody has named first. */
export const mulliganed = (state: MatchState, player: string, count: number): string[] => {
  const hand = cardsIn(state, zone('hand', player));
  return [...hand.filter((c) => c.definition === null), ...hand.filter((c) => c.definition !== null)].slice(0, count).map((c) => c.cardId);
};

/** The next player's turn. */
export const endTurn = (state: MatchState): Act[] => {
  const players = state.layout?.playerIds ?? [];
  const now = state.turn.player;
  const seat = now === null ? -1 : players.indexOf(now);
  // the next seat round the table of a player still in the match
  const next = [...players.slice(seat + 1), ...players.slice(0, seat + 1)].find((p) => !state.departed.includes(p));
  return next === undefined ? [] : [{ type: 'TurnStarted', data: { player: next, turn: state.turn.number + 1 } }];
};

/** The player concedes: they leave the match; the last player left wins it. */
export const concede = (state: MatchState, player: string): Act[] => loses(state, player, `${nameIn(state, player)} conceded`);

const movesOf = (event: MatchEvent) => (event.type === 'CardMoved' ? [event.data] : event.type === 'CardsMoved' ? event.data.moves : []);

/** The event that last moved a card into where it lies now (a draw, a return …), if the log holds one. */
const arrivalOf = (events: readonly MatchEvent[], cardId: string): MatchEvent | undefined => {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.type === 'CardMoved' && event.data.cardId === cardId) return event;
    if (event.type === 'CardsMoved' && event.data.moves.some((m) => m.cardId === cardId)) return event;
  }
  return undefined;
};

/**
 * Naming a hidden card when it is revealed: the recorder saw a card drawn face down, and the log holds some card of
 * that deck in the hand; now the card is shown, and it is `definition`. When the zone holds no such card but the
 * player's deck does, the draw of the zone's latest unnamed card is corrected: that card goes back where the named
 * one lay in the deck, the named one takes its place (a correction, marked with the draw's id). Returns the card id
 * to use, and the events to record first (none when the zone holds such a card already).
 */
export const nameHidden = (state: MatchState, events: readonly MatchEvent[], where: ZoneRef, definition: string, deckName = 'deck'): { cardId: string; first: Act[] } | null => {
  const inZone = cardsIn(state, where);
  const here = inZone.find((c) => c.definition === definition);
  if (here !== undefined) return { cardId: here.cardId, first: [] };
  const player = where.player;
  if (player === undefined) return null;
  const deck = cardsIn(state, zone(deckName, player));
  const wanted = deck.findIndex((c) => c.definition === definition);
  // the latest card that came here from the deck unseen: not named since (a naming is a correction)
  const unseen = [...inZone].reverse().flatMap((c) => {
    const arrival = arrivalOf(events, c.cardId);
    const from = arrival === undefined ? undefined : movesOf(arrival).find((m) => m.cardId === c.cardId)?.from;
    return arrival !== undefined && from?.zone === deckName && correctedIdOf(arrival) === undefined ? [{ card: c, arrival }] : [];
  })[0];
  if (wanted < 0 || unseen === undefined) return null;
  const { card: unnamed, arrival } = unseen;
  const swap: Act = {
    type: 'CardsMoved',
    data: {
      moves: [
        { cardId: deck[wanted].cardId, from: zone(deckName, player), to: where },
        { cardId: unnamed.cardId, from: where, to: zone(deckName, player), position: wanted },
      ],
      corrects: arrival.id,
    },
  };
  return { cardId: deck[wanted].cardId, first: [swap] };
};

/** The events that undo one recorded event (see correctionOf), or none. */
export const correct = (before: MatchState, event: MatchEvent): Act[] => correctionOf(before, event);
