import { ZoneRef, zoneKey } from '../events/zone-ref';
import { Observation, SeenCard } from '../observe/observation';
import { nextChooser } from '../queue/next-chooser';
import { Pending, emptyPending, pendingAdded, pendingNewTurn, pendingRemoved, pendingResolved, pendingWithout } from '../queue/pending';
import { QueueItemView, ResolvingView, queueView } from '../queue/queue-view';
import { rulesets } from '../rules/rulesets';
import { AudienceView, ZoneView } from './audience-view';

type Zones = Record<string, ZoneView<SeenCard>>;

const assertNever = (value: never): never => value;

/** An audience's view after one more of its observations. Reads nothing but the observation. */
export const evolveView = (view: AudienceView, observation: Observation): AudienceView => {
  const next = apply(view, observation);
  const followed = next.queue.items.length > 0 || next.queue.resolving.length > 0 ? followSources(next, touchedBy(view, observation)) : next;
  // a literal with every field, not a spread: this runs for every event of every audience
  return {
    audience: followed.audience,
    revision: view.revision + 1,
    game: followed.game,
    players: followed.players,
    tournament: followed.tournament,
    turn: followed.turn,
    zones: followed.zones,
    queue: followed.queue,
    departed: followed.departed,
    ended: followed.ended,
  };
};

interface Touched {
  /** cards the observation shows as they now are, by handle */
  readonly now: Map<string, SeenCard>;
  /** handles that may no longer name the card they named (it left unseen, its zone was shuffled or rehandled) */
  readonly gone: Set<string>;
}

/** What an observation changed of the cards the view names, read from the observation and the view before it. */
const touchedBy = (before: AudienceView, o: Observation): Touched => {
  const now = new Map<string, SeenCard>();
  const gone = new Set<string>();
  const shows = (card: SeenCard) => now.set(card.handle, card);
  const renews = (zone: ZoneRef) => {
    for (const card of before.zones[zoneKey(zone)]?.cards ?? []) gone.add(card.handle);
  };
  const rehandles = (zones: readonly { zone: ZoneRef; cards: readonly SeenCard[] }[] | undefined) =>
    zones?.forEach(({ zone, cards }) => (renews(zone), cards.forEach(shows)));
  switch (o.type) {
    case 'CardMoved':
      if (o.move.handle !== undefined) gone.add(o.move.handle);
      shows(o.move.card);
      rehandles(o.rehandled);
      break;
    case 'CardsMoved':
      for (const m of o.moves) {
        if (m.handle !== undefined) gone.add(m.handle);
        shows(m.card);
      }
      o.unseen?.left.forEach((left) => left.handle !== undefined && gone.add(left.handle));
      o.unseen?.arrived.forEach((arrived) => shows(arrived.card));
      rehandles(o.rehandled);
      break;
    case 'ZoneShuffled':
      renews(o.zone);
      if (o.refilledFrom) renews(o.refilledFrom);
      o.cards.forEach(shows);
      break;
    case 'CardStatusChanged':
    case 'ControlChanged':
      shows(o.card);
      break;
    case 'CardsRevealed':
    case 'CardsLookedAt':
      o.cards.forEach(shows);
      rehandles(o.rehandled);
      break;
    case 'SearchPerformed':
      if (o.found) shows(o.found);
      rehandles(o.rehandled);
      break;
    default:
      break;
  }
  return { now, gone };
};

/**
 * The queue names each item's source as the zones show that card now (a source turned face down,
 * inked or hidden loses its name with it), and by its handle alone once the audience lost track of it
 * (a shuffle, an unseen placement): the queue never names a card its audience can no longer identify.
 */
const followSources = (view: AudienceView, { now, gone }: Touched): AudienceView => {
  if (now.size === 0 && gone.size === 0) return view;
  const follow = (source: SeenCard | undefined): SeenCard | undefined => {
    if (source === undefined) return undefined;
    const shown = now.get(source.handle);
    if (shown !== undefined) return shown === source ? source : shown;
    return gone.has(source.handle) && source.definition !== undefined ? { handle: source.handle } : source;
  };
  const { items, resolving } = view.queue;
  const affected = items.some((item) => follow(item.source) !== item.source) || resolving.some((effect) => follow(effect.source) !== effect.source);
  if (!affected) return view;
  const followItem = <T extends { readonly source?: SeenCard }>(item: T): T => {
    const source = follow(item.source);
    return source === item.source ? item : { ...item, source };
  };
  return { ...view, queue: { ...view.queue, items: items.map(followItem), resolving: resolving.map(followItem) } };
};

const apply = (view: AudienceView, o: Observation): AudienceView => {
  switch (o.type) {
    case 'MatchStarted': {
      const zones: Zones = {};
      for (const { zone, cards } of o.zones) zones[zoneKey(zone)] = { zone, count: cards.length, cards };
      const started: AudienceView = { ...view, game: o.game, players: o.players, ...(o.tournament && { tournament: o.tournament }), zones };
      return withQueue(started, emptyPending, []);
    }
    case 'CardMoved':
      return { ...view, zones: rehandled(moved(view.zones, [{ zone: o.move.from, handle: o.move.handle }], [{ zone: o.move.to, index: o.move.index, card: o.move.card }]), o.rehandled) };
    case 'CardsMoved': {
      const left = [...o.moves.map((m) => ({ zone: m.from, handle: m.handle })), ...(o.unseen?.left ?? [])];
      const arrived = [...o.moves.map((m) => ({ zone: m.to, index: m.index, card: m.card })), ...(o.unseen?.arrived ?? [])];
      return { ...view, zones: rehandled(moved(view.zones, left, arrived), o.rehandled) };
    }
    case 'ZoneShuffled': {
      const zones = { ...view.zones, [zoneKey(o.zone)]: zoneWith(o.zone, o.cards) };
      if (o.refilledFrom) zones[zoneKey(o.refilledFrom)] = zoneWith(o.refilledFrom, []);
      return { ...view, zones };
    }
    case 'CardsRevealed':
    case 'CardsLookedAt':
      return { ...view, zones: rehandled(replaced(view.zones, o.cards), o.rehandled) };
    case 'SearchPerformed':
      return o.found ? { ...view, zones: rehandled(replaced(view.zones, [o.found]), o.rehandled) } : view;
    case 'CardStatusChanged':
    case 'ControlChanged':
      return { ...view, zones: replaced(view.zones, [o.card]) };
    case 'TurnStarted':
      return withQueue({ ...view, turn: { player: o.player, number: o.turn } }, pendingNewTurn(pendingOf(view)), view.queue.resolving);
    case 'EffectStarted':
      return withQueue(view, pendingOf(view), [...view.queue.resolving, resolvingOf(o)]);
    case 'EffectResolved':
      return withQueue(view, pendingOf(view), view.queue.resolving.filter((e) => e.effectId !== o.effectId));
    case 'TriggerAdded': {
      const item: QueueItemView<SeenCard> = { triggerId: o.triggerId, player: o.player, ...(o.source && { source: o.source }), ability: o.ability, kind: o.kind };
      return withQueue(view, pendingAdded(pendingOf(view), item), view.queue.resolving);
    }
    case 'TriggerResolved':
      return withQueue(view, pendingResolved(pendingOf(view), o.triggerId, o.player, (queue) => chooserOf(view, queue)), view.queue.resolving);
    case 'TriggerRemoved':
      return withQueue(view, pendingRemoved(pendingOf(view), o.triggerId), view.queue.resolving);
    case 'PlayerLeft':
      return withQueue({ ...view, departed: [...view.departed, o.player] }, pendingWithout(pendingOf(view), o.player), view.queue.resolving);
    case 'MatchEnded':
      return { ...view, ended: { ...(o.winner !== undefined && { winner: o.winner }), reason: o.reason } };
    case 'Nothing':
      return view;
    default:
      return assertNever(o);
  }
};

const zoneWith = (zone: ZoneRef, cards: readonly SeenCard[]): ZoneView<SeenCard> => ({ zone, count: cards.length, cards });

/** Zones whose cards the audience can no longer tell apart come whole, with their new handles. */
const rehandled = (zones: Zones, replaced: readonly { zone: ZoneRef; cards: readonly SeenCard[] }[] | undefined): Zones => {
  if (!replaced) return zones;
  for (const { zone, cards } of replaced) zones[zoneKey(zone)] = zoneWith(zone, cards);
  return zones;
};

/** Removes every card that left (those without a handle come with their zone rehandled), then inserts the arrivals by ascending final index. */
const moved = (
  zones: Readonly<Zones>,
  left: readonly { zone: ZoneRef; handle?: string }[],
  arrived: readonly { zone: ZoneRef; index: number; card: SeenCard }[],
): Zones => {
  const contents = new Map<string, SeenCard[]>();
  const touch = (ref: ZoneRef): SeenCard[] => {
    const key = zoneKey(ref);
    let cards = contents.get(key);
    if (!cards) contents.set(key, (cards = (zones[key]?.cards ?? []).slice()));
    return cards;
  };
  for (const { zone, handle } of left) {
    if (handle === undefined) continue;
    const cards = touch(zone);
    const at = cards.findIndex((card) => card.handle === handle);
    if (at >= 0) cards.splice(at, 1);
  }
  for (const { zone, index, card } of [...arrived].sort((a, b) => a.index - b.index)) touch(zone).splice(index, 0, card);
  const next: Zones = { ...zones };
  for (const [key, cards] of contents) next[key] = { zone: zones[key]?.zone ?? arrived.find((a) => zoneKey(a.zone) === key)!.zone, count: cards.length, cards };
  return next;
};

/** Each observed card replaces the entry with its handle, wherever it lies. */
const replaced = (zones: Readonly<Zones>, seen: readonly SeenCard[]): Zones => {
  const byHandle = new Map(seen.map((card) => [card.handle, card]));
  const next: Zones = { ...zones };
  for (const key of Object.keys(zones)) {
    const zone = zones[key];
    if (!zone.cards.some((card) => byHandle.has(card.handle))) continue;
    next[key] = { ...zone, cards: zone.cards.map((card) => byHandle.get(card.handle) ?? card) };
  }
  return next;
};

const pendingOf = (view: AudienceView): Pending<QueueItemView<SeenCard>> => view.queue;

const resolvingOf = (o: Extract<Observation, { type: 'EffectStarted' }>): ResolvingView<SeenCard> => ({
  effectId: o.effectId,
  player: o.player,
  kind: o.kind,
  ...(o.source && { source: o.source }),
});

const chooserOf = (view: AudienceView, queue: Pending<QueueItemView<SeenCard>>): string | null =>
  view.game === null ? null : nextChooser(rulesets[view.game].pending, view.players.map((p) => p.id), view.turn.player, queue.resolvingPlayer, queue.items);

const withQueue = (view: AudienceView, pending: Pending<QueueItemView<SeenCard>>, resolving: readonly ResolvingView<SeenCard>[]): AudienceView => {
  if (view.game === null) return view;
  const players = view.players.map((player) => player.id);
  return { ...view, queue: queueView(rulesets[view.game].pending, players, view.turn.player, pending, resolving) };
};
