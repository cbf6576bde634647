import { MatchEvent } from '@matchlog/domain';

/**
 * The benches' baseline: a naive mutable fold that only moves card ids between arrays (no validation,
 * no immutability, no audiences), the floor for "touch every move of the match".
 */
export const naiveFold = (events: readonly MatchEvent[]): number => {
  const zoneOf = new Map<string, string>();
  const zones = new Map<string, string[]>();
  const key = (ref: { zone: string; player?: string; slot?: number }) => `${ref.zone}@${ref.player ?? ''}#${ref.slot ?? ''}`;
  for (const e of events) {
    const moves =
      e.type === 'CardMoved' ? [e.data] : e.type === 'CardsMoved' ? e.data.moves : e.type === 'MatchCreated' ? e.data.cards.map((c) => ({ cardId: c.cardId, to: c.zone })) : [];
    for (const m of moves) {
      const from = zoneOf.get(m.cardId);
      if (from)
        zones.set(
          from,
          zones.get(from)!.filter((c) => c !== m.cardId),
        );
      const to = key(m.to);
      zones.set(to, [...(zones.get(to) ?? []), m.cardId]);
      zoneOf.set(m.cardId, to);
    }
  }
  return zones.size;
};
