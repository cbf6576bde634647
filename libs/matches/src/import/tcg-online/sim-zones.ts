import { CardStatus, EngineState } from './engine-state';

/** Zones as matchlog's fold will hold them after the events emitted so far: what the next event's positions count on. */
export interface SimZones {
  readonly zones: Map<string, string[]>;
  readonly zoneOf: Map<string, string>;
  readonly status: Map<string, CardStatus>;
  readonly faceDown: Set<string>;
  /** engine bag and effect ids → the ids the events use (the engine's hold card and player ids, which every audience would read) */
  readonly ids: Map<string, string>;
  /** card → its type in the card table */
  readonly types: ReadonlyMap<string, string>;
}

export const simOf = (engine: EngineState, types: ReadonlyMap<string, string>): SimZones => ({
  types,
  zones: new Map([...engine.zones].map(([key, cards]) => [key, [...cards]])),
  zoneOf: new Map(engine.zoneOf),
  status: new Map(engine.status),
  faceDown: new Set(engine.faceDown),
  ids: new Map(),
});

/** The event id for an engine bag item or pending effect: `trigger-1`, `effect-2`, counted per kind in order of arrival. */
export const publicId = (sim: SimZones, engineId: string, kind: 'trigger' | 'effect'): string => {
  let id = sim.ids.get(engineId);
  if (id === undefined) {
    id = `${kind}-${[...sim.ids.values()].filter((value) => value.startsWith(`${kind}-`)).length + 1}`;
    sim.ids.set(engineId, id);
  }
  return id;
};

export const ORDERED_ZONES = new Set(['deck', 'discard']);
export const zoneName = (key: string): string => key.slice(0, key.indexOf('@'));
export const zonePlayer = (key: string): string => key.slice(key.indexOf('@') + 1);
export const isOrdered = (key: string): boolean => ORDERED_ZONES.has(zoneName(key));
const HAS_STATUS = new Set(['play', 'inkwell']);

/**
 * Where to put `card` in the ordered zone `key` so that the cards that will lie there keep `target`'s order:
 * before the first card already there that comes after it in `target` (cards about to leave, and cards of the batch
 * not yet moved, are passed over).
 */
export const positionFor = (sim: SimZones, key: string, card: string, target: readonly string[], pending: ReadonlySet<string>): number => {
  const rank = new Map(target.map((id, i) => [id, i]));
  const mine = rank.get(card)!;
  const cards = sim.zones.get(key) ?? [];
  const at = cards.findIndex((id) => !pending.has(id) && (rank.get(id) ?? -1) > mine);
  return at < 0 ? cards.length : at;
};

/** Takes a card out of its zone in the simulation, as a move does before it places the card. */
export const detach = (sim: SimZones, card: string): void => {
  const source = sim.zones.get(sim.zoneOf.get(card)!)!;
  source.splice(source.indexOf(card), 1);
};

/** Places a detached card as the domain does: status stays behind (Lorcana 7.1.6). */
export const attach = (sim: SimZones, card: string, to: string, position: number | undefined, faceDown: boolean): void => {
  const dest = sim.zones.get(to) ?? [];
  sim.zones.set(to, dest);
  if (position === undefined) dest.push(card);
  else dest.splice(position, 0, card);
  sim.zoneOf.set(card, to);
  if (HAS_STATUS.has(zoneName(to))) sim.status.set(card, { exerted: false, damage: 0 });
  else sim.status.delete(card);
  if (faceDown) sim.faceDown.add(card);
  else sim.faceDown.delete(card);
};

/** The longest common subsequence of two orders of distinct ids: the cards that did not move within a zone. */
export const stayedInOrder = (before: readonly string[], after: readonly string[]): Set<string> => {
  const n = before.length;
  const m = after.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i][j] = before[i] === after[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (before[i] === after[j]) {
      kept.add(before[i]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return kept;
};
