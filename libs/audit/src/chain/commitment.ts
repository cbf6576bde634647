import { Language, Finding } from '../finding';
import { MatchEvent, MatchLayout, MatchState, ZoneRef, ZoneShuffled, emptyMatch, evolve, zoneIndexOf, zoneKey } from '@matchlog/domain';
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { findingTitle } from '../findings/titles';

export const FAIR_SHUFFLE_RULE = 'matchlog fair shuffle';

/**
 * A shuffle's commitment: sha256 hex of canonicalJson({ zone, order, salt }), `zone` as the match's
 * layout names it (e.g. { zone: 'deck', player: 'p1' }), `order` the cards' definitions top first.
 * Anyone holding the MatchEnded publication can recompute it.
 */
export const shuffleCommitment = (zone: ZoneRef, order: readonly string[], salt: string): string => createHash('sha256').update(canonicalJson({ zone, order, salt })).digest('hex');

/** The zone (as the layout names it) and the definitions of a shuffle's order, top first; undefined if it names what the match lacks. */
const committedParts = (state: MatchState, shuffle: ZoneShuffled): { zone: ZoneRef; order: string[] } | undefined => {
  const layout = state.layout;
  if (layout === null) return undefined;
  const zone = zoneIndexOf(layout, shuffle.zone);
  if (zone === undefined || !Array.isArray(shuffle.order)) return undefined;
  const order: string[] = [];
  for (const cardId of shuffle.order) {
    const card = layout.cardIndex.get(cardId);
    const definition = card === undefined ? null : state.cards[card].definition;
    // an order of cards nobody identified commits to nothing (validate refuses it: SHUFFLE_OF_UNIDENTIFIED)
    if (definition === null) return undefined;
    order.push(definition);
  }
  return { zone: layout.zones[zone].ref, order };
};

/** The commitment of a shuffle recorded against `state` (the state before it) with `salt`; undefined when it names what the match lacks. */
export const commitmentOf = (state: MatchState, shuffle: ZoneShuffled, salt: string): string | undefined => {
  const parts = committedParts(state, shuffle);
  return parts && shuffleCommitment(parts.zone, parts.order, salt);
};

/**
 * The shuffle's data with a salt and its commitment: `salt` (drawn by the caller) when it has none
 * yet, the commitment computed when it has none or its salt is the new one. Unchanged when it names
 * what the match lacks (validation refuses it).
 */
export const sealShuffle = (state: MatchState, shuffle: ZoneShuffled, salt: string): ZoneShuffled => {
  if (typeof shuffle.salt === 'string' && typeof shuffle.commitment === 'string') return shuffle;
  const used = typeof shuffle.salt === 'string' ? shuffle.salt : salt;
  const commitment = commitmentOf(state, shuffle, used);
  return commitment === undefined ? shuffle : { ...shuffle, salt: used, commitment };
};

export interface CommitmentOptions {
  readonly language?: Language;
}

const messages = {
  en: {
    noSalt: (zone: string) => `The shuffle of ${zone} publishes a commitment but has no salt: nobody can check it.`,
    mismatch: (zone: string, actual: string, published: string) =>
      `The shuffle of ${zone} does not match its commitment: SHA-256 of its order and salt is ${actual}, but the commitment published to the players is ${published}.`,
    notTop: (card: string, zone: string, position: number, revision: number, top: string) =>
      `${card} left ${zone} from position ${position} (1 = top), but the order committed by the shuffle at revision ${revision}, with the moves recorded since, had ${top} on top.`,
  },
  es: {
    noSalt: (zone: string) => `El barajado de ${zone} publica un compromiso pero no tiene sal: nadie puede comprobarlo.`,
    mismatch: (zone: string, actual: string, published: string) =>
      `El barajado de ${zone} no coincide con su compromiso: el SHA-256 de su orden y su sal es ${actual}, pero el compromiso publicado a los jugadores es ${published}.`,
    notTop: (card: string, zone: string, position: number, revision: number, top: string) =>
      `${card} salió de ${zone} desde la posición ${position} (1 = arriba), pero el orden comprometido por el barajado de la revisión ${revision}, con los movimientos registrados desde entonces, tenía ${top} arriba.`,
  },
};

/** A deck followed since a shuffle whose commitment holds. */
interface Followed {
  readonly revision: number;
  /**
   * cards a search found, or a player looked at or revealed, in this deck during the current turn and
   * not moved since: the effect lets them leave, or move within the deck, from any position
   */
  readonly free: Set<number>;
}

/**
 * The fair-shuffle audit. SHUFFLE_COMMITMENT_MISMATCH: a shuffle's commitment is not SHA-256 of its
 * order (definitions, top first) and salt. DRAW_NOT_FROM_COMMITTED_ORDER: after a shuffle whose
 * commitment holds, a card left the deck (or moved within it) from below a card that stayed where it
 * was. Followed are the decks (ordered zones nobody may look at); every move records where a card
 * goes, so the order stays known through cards put on top, on the bottom or at an index, and cards
 * a search found (SearchPerformed) or a player looked at or revealed (CardsLookedAt, CardsRevealed)
 * may leave from anywhere during that turn. A shuffle without a commitment, or cards taken by the
 * shuffle of another zone, stop following the deck; so does a finding, so every finding is certain.
 * Shuffles without a commitment are not checked: they were recorded before commitments, or imported.
 */
export const checkCommitments = (events: readonly MatchEvent[], options: CommitmentOptions = {}): Finding[] => {
  const language = options.language ?? 'en';
  const say = messages[language];
  const findings: Finding[] = [];
  const followed = new Map<number, Followed>();
  let before = emptyMatch;
  for (const [i, event] of events.entries()) {
    const after = evolve(before, event);
    const layout = after.layout;
    const revision = i + 1;
    if (layout !== null && before.layout !== null && followed.size > 0) {
      freeCards(layout, before, event, followed);
      const moved = movedCards(layout, event);
      for (const [zone, deck] of [...followed]) {
        const from = before.zones[zone];
        if (from === after.zones[zone] && !from.some((card) => moved.has(card))) continue;
        if (moved === NOT_MOVES) {
          if (!(event.type === 'ZoneShuffled' && zoneIndexOf(layout, event.data.zone) === zone)) followed.delete(zone);
          continue;
        }
        const wrong = takenFromBelow(from, moved, deck.free);
        for (const card of moved) deck.free.delete(card);
        if (wrong === undefined) continue;
        followed.delete(zone);
        const { card, position, top } = wrong;
        const players = new Set<string>();
        const owner = layout.zones[zone].player;
        if (owner !== null) players.add(owner);
        const receiver = layout.zones[after.cards[card].zone].player;
        if (receiver !== null) players.add(receiver);
        findings.push({
          revision,
          eventId: event.id,
          code: 'DRAW_NOT_FROM_COMMITTED_ORDER',
          rule: FAIR_SHUFFLE_RULE,
          severity: 'violation',
          title: findingTitle('DRAW_NOT_FROM_COMMITTED_ORDER', language),
          players: [...players],
          message: say.notTop(nameOf(before, card), zoneKey(layout.zones[zone].ref), position + 1, deck.revision, nameOf(before, top)),
        });
      }
    }
    if (event.type === 'ZoneShuffled' && layout !== null && before.layout !== null) {
      const zone = zoneIndexOf(layout, event.data.zone);
      if (zone !== undefined) {
        followed.delete(zone);
        const checked = checkShuffle(before, layout, zone, event.data, say);
        if (checked === 'holds') {
          if (isDeck(layout, zone)) followed.set(zone, { revision, free: new Set() });
        } else if (checked !== 'unchecked') {
          const owner = layout.zones[zone].player;
          findings.push({
            revision,
            eventId: event.id,
            code: 'SHUFFLE_COMMITMENT_MISMATCH',
            rule: FAIR_SHUFFLE_RULE,
            severity: 'violation',
            title: findingTitle('SHUFFLE_COMMITMENT_MISMATCH', language),
            players: owner === null ? [] : [owner],
            message: checked,
          });
        }
      }
    }
    before = after;
  }
  return findings;
};

/** An ordered zone nobody may look at: cards are taken from its top, so its order is what a shuffle decides. */
const isDeck = (layout: MatchLayout, zone: number): boolean => {
  const { ordered, visibility } = layout.zones[zone].definition;
  return ordered && visibility === 'hidden';
};

/** Marks the cards a search, a look or a reveal lets leave from any position; a new turn ends that. */
const freeCards = (layout: MatchLayout, state: MatchState, event: MatchEvent, followed: Map<number, Followed>): void => {
  if (event.type === 'TurnStarted') {
    for (const deck of followed.values()) deck.free.clear();
    return;
  }
  const cardIds =
    event.type === 'SearchPerformed'
      ? event.data.found === null
        ? []
        : [event.data.found]
      : event.type === 'CardsLookedAt' || event.type === 'CardsRevealed'
        ? event.data.cardIds
        : [];
  for (const cardId of Array.isArray(cardIds) ? cardIds : []) {
    const card = layout.cardIndex.get(cardId);
    if (card !== undefined) followed.get(state.cards[card].zone)?.free.add(card);
  }
};

const NOT_MOVES: ReadonlySet<number> = new Set();

/** The cards an event's moves pick up (wherever they go, their own zone included); NOT_MOVES for an event that is no move. */
const movedCards = (layout: MatchLayout, event: MatchEvent): ReadonlySet<number> => {
  const moves = event.type === 'CardMoved' ? [event.data] : event.type === 'CardsMoved' ? event.data.moves : undefined;
  if (moves === undefined) return NOT_MOVES;
  const cards = new Set<number>();
  for (const move of Array.isArray(moves) ? moves : []) {
    const card = layout.cardIndex.get(move?.cardId);
    if (card !== undefined) cards.add(card);
  }
  return cards;
};

const nameOf = (state: MatchState, card: number | undefined): string => {
  if (card === undefined) return 'no card';
  const { definition, cardId } = state.cards[card];
  return `"${definition}" (${cardId})`;
};

/** 'holds', 'unchecked' (no commitment), or the message of a mismatch. */
const checkShuffle = (before: MatchState, layout: MatchLayout, zone: number, shuffle: ZoneShuffled, say: (typeof messages)['en']): 'holds' | 'unchecked' | string => {
  if (typeof shuffle.commitment !== 'string') return 'unchecked';
  const name = zoneKey(layout.zones[zone].ref);
  if (typeof shuffle.salt !== 'string') return say.noSalt(name);
  const actual = commitmentOf(before, shuffle, shuffle.salt);
  if (actual === undefined) return 'unchecked';
  return actual === shuffle.commitment ? 'holds' : say.mismatch(name, actual, shuffle.commitment);
};

/**
 * The first card of the deck (`from`, top first) that one event's moves picked up from below a card
 * they left in place, unless a search, look or reveal freed it: a card is taken from the top when
 * every card above it is taken too, in any order within the event.
 */
const takenFromBelow = (from: readonly number[], moved: ReadonlySet<number>, free: ReadonlySet<number>): { card: number; position: number; top: number } | undefined => {
  let top: number | undefined;
  for (const [position, card] of from.entries()) {
    if (!moved.has(card)) top ??= card;
    else if (top !== undefined && !free.has(card)) return { card, position, top };
  }
  return undefined;
};
