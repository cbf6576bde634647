import { GameId, MatchEvent, MatchState, emptyMatch, evolve } from '@matchlog/domain';

type Visibility = 'public' | 'owner' | 'hidden';

/**
 * Zone visibility written down again from the rules texts, apart from the rulesets under test:
 * Lorcana 7.1.2.1 / 7.1.3.1 / 7.5.4; Four Souls "Game Zones"; Grand Archive "Public vs Private Information".
 */
const visibility: Record<GameId, Record<string, Visibility>> = {
  lorcana: { deck: 'hidden', hand: 'owner', play: 'public', inkwell: 'hidden', discard: 'public', bag: 'public' },
  'four-souls': {
    'treasure-deck': 'hidden',
    'loot-deck': 'hidden',
    'monster-deck': 'hidden',
    'room-deck': 'hidden',
    'treasure-discard': 'public',
    'loot-discard': 'public',
    'monster-discard': 'public',
    'room-discard': 'public',
    'shop-slot': 'public',
    'monster-slot': 'public',
    'room-slot': 'public',
    covered: 'public',
    hand: 'owner',
    play: 'public',
    stack: 'public',
    outside: 'public',
  },
  'grand-archive': {
    'main-deck': 'hidden',
    'material-deck': 'owner',
    hand: 'owner',
    memory: 'owner',
    field: 'public',
    graveyard: 'public',
    banishment: 'public',
    intent: 'public',
    'effects-stack': 'public',
  },
};

/** The broadcast sees whatever any player sees (it is written down here again, apart from the domain's standsFor). */
const seesFor = (state: MatchState, audience: string, player: string | null | undefined): boolean =>
  player !== null && player !== undefined && (player === audience || (audience === 'broadcast' && (state.layout?.playerIds ?? []).includes(player)));

const mayLookNow = (state: MatchState, card: number, audience: string): boolean => {
  const layout = state.layout!;
  const c = state.cards[card];
  const zone = layout.zones[c.zone];
  const kind = visibility[layout.ruleset.game][zone.ref.zone];
  if (kind === 'owner') return seesFor(state, audience, zone.ref.player);
  if (kind === 'hidden') return false;
  if (!c.faceDown) return true;
  return layout.ruleset.game === 'grand-archive' && zone.ref.zone !== 'banishment' && seesFor(state, audience, c.controller);
};

/**
 * For each revision, the card ids the audience has ever been entitled to identify: it could look at
 * the card where it lay, or the card was revealed to it, looked at or found by it. A superset of what
 * it knows, so a card outside it must never be identifiable by that audience. For the broadcast: what
 * any player has been entitled to identify.
 */
export const everSeen = (events: readonly MatchEvent[], audience: string, fromRevision = 0): Set<string>[] => {
  let state = emptyMatch;
  const seen = new Set<string>();
  const byRevision: Set<string>[] = [new Set()];
  for (const [i, e] of events.entries()) {
    state = evolve(state, e);
    if (i < fromRevision) {
      byRevision.push(new Set());
      continue;
    }
    if (e.type === 'CardsRevealed' && (e.data.to === undefined || e.data.to.some((p) => seesFor(state, audience, p)))) e.data.cardIds.forEach((id) => seen.add(id));
    if (e.type === 'CardsLookedAt' && seesFor(state, audience, e.data.player)) e.data.cardIds.forEach((id) => seen.add(id));
    if (e.type === 'SearchPerformed' && seesFor(state, audience, e.data.player) && e.data.found) seen.add(e.data.found);
    state.cards.forEach((card, i) => {
      if (mayLookNow(state, i, audience)) seen.add(card.cardId);
    });
    byRevision.push(new Set(seen));
  }
  return byRevision;
};

/** The cards the audience may look at where they lie once `events` have happened. */
export const lookableNow = (events: readonly MatchEvent[], audience: string): Set<string> => {
  const state = events.reduce(evolve, emptyMatch);
  return new Set(state.cards.filter((_, i) => mayLookNow(state, i, audience)).map((card) => card.cardId));
};

export { seesFor };

export const definitionsOf = (events: readonly MatchEvent[]): Map<string, string> => {
  const created = events[0];
  return new Map(created.type === 'MatchCreated' ? created.data.cards.flatMap((card) => (card.definition === undefined ? [] : [[card.cardId, card.definition] as const])) : []);
};
