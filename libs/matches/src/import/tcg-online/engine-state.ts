import { StepUnexplained } from './refusal';

/** A card's status as matchlog keeps it (Lorcana 7.1.6: it never follows a card to another zone). */
export interface CardStatus {
  readonly exerted: boolean;
  readonly damage: number;
}

export interface BagItem {
  readonly player: string;
  readonly sourceCardId: string;
  readonly ability: string | null;
}

export interface PendingEffect {
  readonly player: string;
  readonly sourceCardId: string | null;
  readonly kind: 'action' | 'ability';
}

/** What the import reads of the engine's state (FORMAT.md §2), in matchlog's terms: seats p1/p2, zone keys `deck@p1`. */
export interface EngineState {
  /** matchlog zone key → card ids; ordered zones (deck, discard) top first */
  readonly zones: ReadonlyMap<string, readonly string[]>;
  readonly zoneOf: ReadonlyMap<string, string>;
  /** cards lying face down in play (under another card) */
  readonly faceDown: ReadonlySet<string>;
  readonly status: ReadonlyMap<string, CardStatus>;
  readonly lore: Readonly<Record<string, number>>;
  readonly bag: ReadonlyMap<string, BagItem>;
  readonly effects: ReadonlyMap<string, PendingEffect>;
  readonly turn: number;
  readonly active: string | null;
  readonly ended: { readonly winner: string | null; readonly reason: string } | null;
  readonly draws: number;
  /** the engine's reveals (ctx.zones.reveals.active) by id: to every audience, or to the seats named */
  readonly reveals: ReadonlyMap<string, { readonly cardIds: readonly string[]; readonly to: 'all' | readonly string[] }>;
}

/** The engine's zones; `limbo` is not a Lorcana zone and is mapped by what lies there (docs/explanation/importing.md). */
const ENGINE_ZONES = new Set(['deck', 'hand', 'play', 'discard', 'inkwell', 'limbo']);
/** Ordered zones: the engine keeps their top last (FORMAT.md §2), matchlog top first. */
const ORDERED = new Set(['deck', 'discard']);

type Json = Record<string, unknown>;
const obj = (value: unknown, what: string): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StepUnexplained(`the state has no ${what}`);
  return value as Json;
};

export interface Seats {
  /** engine player id → p1 / p2 */
  readonly seatOf: ReadonlyMap<string, string>;
  /** card instance → its type in the card table (to tell an action resolving in limbo) */
  readonly typeOf: ReadonlyMap<string, string>;
}

const seat = (seats: Seats, playerId: unknown, what: string): string => {
  const found = typeof playerId === 'string' ? seats.seatOf.get(playerId) : undefined;
  if (found === undefined) throw new StepUnexplained(`${what} names ${JSON.stringify(playerId)}, who is not one of the replay's playerIds`);
  return found;
};

const replaceIds = (text: string, seats: Seats): string => {
  let out = text;
  for (const [id, name] of seats.seatOf) out = out.split(id).join(name);
  return out;
};

export const engineStateOf = (state: unknown, seats: Seats): EngineState => {
  const root = obj(state, 'root object');
  const ctx = obj(root.ctx, 'ctx');
  const G = obj(root.G, 'G');
  const privateZones = obj(obj(ctx.zones, 'ctx.zones').private, 'ctx.zones.private');
  const zoneCards = obj(privateZones.zoneCards, 'ctx.zones.private.zoneCards');
  const cardMeta = obj(privateZones.cardMeta ?? {}, 'ctx.zones.private.cardMeta');
  const zones = new Map<string, string[]>();
  const zoneOf = new Map<string, string>();
  const faceDown = new Set<string>();
  const status = new Map<string, CardStatus>();
  for (const [engineKey, list] of Object.entries(zoneCards)) {
    if (!Array.isArray(list) || !list.every((id) => typeof id === 'string')) throw new StepUnexplained(`zone ${engineKey} is not a list of card ids`);
    const colon = engineKey.indexOf(':');
    const zone = colon < 0 ? engineKey : engineKey.slice(0, colon);
    if (!ENGINE_ZONES.has(zone)) throw new StepUnexplained(`the state has a zone "${zone}" the import does not know`);
    if (colon < 0) {
      if (list.length > 0) throw new StepUnexplained(`the shared zone "${zone}" holds cards`);
      continue;
    }
    const player = seat(seats, engineKey.slice(colon + 1), `zone ${zone}`);
    for (const id of list as string[]) {
      const meta = (cardMeta[id] ?? {}) as Json;
      if (zone === 'limbo') {
        // a card under another (Boost, 'put under'): it lies in play, face down unless put face up (7.4.2);
        // an action resolving: in play only while its effect resolves (7.4.1)
        if (typeof meta.stackParentId === 'string') {
          if (meta.publicFaceState !== 'faceUp') faceDown.add(id);
        } else if (seats.typeOf.get(id) !== 'action') throw new StepUnexplained(`card ${id} is in limbo, neither under a card nor an action resolving`);
      }
      const key = `${zone === 'limbo' ? 'play' : zone}@${player}`;
      if (zoneOf.has(id)) throw new StepUnexplained(`card ${id} is in two zones`);
      zoneOf.set(id, key);
      if ((zone === 'play' || zone === 'inkwell') && typeof meta.stackParentId !== 'string')
        status.set(id, { exerted: meta.state === 'exerted', damage: typeof meta.damage === 'number' ? meta.damage : 0 });
    }
    const ordered = ORDERED.has(zone) ? [...(list as string[])].reverse() : (list as string[]);
    const key = `${zone === 'limbo' ? 'play' : zone}@${player}`;
    zones.set(key, [...(zones.get(key) ?? []), ...ordered]);
  }
  const lore: Record<string, number> = {};
  for (const [playerId, value] of Object.entries(obj(G.lore, 'G.lore'))) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new StepUnexplained(`lore of ${playerId} is not a count`);
    lore[seat(seats, playerId, 'G.lore')] = value;
  }
  const bag = new Map<string, BagItem>();
  const items = obj(obj(G.triggeredAbilities, 'G.triggeredAbilities').bag, 'G.triggeredAbilities.bag').items;
  if (!Array.isArray(items)) throw new StepUnexplained('the bag has no items list');
  for (const item of items as Json[]) {
    if (typeof item.id !== 'string' || typeof item.sourceId !== 'string') throw new StepUnexplained('a bag item has no id or source');
    if (!zoneOf.has(item.sourceId)) throw new StepUnexplained(`bag item ${item.id}'s source is no card of the game`);
    bag.set(item.id, {
      player: seat(seats, item.controllerId, `bag item ${item.id}`),
      sourceCardId: item.sourceId,
      ability: typeof item.abilityName === 'string' && item.abilityName.trim().length > 0 ? item.abilityName.trim().slice(0, 500) : null,
    });
  }
  const effects = new Map<string, PendingEffect>();
  const pending = G.pendingEffects ?? [];
  if (!Array.isArray(pending)) throw new StepUnexplained('G.pendingEffects is not a list');
  for (const effect of pending as Json[]) {
    if (typeof effect.id !== 'string') throw new StepUnexplained('a pending effect has no id');
    const played = (effect.cardPlayed ?? {}) as Json;
    const source = typeof effect.sourceCardId === 'string' ? effect.sourceCardId : typeof effect.sourceId === 'string' ? effect.sourceId : null;
    if (source !== null && !zoneOf.has(source)) throw new StepUnexplained(`pending effect ${effect.id}'s source is no card of the game`);
    effects.set(effect.id, {
      player: seat(seats, effect.chooserId ?? effect.controllerId, `pending effect ${effect.id}`),
      sourceCardId: source,
      kind: played.cardType === 'action' ? 'action' : 'ability',
    });
  }
  const statusOf = obj(ctx.status, 'ctx.status');
  const turn = typeof statusOf.turn === 'number' ? statusOf.turn : 0;
  const activePlayer = typeof statusOf.turnOwnerId === 'string' ? seat(seats, statusOf.turnOwnerId, 'ctx.status.turnOwnerId') : null;
  const winner = statusOf.winner === undefined || statusOf.winner === null ? null : seat(seats, statusOf.winner, 'ctx.status.winner');
  const reason = replaceIds(typeof statusOf.reason === 'string' && statusOf.reason.length > 0 ? statusOf.reason : 'game ended', seats);
  // "Reached 20 lore" names nobody: say who
  const named = winner !== null && ![...seats.seatOf.values()].some((name) => reason.includes(name)) ? `${winner}: ${reason}` : reason;
  const ended = statusOf.gameEnded === true ? { winner, reason: named } : null;
  const reveals = new Map<string, { cardIds: string[]; to: 'all' | string[] }>();
  const active = ((ctx.zones as Json).reveals as Json | undefined)?.active ?? [];
  if (!Array.isArray(active)) throw new StepUnexplained('ctx.zones.reveals.active is not a list');
  for (const reveal of active as Json[]) {
    const { revealID, cardIDs, visibleTo } = reveal;
    if (typeof revealID !== 'string' || !Array.isArray(cardIDs) || !cardIDs.every((id) => typeof id === 'string' && zoneOf.has(id)))
      throw new StepUnexplained('a reveal names no card of the game');
    if (visibleTo !== 'all' && !(Array.isArray(visibleTo) && visibleTo.length > 0)) throw new StepUnexplained(`reveal ${revealID} is shown to nobody the import knows`);
    reveals.set(revealID, { cardIds: [...(cardIDs as string[])], to: visibleTo === 'all' ? 'all' : (visibleTo as unknown[]).map((id) => seat(seats, id, `reveal ${revealID}`)) });
  }
  const random = (ctx.random ?? {}) as Json;
  return { zones, zoneOf, faceDown, status, lore, bag, effects, turn, active: activePlayer, ended, draws: typeof random.draws === 'number' ? random.draws : 0, reveals };
};
