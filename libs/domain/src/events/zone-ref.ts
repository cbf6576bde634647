/** How events address a zone: `{ zone: 'hand', player: 'p1' }`; no player for shared zones; `slot` where the game has slots. */
export interface ZoneRef {
  readonly zone: string;
  readonly player?: string;
  readonly slot?: number;
}

/** The canonical key of a zone instance, e.g. `hand@p1`, `shop-slot#2`, `stack`. */
export const zoneKey = (ref: ZoneRef): string => (ref.player !== undefined ? `${ref.zone}@${ref.player}` : ref.slot !== undefined ? `${ref.zone}#${ref.slot}` : ref.zone);

export const zoneRefOfKey = (key: string): ZoneRef => {
  const at = key.indexOf('@');
  if (at >= 0) return { zone: key.slice(0, at), player: key.slice(at + 1) };
  const hash = key.indexOf('#');
  if (hash >= 0) return { zone: key.slice(0, hash), slot: Number(key.slice(hash + 1)) };
  return { zone: key };
};
