import { Move } from '../events/events';
import { MatchLayout, MatchState } from '../state/match-state';
import { standsFor } from './audience';
import { MoveSeen, SeenCard } from './observation';
import type { Observed } from './observe';
import { Perception, handleName, knowing, seen } from './perception';
import { canonicalUnseen, rehandle } from './rehandle';
import { canLookAt, forgets, indistinct } from './visibility';

const NONE: ReadonlySet<number> = new Set();

interface Step {
  readonly card: number;
  readonly from: number;
  readonly move: Move;
}

/**
 * `observeMoves` for one move (CardMoved). A card the audience could tell from the others where it
 * lay, the commonest event: no zone left unseen, so no rehandling, and at most one card's knowledge changes.
 */
export const observeMove = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, move: Move): Observed => {
  const card = layout.cardIndex.get(move.cardId);
  if (card === undefined) return { observation: { type: 'Nothing' }, perception };
  const was = before.cards[card];
  const { audience } = perception;
  if (indistinct(layout, was, audience)) return observeMoveUnseen(before, after, layout, perception, move, card);
  const now = after.cards[card];
  const knows = canLookAt(layout, now, audience) || (perception.known[card] && !forgets(layout, now, was));
  const result = knows === perception.known[card] ? perception : knowing(perception, card, knows);
  const seenMove: Mutable<MoveSeen> = {
    from: layout.zones[was.zone].ref,
    to: layout.zones[now.zone].ref,
    index: after.zones[now.zone].indexOf(card),
    card: seen(layout, result, now, card),
  };
  seenMove.handle = handleName(perception.handles[card]);
  if (move.reason !== undefined) seenMove.reason = move.reason;
  const source = move.source === undefined ? undefined : layout.cardIndex.get(move.source);
  // a source lying unseen in an unordered zone (a hand) is not named: which card it is stays hidden
  if (source !== undefined && !indistinct(layout, after.cards[source], audience)) seenMove.source = seen(layout, result, after.cards[source], source);
  return { observation: { type: 'CardMoved', move: seenMove }, perception: result };
};

/**
 * One move of a card the audience could not tell from the others where it lay (it leaves a hand
 * unseen): as `observeMoves` sees it, in one pass. The zone it left gets new handles, after the
 * card's own where it can no longer be told from where it was.
 */
const observeMoveUnseen = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, move: Move, card: number): Observed => {
  const { audience } = perception;
  const from = before.cards[card].zone;
  const now = after.cards[card];
  const known = perception.known.slice();
  known[card] = canLookAt(layout, now, audience);
  if (!keepsWhatItKnew(layout, before, after, [{ card, from, move }], from, perception)) {
    for (const c of after.zones[from]) known[c] = canLookAt(layout, after.cards[c], audience);
  }
  const handles = perception.handles.slice();
  let next = perception.next;
  if (now.zone !== from) handles[card] = next++;
  const order = canonicalUnseen(layout, after, from, known, audience);
  for (const c of order) handles[c] = next++;
  const result: Perception = { audience, handles, known, next };
  const cards: SeenCard[] = [];
  for (const c of after.zones[from]) if (!indistinct(layout, after.cards[c], audience)) cards.push(seen(layout, result, after.cards[c], c));
  for (const c of order) cards.push(seen(layout, result, after.cards[c], c));
  const seenMove: Mutable<MoveSeen> = {
    from: layout.zones[from].ref,
    to: layout.zones[now.zone].ref,
    index: after.zones[now.zone].indexOf(card),
    card: seen(layout, result, now, card),
  };
  if (move.reason !== undefined) seenMove.reason = move.reason;
  const source = move.source === undefined ? undefined : layout.cardIndex.get(move.source);
  if (source !== undefined && !indistinct(layout, after.cards[source], audience)) seenMove.source = seen(layout, result, after.cards[source], source);
  return { observation: { type: 'CardMoved', move: seenMove, rehandled: [{ zone: layout.zones[from].ref, cards }] }, perception: result };
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Moves are followed card by card, except cards put together into one ordered zone that this
 * audience cannot identify there: their order is chosen out of its sight (e.g. "in any order"),
 * so they get new handles by final position and are reported unpaired from where they came.
 * Validation guarantees each card moves once per event, so `after` holds every card's final place.
 */
export const observeMoves = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, moves: readonly Move[]): Observed => {
  const { audience } = perception;
  const steps: Step[] = [];
  for (const move of moves) {
    const card = layout.cardIndex.get(move.cardId);
    if (card === undefined || after.cards[card].zone === undefined) return { observation: { type: 'Nothing' }, perception };
    steps.push({ card, from: before.cards[card].zone, move });
  }
  const { cards, zones } = after;
  const unseenFrom = zonesLeftUnseen(layout, before, steps, audience);
  let known = perception.known;
  const know = (card: number, knows: boolean) => {
    if (knows === known[card]) return;
    if (known === perception.known) known = known.slice();
    (known as boolean[])[card] = knows;
  };
  for (const step of steps) {
    const now = cards[step.card];
    const visible = canLookAt(layout, now, audience);
    know(step.card, visible || (known[step.card] && !unseenFrom.has(step.from) && !forgets(layout, now, before.cards[step.card])));
  }
  for (const zone of unseenFrom) {
    if (keepsWhatItKnew(layout, before, after, steps, zone, perception)) continue;
    for (const card of zones[zone]) know(card, canLookAt(layout, cards[card], audience));
  }
  const unfollowed = cardsPlacedOutOfSight(layout, before, cards, steps, perception);
  for (const card of unfollowed) know(card, false);
  const renew =
    unfollowed.size === 0 && unseenFrom.size === 0
      ? []
      : [
          ...[...unfollowed].sort((a, b) => cards[a].zone - cards[b].zone || zones[cards[a].zone].indexOf(a) - zones[cards[b].zone].indexOf(b)),
          ...steps.filter((step) => unseenFrom.has(step.from) && !unfollowed.has(step.card) && !unseenFrom.has(cards[step.card].zone)).map((step) => step.card),
        ];
  let handles = perception.handles;
  let next = perception.next;
  if (renew.length) {
    handles = handles.slice();
    for (const card of renew) (handles as number[])[card] = next++;
  }
  const changed = known !== perception.known || handles !== perception.handles;
  const moved: Perception = changed ? { audience, handles, known, next } : perception;
  const { perception: result, rehandled } = unseenFrom.size === 0 ? { perception: moved, rehandled: [] } : rehandle(layout, after, moved, unseenFrom);
  const indexIn = (card: number) => zones[cards[card].zone].indexOf(card);
  const seenNow = (card: number): SeenCard => seen(layout, result, cards[card], card);
  const followed: MoveSeen[] = [];
  for (const step of steps) {
    const { card, from, move } = step;
    if (unfollowed.has(card)) continue;
    const source = move.source === undefined ? undefined : layout.cardIndex.get(move.source);
    // a source lying unseen in an unordered zone (a hand) is not named: which card it is stays hidden
    const named = source !== undefined && !indistinct(layout, cards[source], audience);
    const seenMove: Mutable<MoveSeen> = {
      from: layout.zones[from].ref,
      to: layout.zones[cards[card].zone].ref,
      index: indexIn(card),
      card: seenNow(card),
    };
    if (!unseenFrom.has(from)) seenMove.handle = handleName(perception.handles[card]);
    if (move.reason !== undefined) seenMove.reason = move.reason;
    if (named) seenMove.source = seenNow(source!);
    followed.push(seenMove);
  }
  if (unfollowed.size === 0)
    return { observation: rehandled.length ? { type: 'CardsMoved', moves: followed, rehandled } : { type: 'CardsMoved', moves: followed }, perception: result };
  const withRehandled = rehandled.length ? { rehandled } : {};
  const leaving: { from: number; handle: number | undefined }[] = [];
  for (const step of steps) if (unfollowed.has(step.card)) leaving.push({ from: step.from, handle: unseenFrom.has(step.from) ? undefined : perception.handles[step.card] });
  leaving.sort((a, b) => a.from - b.from || (a.handle ?? 0) - (b.handle ?? 0));
  const left = leaving.map(({ from, handle }) => (handle === undefined ? { zone: layout.zones[from].ref } : { zone: layout.zones[from].ref, handle: handleName(handle) }));
  const arrived = [...unfollowed]
    .sort((a, b) => cards[a].zone - cards[b].zone || indexIn(a) - indexIn(b))
    .map((card) => ({ zone: layout.zones[cards[card].zone].ref, index: indexIn(card), card: seenNow(card) }));
  return { observation: { type: 'CardsMoved', moves: followed, unseen: { left, arrived }, ...withRehandled }, perception: result };
};

/**
 * The zones cards left where this audience could not tell them from the others there (another
 * player's hand, the inkwell): their owner arranges those freely (Lorcana 7.3.2, 7.5.4).
 */
const zonesLeftUnseen = (layout: MatchLayout, before: MatchState, steps: readonly Step[], audience: string): ReadonlySet<number> => {
  let zones: Set<number> | undefined;
  for (const step of steps) if (indistinct(layout, before.cards[step.card], audience)) (zones ??= new Set()).add(step.from);
  return zones ?? NONE;
};

/**
 * After cards left `zone` unseen, the audience still knows what it knew of the rest only when every
 * such card showed itself on arrival and none of them could be one it knew to be there.
 */
const keepsWhatItKnew = (layout: MatchLayout, before: MatchState, after: MatchState, steps: readonly Step[], zone: number, perception: Perception): boolean => {
  const leaving = steps.filter((step) => step.from === zone);
  const knownThere = before.zones[zone].filter((card) => perception.known[card] && !leaving.some((step) => step.card === card));
  return leaving.every(
    (step) => canLookAt(layout, after.cards[step.card], perception.audience) && !knownThere.some((card) => before.cards[card].definition === after.cards[step.card].definition),
  );
};

/**
 * Cards that end, two or more together, in one ordered zone this audience cannot look into, having
 * moved face down to it: their order was chosen out of its sight. Only a player who arranges them
 * (the player of the zone they leave or enter) and knew them can follow them (Lorcana 7.2.3 keeps
 * face-up cards' order known to all).
 */
const cardsPlacedOutOfSight = (layout: MatchLayout, before: MatchState, cards: MatchState['cards'], steps: readonly Step[], perception: Perception): ReadonlySet<number> => {
  const { audience } = perception;
  const placed: number[] = [];
  for (const { card, from } of steps) {
    const zone = cards[card].zone;
    if (!layout.zones[zone].definition.ordered || canLookAt(layout, cards[card], audience)) continue;
    const arranges = standsFor(layout.playerIds, audience, layout.zones[from].player) || standsFor(layout.playerIds, audience, layout.zones[zone].player);
    if (canLookAt(layout, before.cards[card], audience) || (arranges && perception.known[card])) continue;
    placed.push(card);
  }
  // most moves place no two cards so: no groups to make
  if (placed.length < 2) return NONE;
  const byZone = new Map<number, number[]>();
  for (const card of placed) {
    const group = byZone.get(cards[card].zone);
    if (group === undefined) byZone.set(cards[card].zone, [card]);
    else group.push(card);
  }
  const unfollowed = new Set<number>();
  for (const group of byZone.values()) if (group.length > 1) for (const card of group) unfollowed.add(card);
  return unfollowed;
};
