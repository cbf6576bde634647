import { Language, Finding } from '../finding';
import { MatchEvent, MatchLayout, MatchState, ZoneRef, ZoneShuffled, emptyMatch, evolve, zoneIndexOf, zoneKey } from '@matchlog/domain';
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

export const FAIR_SHUFFLE_RULE = 'matchlog fair shuffle';

/**
 * A shuffle's commitment: sha256 hex of canonicalJson({ zone, order, salt }), `zone` as the match's
 * layout names it (e.g. { zone: 'deck', player: 'p1' }), `order` the cards' definitions top first.
 * Anyone holding the MatchEnded publication can recompute it.
 */
export const shuffleCommitment = (zone: ZoneRef, order: readonly string[], salt: string): string =>
  createHash('sha256').update(canonicalJson({ zone, order, salt })).digest('hex');

/** The zone (as the layout names it) and the definitions of a shuffle's order, top first; undefined if it names what the match lacks. */
const committedParts = (state: MatchState, shuffle: ZoneShuffled): { zone: ZoneRef; order: string[] } | undefined => {
  const layout = state.layout;
  if (layout === null) return undefined;
  const zone = zoneIndexOf(layout, shuffle.zone);
  if (zone === undefined || !Array.isArray(shuffle.order)) return undefined;
  const order: string[] = [];
  for (const cardId of shuffle.order) {
    const card = layout.cardIndex.get(cardId);
    if (card === undefined) return undefined;
    order.push(state.cards[card].definition);
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
      `${card} left ${zone} from position ${position} (1 = top), but the order committed by the shuffle at revision ${revision} had ${top} on top.`,
  },
  es: {
    noSalt: (zone: string) => `El barajado de ${zone} publica un compromiso pero no tiene sal: nadie puede comprobarlo.`,
    mismatch: (zone: string, actual: string, published: string) =>
      `El barajado de ${zone} no coincide con su compromiso: el SHA-256 de su orden y su sal es ${actual}, pero el compromiso publicado a los jugadores es ${published}.`,
    notTop: (card: string, zone: string, position: number, revision: number, top: string) =>
      `${card} salió de ${zone} desde la posición ${position} (1 = arriba), pero el orden comprometido por el barajado de la revisión ${revision} tenía ${top} arriba.`,
  },
};

/** A zone whose order is still the one a verified commitment fixed, since `revision`. */
interface Committed {
  readonly revision: number;
}

/**
 * The fair-shuffle audit. SHUFFLE_COMMITMENT_MISMATCH: a shuffle's commitment is not SHA-256 of its
 * order (definitions, top first) and salt. DRAW_NOT_FROM_COMMITTED_ORDER: after a shuffle whose
 * commitment holds, cards left the zone that were not the ones on top of the committed order. A zone
 * is followed only while its order is exactly the committed one with cards taken from the top or
 * put on top; anything else (a card put in below the top, cards moved within it, a shuffle without
 * a commitment) stops following it, so every finding is certain. Shuffles without a commitment are
 * not checked: they were recorded before commitments, or imported.
 */
export const checkCommitments = (events: readonly MatchEvent[], options: CommitmentOptions = {}): Finding[] => {
  const say = messages[options.language ?? 'en'];
  const findings: Finding[] = [];
  const committed = new Map<number, Committed>();
  let before = emptyMatch;
  for (const [i, event] of events.entries()) {
    const after = evolve(before, event);
    const layout = after.layout;
    const revision = i + 1;
    if (layout !== null && before.layout !== null && committed.size > 0) {
      for (const [zone, since] of [...committed]) {
        const from = before.zones[zone];
        const to = after.zones[zone];
        if (from === to) continue;
        const verdict = followed(from, to);
        if (verdict === 'follows') continue;
        committed.delete(zone);
        if (verdict === 'lost track') continue;
        const { card, position, top } = verdict;
        const cardState = after.cards[card];
        const players = new Set<string>();
        const owner = layout.zones[zone].player;
        if (owner !== null) players.add(owner);
        const receiver = layout.zones[cardState.zone].player;
        if (receiver !== null) players.add(receiver);
        findings.push({
          revision, eventId: event.id, code: 'DRAW_NOT_FROM_COMMITTED_ORDER', rule: FAIR_SHUFFLE_RULE, severity: 'violation', players: [...players],
          message: say.notTop(nameOf(before, card), zoneKey(layout.zones[zone].ref), position + 1, since.revision, nameOf(before, top)),
        });
      }
    }
    if (event.type === 'ZoneShuffled' && layout !== null && before.layout !== null) {
      const zone = zoneIndexOf(layout, event.data.zone);
      if (zone !== undefined) {
        committed.delete(zone);
        const checked = checkShuffle(before, layout, zone, event.data, say);
        if (checked === 'holds') committed.set(zone, { revision });
        else if (checked !== 'unchecked') {
          const owner = layout.zones[zone].player;
          findings.push({ revision, eventId: event.id, code: 'SHUFFLE_COMMITMENT_MISMATCH', rule: FAIR_SHUFFLE_RULE, severity: 'violation', players: owner === null ? [] : [owner], message: checked });
        }
      }
    }
    before = after;
  }
  return findings;
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
 * Whether a zone in its committed order (`from`, top first) is still in it as `to`: cards that
 * left must be the top ones, the rest keep their order, and new cards may only be put on top.
 */
const followed = (from: readonly number[], to: readonly number[]): 'follows' | 'lost track' | { card: number; position: number; top: number } => {
  const stays = new Set(to);
  let departed = 0;
  for (const card of from) if (!stays.has(card)) departed++;
  for (let position = departed; position < from.length; position++) {
    const card = from[position];
    // below the top `departed` cards, a card left: it was not on top
    if (!stays.has(card)) return { card, position, top: from.slice(0, departed).find((c) => stays.has(c))! };
  }
  const remaining = from.length - departed;
  const arrived = to.length - remaining;
  if (arrived < 0) return 'lost track';
  for (let k = 0; k < remaining; k++) if (to[arrived + k] !== from[departed + k]) return 'lost track';
  const was = new Set(from);
  for (let k = 0; k < arrived; k++) if (was.has(to[k])) return 'lost track';
  return 'follows';
};
