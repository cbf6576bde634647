import { PlayerSeat } from '../events/events';
import { ZoneRef, zoneKey } from '../events/zone-ref';
import { MoveSeen, Observation, SeenCard, ZoneSeen } from '../observe/observation';
import { nextChooser } from '../queue/next-chooser';
import { Pending, emptyPending, pendingAdded, pendingNewTurn, pendingRemoved, pendingResolved, pendingWithout } from '../queue/pending';
import { QueueItemView, QueueView, ResolvingView, queueView } from '../queue/queue-view';
import { rulesets } from '../rules/rulesets';
import { AudienceView, DeskSeen, ZoneView, emptyDeskSeen } from './audience-view';
import { startingCounters, withCounter } from '../state/counters';
import { timeCalled, timeExtended, turnStartedAfterTime } from '../state/time';

type Zones = Record<string, ZoneView<SeenCard>>;

const keys = new WeakMap<ZoneRef, string>();

/** zoneKey, remembered: observations carry the match layout's zone refs, the same objects every time. */
const keyOf = (ref: ZoneRef): string => {
  let key = keys.get(ref);
  if (key === undefined) keys.set(ref, (key = zoneKey(ref)));
  return key;
};

const assertNever = (value: never): never => value;

type Draft = { -readonly [K in keyof AudienceView]: AudienceView[K] };

/** An audience's view after one more of its observations. Reads nothing but the observation. */
export const evolveView = (view: AudienceView, observation: Observation): AudienceView => {
  // one literal with every field, which apply fills in: this runs for every event of every audience
  const next: Draft = {
    audience: view.audience,
    revision: view.revision + 1,
    game: view.game,
    players: view.players,
    tournament: view.tournament,
    turn: view.turn,
    zones: view.zones,
    queue: view.queue,
    departed: view.departed,
    ended: view.ended,
    voided: view.voided,
    counters: view.counters,
    time: view.time,
    desk: view.desk,
  };
  apply(view, next, observation);
  if (next.queue.items.length > 0 || next.queue.resolving.length > 0) next.queue = followSources(next.queue, view, observation);
  return next;
};

/** Cards the observation shows as they now are, in its order (the last one with a handle counts). */
type Shown = SeenCard[];
/** Handles that may no longer name the card they named (it left unseen, its zone was shuffled or rehandled). */
type Gone = string[];

/**
 * What an observation changed of the cards the view names, read from the observation and the view
 * before it, into two short lists (a card or two, searched for a few queue sources): loops, not
 * closures, as this runs on most events.
 */
const touchedBy = (before: AudienceView, o: Observation, now: Shown, gone: Gone): void => {
  switch (o.type) {
    case 'CardMoved':
      if (o.move.handle !== undefined) gone.push(o.move.handle);
      now.push(o.move.card);
      if (o.rehandled) rehandles(before, o.rehandled, now, gone);
      return;
    case 'CardsMoved':
      for (const m of o.moves) {
        if (m.handle !== undefined) gone.push(m.handle);
        now.push(m.card);
      }
      if (o.unseen) {
        for (const left of o.unseen.left) if (left.handle !== undefined) gone.push(left.handle);
        for (const arrived of o.unseen.arrived) now.push(arrived.card);
      }
      if (o.rehandled) rehandles(before, o.rehandled, now, gone);
      return;
    case 'ZoneShuffled':
      renews(before, o.zone, gone);
      if (o.refilledFrom) renews(before, o.refilledFrom, gone);
      for (const card of o.cards) now.push(card);
      return;
    case 'CardStatusChanged':
    case 'ControlChanged':
      now.push(o.card);
      return;
    case 'CounterChanged':
      if (o.card) now.push(o.card);
      return;
    case 'CardsRevealed':
    case 'CardsLookedAt':
      for (const card of o.cards) now.push(card);
      if (o.rehandled) rehandles(before, o.rehandled, now, gone);
      return;
    case 'SearchPerformed':
      if (o.found) now.push(o.found);
      if (o.rehandled) rehandles(before, o.rehandled, now, gone);
      return;
    default:
      return;
  }
};

const renews = (before: AudienceView, zone: ZoneRef, gone: Gone): void => {
  const seen = before.zones[keyOf(zone)];
  if (seen !== undefined) for (const card of seen.cards) gone.push(card.handle);
};

const rehandles = (before: AudienceView, zones: readonly ZoneSeen[], now: Shown, gone: Gone): void => {
  for (const { zone, cards } of zones) {
    renews(before, zone, gone);
    for (const card of cards) now.push(card);
  }
};

/**
 * The queue names each item's source as the zones show that card now (a source turned face down,
 * inked or hidden loses its name with it), and by its handle alone once the audience lost track of it
 * (a shuffle, an unseen placement): the queue never names a card its audience can no longer identify.
 */
const followSources = (queue: QueueView<SeenCard>, before: AudienceView, o: Observation): QueueView<SeenCard> => {
  if (!hasSource(queue.items) && !hasSource(queue.resolving)) return queue;
  let items: readonly QueueItemView<SeenCard>[];
  let resolving: readonly ResolvingView<SeenCard>[];
  // the commonest observations show one card, and one handle at most is gone
  if (o.type === 'CardMoved' && !o.rehandled) {
    items = followOne(queue.items, o.move.card, o.move.handle);
    resolving = followOne(queue.resolving, o.move.card, o.move.handle);
  } else if (o.type === 'CardStatusChanged' || o.type === 'ControlChanged') {
    items = followOne(queue.items, o.card, undefined);
    resolving = followOne(queue.resolving, o.card, undefined);
  } else {
    const now: Shown = [];
    const gone: Gone = [];
    touchedBy(before, o, now, gone);
    if (now.length === 0 && gone.length === 0) return queue;
    items = followEach(queue.items, now, gone);
    resolving = followEach(queue.resolving, now, gone);
  }
  if (items === queue.items && resolving === queue.resolving) return queue;
  // a literal in queueView's key order, not a spread: cheaper, and the same JSON
  const { discipline, resolvingPlayer, nextChooser, next } = queue;
  return { discipline, items, resolvingPlayer, nextChooser, next, resolving, waitingForAction: queue.waitingForAction };
};

/** followEach for one card shown and at most one handle gone. */
const followOne = <T extends { readonly source?: SeenCard }>(list: readonly T[], shown: SeenCard, gone: string | undefined): readonly T[] => {
  let followed: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const was = list[i].source;
    if (was === undefined) continue;
    const { handle } = was;
    const source = handle === shown.handle ? shown : handle === gone && was.definition !== undefined ? { handle } : was;
    if (source === was) continue;
    followed ??= list.slice();
    followed[i] = { ...list[i], source };
  }
  return followed ?? list;
};

const hasSource = (list: readonly { readonly source?: SeenCard }[]): boolean => {
  for (let i = 0; i < list.length; i++) if (list[i].source !== undefined) return true;
  return false;
};

/** The same array when no item's source changes. */
const followEach = <T extends { readonly source?: SeenCard }>(list: readonly T[], now: Shown, gone: Gone): readonly T[] => {
  let followed: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const was = list[i].source;
    if (was === undefined) continue;
    const source = lastWithHandle(now, was.handle) ?? (was.definition !== undefined && gone.includes(was.handle) ? { handle: was.handle } : was);
    if (source === was) continue;
    followed ??= list.slice();
    followed[i] = { ...list[i], source };
  }
  return followed ?? list;
};

/** Writes into `next` (a copy of `view` one revision on) what the observation changes. */
const apply = (view: AudienceView, next: Draft, o: Observation): void => {
  switch (o.type) {
    case 'MatchStarted': {
      const zones: Zones = {};
      for (const { zone, cards } of o.zones) zones[keyOf(zone)] = { zone, count: cards.length, cards };
      next.game = o.game;
      next.players = o.players;
      if (o.tournament) next.tournament = o.tournament;
      next.zones = zones;
      next.counters = startingCounters(
        rulesets[o.game],
        o.players.map((player) => player.id),
      );
      return withQueue(next, emptyPending, []);
    }
    case 'CardMoved':
      next.zones = rehandled(movedOne(view.zones, o.move), o.rehandled, view.zones);
      return;
    case 'CardsMoved':
      next.zones = rehandled(moved(view.zones, o.moves, o.unseen), o.rehandled, view.zones);
      return;
    case 'ZoneShuffled': {
      const zones = copied(view.zones);
      zones[keyOf(o.zone)] = zoneWith(o.zone, o.cards);
      if (o.refilledFrom) zones[keyOf(o.refilledFrom)] = zoneWith(o.refilledFrom, []);
      next.zones = zones;
      return;
    }
    case 'CardsRevealed':
    case 'CardsLookedAt':
      next.zones = rehandled(replaced(view.zones, o.cards), o.rehandled, view.zones);
      return;
    case 'SearchPerformed':
      if (o.found) next.zones = rehandled(replaced(view.zones, [o.found]), o.rehandled, view.zones);
      return;
    case 'CardStatusChanged':
    case 'ControlChanged':
      next.zones = replacedOne(view.zones, o.card);
      return;
    case 'TurnStarted':
      next.turn = { player: o.player, number: o.turn };
      next.time = turnStartedAfterTime(view.time);
      return withQueue(next, pendingNewTurn(pendingOf(view)), view.queue.resolving);
    case 'EffectStarted':
      return withQueue(next, pendingOf(view), [...view.queue.resolving, resolvingOf(o)]);
    case 'EffectResolved':
      return withQueue(
        next,
        pendingOf(view),
        view.queue.resolving.filter((e) => e.effectId !== o.effectId),
      );
    case 'TriggerAdded': {
      const item: QueueItemView<SeenCard> = { triggerId: o.triggerId, player: o.player, ...(o.source && { source: o.source }), ability: o.ability, kind: o.kind };
      return withQueue(next, pendingAdded(pendingOf(view), item), view.queue.resolving);
    }
    case 'TriggerResolved':
      return withQueue(
        next,
        pendingResolved(pendingOf(view), o.triggerId, o.player, (queue) => chooserOf(view, queue)),
        view.queue.resolving,
      );
    case 'TriggerRemoved':
      return withQueue(next, pendingRemoved(pendingOf(view), o.triggerId), view.queue.resolving);
    case 'PlayerLeft':
      next.departed = [...view.departed, o.player];
      return withQueue(next, pendingWithout(pendingOf(view), o.player), view.queue.resolving);
    case 'MatchEnded':
      next.ended = { ...(o.winner !== undefined && { winner: o.winner }), ...(o.draw && { draw: true }), reason: o.reason };
      return;
    case 'CounterChanged':
      if (o.card) next.zones = replacedOne(view.zones, o.card);
      else if (o.player !== undefined) next.counters = { ...view.counters, [o.player]: withCounter(view.counters[o.player] ?? {}, o.counter, o.value, false) };
      return;
    case 'TimeCalled':
      next.time = timeCalled(view.time, next.revision, o.turn);
      return;
    case 'TimeExtended':
      next.time = timeExtended(view.time, next.revision, o.seconds, o.reason);
      return;
    case 'MatchVoided':
      next.voided = { reason: o.reason };
      return;
    case 'JudgeCalled':
    case 'CallStatusChanged':
    case 'RulingGiven':
    case 'JudgeNoted':
      next.desk = deskAfter(view.desk ?? emptyDeskSeen, o);
      return;
    case 'Nothing':
      return;
    default:
      return void assertNever(o);
  }
};

const deskAfter = (desk: DeskSeen, o: Extract<Observation, { type: 'JudgeCalled' | 'CallStatusChanged' | 'RulingGiven' | 'JudgeNoted' }>): DeskSeen => {
  switch (o.type) {
    case 'JudgeCalled':
      return { ...desk, calls: [...desk.calls, { callId: o.callId, by: o.by, at: o.at, status: 'open' }] };
    case 'CallStatusChanged':
      return { ...desk, calls: desk.calls.map((call) => (call.callId === o.callId ? { ...call, status: o.status } : call)) };
    case 'RulingGiven': {
      const ruling = {
        rulingId: o.rulingId,
        ...(o.callId !== undefined && { callId: o.callId }),
        player: o.player,
        penalty: o.penalty,
        ...(o.seconds !== undefined && { seconds: o.seconds }),
      };
      return { ...desk, rulings: [...desk.rulings, ruling] };
    }
    case 'JudgeNoted':
      return { ...desk, notes: [...desk.notes, { noteId: o.noteId, at: o.at }] };
  }
};

/**
 * A copy of the zones to change: the one place that copies them, so that every copy of a match's
 * zones gets the same hidden class (copies made in several places each got their own, after which
 * every access to them went through V8's slowest paths).
 */
const copied = (zones: Readonly<Zones>): Zones => ({ ...zones });

const zoneWith = (zone: ZoneRef, cards: readonly SeenCard[]): ZoneView<SeenCard> => ({ zone, count: cards.length, cards });

/** Zones whose cards the audience can no longer tell apart come whole, with their new handles. */
const rehandled = (zones: Zones, replaced: readonly { zone: ZoneRef; cards: readonly SeenCard[] }[] | undefined, previous: Readonly<Zones>): Zones => {
  if (!replaced) return zones;
  const next = zones === previous ? copied(zones) : zones;
  for (const { zone, cards } of replaced) next[keyOf(zone)] = zoneWith(zone, cards);
  return next;
};

interface Touch {
  readonly key: string;
  readonly zone: ZoneRef;
  readonly cards: SeenCard[];
}

type Unseen = Extract<Observation, { type: 'CardsMoved' }>['unseen'];

/** `moved` for one move and nothing unseen, the commonest event: the same zones, without the bookkeeping for many. */
const movedOne = (zones: Readonly<Zones>, m: MoveSeen): Zones => {
  const next = copied(zones);
  const toKey = keyOf(m.to);
  let left: SeenCard[] | undefined;
  let leftZone: ZoneRef | undefined;
  if (m.handle !== undefined) {
    const fromKey = keyOf(m.from);
    const from = zones[fromKey];
    left = from === undefined ? [] : withoutHandle(from.cards, m.handle);
    leftZone = from === undefined ? m.from : from.zone;
    if (fromKey !== toKey) {
      next[fromKey] = { zone: leftZone, count: left.length, cards: left };
      left = undefined;
    }
  }
  const to = zones[toKey];
  const cards = left ?? (to === undefined ? [] : to.cards.slice());
  const at = m.index < 0 ? Math.max(cards.length + m.index, 0) : Math.min(m.index, cards.length);
  cards.push(m.card);
  for (let i = cards.length - 1; i > at; i--) cards[i] = cards[i - 1];
  cards[at] = m.card;
  next[toKey] = { zone: leftZone !== undefined && left !== undefined ? leftZone : to === undefined ? m.to : to.zone, count: cards.length, cards };
  return next;
};

/** A copy without the first card with this handle. */
const withoutHandle = (cards: readonly SeenCard[], handle: string): SeenCard[] => {
  const rest: SeenCard[] = [];
  let found = false;
  for (let i = 0; i < cards.length; i++) {
    if (!found && cards[i].handle === handle) found = true;
    else rest.push(cards[i]);
  }
  return rest;
};

/** Removes every card that left (those without a handle come with their zone rehandled), then inserts the arrivals by ascending final index. */
const moved = (zones: Readonly<Zones>, moves: readonly MoveSeen[], unseen: Unseen): Zones => {
  const touched: Touch[] = [];
  const touch = (ref: ZoneRef): SeenCard[] => {
    const key = keyOf(ref);
    for (const zone of touched) if (zone.key === key) return zone.cards;
    const before = zones[key];
    const cards = before === undefined ? [] : before.cards.slice();
    touched.push({ key, zone: before === undefined ? ref : before.zone, cards });
    return cards;
  };
  const leave = (zone: ZoneRef, handle: string | undefined) => {
    if (handle === undefined) return;
    const cards = touch(zone);
    const at = cards.findIndex((card) => card.handle === handle);
    if (at < 0) return;
    // by hand, not splice: splice allocates the array of what it removes, on the hottest path of the view
    for (let i = at; i < cards.length - 1; i++) cards[i] = cards[i + 1];
    cards.pop();
  };
  const arrive = (zone: ZoneRef, index: number, card: SeenCard) => {
    const cards = touch(zone);
    const at = index < 0 ? Math.max(cards.length + index, 0) : Math.min(index, cards.length);
    cards.push(card);
    for (let i = cards.length - 1; i > at; i--) cards[i] = cards[i - 1];
    cards[at] = card;
  };
  for (const m of moves) leave(m.from, m.handle);
  if (unseen) for (const m of unseen.left) leave(m.zone, m.handle);
  if (moves.length === 1 && !unseen) arrive(moves[0].to, moves[0].index, moves[0].card);
  else {
    const arrived = [...moves.map((m) => ({ zone: m.to, index: m.index, card: m.card })), ...(unseen?.arrived ?? [])].sort((a, b) => a.index - b.index);
    for (const { zone, index, card } of arrived) arrive(zone, index, card);
  }
  const next = copied(zones);
  for (const { key, zone, cards } of touched) next[key] = { zone, count: cards.length, cards };
  return next;
};

/** Each observed card replaces the entry with its handle, wherever it lies; the same zones when none is there. */
const replaced = (zones: Readonly<Zones>, seen: readonly SeenCard[]): Zones => {
  let next: Zones | undefined;
  for (const key in zones) {
    const zone = zones[key];
    let cards: SeenCard[] | undefined;
    for (let i = 0; i < zone.cards.length; i++) {
      const shown = lastWithHandle(seen, zone.cards[i].handle);
      if (shown === undefined) continue;
      cards ??= zone.cards.slice();
      cards[i] = shown;
    }
    if (cards === undefined) continue;
    next ??= copied(zones);
    next[key] = { zone: zone.zone, count: zone.count, cards };
  }
  return next ?? zones;
};

/** `replaced` for one card. */
const replacedOne = (zones: Readonly<Zones>, card: SeenCard): Zones => {
  const { handle } = card;
  let next: Zones | undefined;
  for (const key in zones) {
    const zone = zones[key];
    let cards: SeenCard[] | undefined;
    for (let i = 0; i < zone.cards.length; i++) {
      if (zone.cards[i].handle !== handle) continue;
      cards ??= zone.cards.slice();
      cards[i] = card;
    }
    if (cards === undefined) continue;
    next ??= copied(zones);
    next[key] = { zone: zone.zone, count: zone.count, cards };
  }
  return next ?? zones;
};

const lastWithHandle = (cards: readonly SeenCard[], handle: string): SeenCard | undefined => {
  for (let i = cards.length - 1; i >= 0; i--) if (cards[i].handle === handle) return cards[i];
  return undefined;
};

/** The queue's two pending fields alone: the pending functions spread what they get, and a view's queue has seven. */
const pendingOf = (view: AudienceView): Pending<QueueItemView<SeenCard>> => ({ items: view.queue.items, resolvingPlayer: view.queue.resolvingPlayer });

const resolvingOf = (o: Extract<Observation, { type: 'EffectStarted' }>): ResolvingView<SeenCard> => ({
  effectId: o.effectId,
  player: o.player,
  kind: o.kind,
  ...(o.source && { source: o.source }),
});

const chooserOf = (view: AudienceView, queue: Pending<QueueItemView<SeenCard>>): string | null =>
  view.game === null ? null : nextChooser(rulesets[view.game].pending, idsOf(view.players), view.turn.player, queue.resolvingPlayer, queue.items);

const playerIds = new WeakMap<readonly PlayerSeat[], string[]>();

/** The players' ids, remembered: every view of a match shares MatchStarted's players. */
const idsOf = (players: readonly PlayerSeat[]): string[] => {
  let ids = playerIds.get(players);
  if (ids === undefined) playerIds.set(players, (ids = players.map((player) => player.id)));
  return ids;
};

const withQueue = (next: Draft, pending: Pending<QueueItemView<SeenCard>>, resolving: readonly ResolvingView<SeenCard>[]): void => {
  if (next.game === null) return;
  const players = idsOf(next.players);
  next.queue = queueView(rulesets[next.game].pending, players, next.turn.player, pending, resolving);
};
