import { GameId, MatchEvent, MatchState, Move, StartingCard, ZoneRef, emptyMatch, evolve, validate } from '@matchlog/domain';
import { at, event } from './events';

/**
 * Generates a random legal match from a list of choices (as fast-check draws them). Every card has a
 * distinct definition and an id that starts with "CID-", so a test can spot either in any payload.
 */
export const randomMatch = (game: GameId, choices: readonly number[], maxSteps = 160, seats = 2): MatchEvent[] => {
  const table = setups[game];
  const players = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
  const events: MatchEvent[] = [];
  let state = emptyMatch;
  let c = 0;
  const pick = (n: number): number => (n <= 0 ? 0 : choices[c++ % choices.length] % n);
  const push = (e: MatchEvent) => {
    const verdict = validate(state, e);
    if (!verdict.ok) throw new Error(`generator produced an invalid event: ${JSON.stringify(verdict.error)} ${JSON.stringify(e)}`);
    events.push(e);
    state = evolve(state, e);
  };
  push(event('MatchCreated', { game, players: players.map((id) => ({ id })), cards: table.cards(players) }));
  let triggers = 0;
  let effects = 0;
  const steps = Math.min(choices.length, maxSteps);
  for (let step = 0; step < steps; step++) {
    const options = actions(
      state,
      table,
      players,
      pick,
      () => `t${++triggers}`,
      () => `fx${++effects}`,
    ).filter((a) => a !== null);
    if (options.length === 0) break;
    push(options[pick(options.length)]!);
  }
  return events;
};

interface Setup {
  readonly cards: (players: readonly string[]) => StartingCard[];
  /** zone names by role, per player where the zone is a player's */
  readonly deck: string;
  readonly sharedDeck?: boolean;
  readonly hand: string;
  readonly play: string;
  readonly pile: string;
  readonly hiddenPile: string;
  readonly faceDownPublic?: boolean;
  /** a counter the ruleset keeps: on a player, or on a card in play */
  readonly counter?: { readonly name: string; readonly on: 'player' | 'card' };
}

const deal = (game: string, owner: string | null, zone: ZoneRef, n: number, offset = 0): StartingCard[] =>
  Array.from({ length: n }, (_, i) => ({
    cardId: `CID-${owner ?? 'x'}-${zone.zone}-${zone.slot ?? ''}${i + offset}`,
    owner,
    definition: `${game}:${owner ?? 'shared'}:${zone.zone}${zone.slot ?? ''}:card-${i + offset}`,
    zone,
  }));

const setups: Record<GameId, Setup> = {
  lorcana: {
    cards: (players) => players.flatMap((p) => [...deal('lor', p, at('deck', p), 14), ...deal('lor', p, at('hand', p), 3, 100)]),
    deck: 'deck',
    hand: 'hand',
    play: 'play',
    pile: 'discard',
    hiddenPile: 'inkwell',
    faceDownPublic: true,
    counter: { name: 'lore', on: 'player' },
  },
  'four-souls': {
    cards: (players) => [
      ...deal('fs', null, at('loot-deck'), 16),
      ...deal('fs', null, at('treasure-deck'), 6),
      ...deal('fs', null, at('shop-slot', undefined, 1), 1),
      ...deal('fs', null, at('monster-slot', undefined, 1), 1),
      ...deal('fs', null, at('covered'), 1),
      ...players.flatMap((p) => deal('fs', p, at('play', p), 1)),
    ],
    deck: 'loot-deck',
    sharedDeck: true,
    hand: 'hand',
    play: 'play',
    pile: 'loot-discard',
    hiddenPile: 'treasure-deck',
  },
  'grand-archive': {
    cards: (players) => players.flatMap((p) => [...deal('ga', p, at('main-deck', p), 12), ...deal('ga', p, at('material-deck', p), 3, 50)]),
    deck: 'main-deck',
    hand: 'hand',
    play: 'field',
    pile: 'graveyard',
    hiddenPile: 'memory',
    faceDownPublic: true,
    counter: { name: 'buff', on: 'card' },
  },
};

type Maybe = MatchEvent | null;

const actions = (state: MatchState, s: Setup, players: readonly string[], pick: (n: number) => number, triggerId: () => string, effectId: () => string): Maybe[] => {
  const layout = state.layout!;
  const i = pick(players.length);
  const p = players[i];
  // two players: the other one, drawing nothing more (so two-player matches are what they always were)
  const other = players.length === 2 ? players[1 - i] : players[(i + 1 + pick(players.length - 1)) % players.length];
  const z = (zone: string, player?: string): ZoneRef => (layout.zones.some((i) => i.key === zone) ? at(zone) : at(zone, player));
  const inZone = (ref: ZoneRef): string[] =>
    state.zones[layout.zoneIndex.get(ref.player ? `${ref.zone}@${ref.player}` : ref.slot ? `${ref.zone}#${ref.slot}` : ref.zone)!].map((i) => state.cards[i].cardId);
  const deck = s.sharedDeck ? at(s.deck) : at(s.deck, p);
  const hand = at(s.hand, p);
  const play = at(s.play, p);
  const pile = z(s.pile, p);
  const hiddenPile = z(s.hiddenPile, p);
  const one = (ids: string[]) => (ids.length ? ids[pick(ids.length)] : null);
  const mv = (cardId: string | null, from: ZoneRef, to: ZoneRef, extra: Partial<Move> = {}): Maybe => (cardId === null ? null : event('CardMoved', { cardId, from, to, ...extra }));
  const deckCards = inZone(deck);
  const handCards = inZone(hand);
  const playCards = inZone(play);
  const pending = state.queue.items;
  const permutation = (ids: string[]) => {
    const rest = ids.slice();
    const out: string[] = [];
    while (rest.length) out.push(rest.splice(pick(rest.length), 1)[0]);
    return out;
  };
  const refill = s.sharedDeck && deckCards.length === 0 && inZone(pile).length > 0;
  return [
    mv(deckCards[0] ?? null, deck, hand),
    mv(deckCards[0] ?? null, deck, hand),
    mv(one(handCards), hand, play),
    mv(one(handCards), hand, play, s.faceDownPublic ? { faceDown: true } : {}),
    mv(one(handCards), hand, hiddenPile, { faceDown: true }),
    mv(one(playCards), play, pile, { reason: 'banished' }),
    mv(one(playCards), play, hand, { reason: 'returned' }),
    mv(one(inZone(pile)), pile, hand),
    mv(one(deckCards), deck, hand, { reason: 'searched' }),
    mv(deckCards[0] ?? null, deck, play),
    mv(one(handCards), hand, deck, { position: 'bottom' }),
    refill ? event('ZoneShuffled', { zone: deck, order: permutation(inZone(pile)) }) : null,
    deckCards.length > 1 ? event('ZoneShuffled', { zone: deck, order: permutation(deckCards) }) : null,
    deckCards.length ? event('CardsLookedAt', { player: p, cardIds: deckCards.slice(0, 1 + pick(3)), ...(playCards[0] && { source: playCards[0] }) }) : null,
    handCards.length ? event('CardsRevealed', { cardIds: [one(handCards)!], ...(pick(2) ? { to: [other] } : {}) }) : null,
    handCards.length > 1 ? event('CardsMoved', { moves: handCards.slice(0, 2).map((cardId) => ({ cardId, from: hand, to: deck, position: 'bottom' as const })) }) : null,
    playCards.length > 1
      ? event('CardsMoved', { moves: playCards.slice(0, 2).map((cardId) => ({ cardId, from: play, to: deck, position: 'bottom' as const, reason: 'Under the Sea' })) })
      : null,
    deckCards.length > 2 ? event('CardsMoved', { moves: deckCards.slice(0, 2).map((cardId) => ({ cardId, from: deck, to: deck, position: 'bottom' as const })) }) : null,
    playCards.length ? event('CardStatusChanged', { cardId: one(playCards)!, exerted: pick(2) === 1, damage: pick(3) }) : null,
    playCards.length && s.faceDownPublic ? event('CardStatusChanged', { cardId: one(playCards)!, faceDown: pick(2) === 1 }) : null,
    playCards.length ? event('ControlChanged', { cardId: one(playCards)!, controller: other }) : null,
    event('SearchPerformed', { player: p, zone: deck, criteria: 'a character', found: pick(3) === 0 ? null : one(deckCards) }),
    event('TurnStarted', { player: p, turn: 1 + pick(20) }),
    ...counterChanges(state, s, p, one(playCards), pick),
    state.time.called === null ? event('TimeCalled', {}) : event('TimeExtended', { seconds: 60 + pick(240), reason: 'a ruling' }),
    playCards.length ? event('TriggerAdded', { triggerId: triggerId(), player: p, sourceCardId: one(playCards)!, ability: 'When played' }) : null,
    handCards.length ? event('TriggerAdded', { triggerId: triggerId(), player: p, sourceCardId: one(handCards)!, ability: 'Hidden source' }) : null,
    pending.length ? event('TriggerResolved', { triggerId: pending[pick(pending.length)].triggerId, player: p }) : null,
    state.effects.length
      ? event('EffectResolved', { effectId: state.effects[0].effectId })
      : event('EffectStarted', { effectId: effectId(), player: p, kind: 'action', ...(playCards[0] && { sourceCardId: playCards[0] }) }),
  ];
};

/** Up, to a value, and down no further than 0; on a face-down card too, where the game allows it. */
const counterChanges = (state: MatchState, s: Setup, p: string, card: string | null, pick: (n: number) => number): Maybe[] => {
  if (s.counter === undefined) return [];
  const { name, on } = s.counter;
  const target = on === 'player' ? { player: p } : card === null ? null : { cardId: card };
  if (target === null) return [];
  const now = on === 'player' ? (state.counters[p]?.[name] ?? 0) : (state.cards[state.layout!.cardIndex.get(card!)!].counters[name] ?? 0);
  return [
    event('CounterChanged', { counter: name, ...target, by: 1 + pick(3), reason: 'quested' }),
    event('CounterChanged', { counter: name, ...target, to: pick(21) }),
    now > 0 ? event('CounterChanged', { counter: name, ...target, by: -1 - pick(now) }) : null,
  ];
};
