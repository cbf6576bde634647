import { AudienceView, MatchEvent, MatchState, Seat, emptyMatch, emptySeat, evolve, judgeView, stepSeat, validate } from '@matchlog/domain';
import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';
import { apply } from 'mutative';
import { ConvertedReplay, cardIdOf, convertTcgOnlineReplay } from '../src/import/tcg-online';

/**
 * Issue 27 §3: every sample, at every step, folded through the domain, against the replay's own state (its patches
 * applied here, independently of the import): the judge has the same cards in the same zones, decks and discards in
 * the same order, the same lore, damage and exerted state; each player sees their own hand exactly, and in the other
 * player's hand and deck and in their own deck names only cards the events let them know (trackKnown); the public
 * names nothing in a hand, a deck or an inkwell but cards revealed to all, and no face-down card in play.
 */

type Engine = {
  ctx: {
    zones: {
      private: { zoneCards: Record<string, string[]>; cardMeta: Record<string, { state?: string; damage?: number; stackParentId?: string; publicFaceState?: string }> };
      reveals?: { active?: { cardIDs: string[]; visibleTo: 'all' | string[] }[] };
    };
    status: { turn: number };
  };
  G: { lore: Record<string, number>; triggeredAbilities: { bag: { items: { id: string; chooserId?: string }[] } }; pendingEffects: { id: string }[] };
};

const ORDERED = ['deck', 'discard'];
const PUBLIC = ['play', 'discard'];
const HIDDEN = ['hand', 'deck'];

/** The replay's state in matchlog's terms, written out here without the import's code: limbo lies in play (7.4.1, 7.4.2). */
const expected = (state: Engine, seatOf: Map<string, string>) => {
  const zones = new Map<string, string[]>();
  const status = new Map<string, { exerted: boolean; damage: number }>();
  const faceDown: string[] = [];
  for (const [key, instances] of Object.entries(state.ctx.zones.private.zoneCards)) {
    const ids = instances.map(cardIdOf);
    const [zone, player] = key.split(':');
    if (player === undefined) continue;
    const name = zone === 'limbo' ? 'play' : zone;
    const mine = `${name}@${seatOf.get(player)}`;
    zones.set(mine, [...(zones.get(mine) ?? []), ...(ORDERED.includes(zone) ? [...ids].reverse() : ids)]);
    if (zone === 'limbo')
      faceDown.push(
        ...instances
          .filter((id) => state.ctx.zones.private.cardMeta[id]?.stackParentId !== undefined && state.ctx.zones.private.cardMeta[id]?.publicFaceState !== 'faceUp')
          .map(cardIdOf),
      );
    if (zone === 'play' || zone === 'inkwell')
      for (const id of instances) {
        const meta = state.ctx.zones.private.cardMeta[id] ?? {};
        status.set(cardIdOf(id), { exerted: meta.state === 'exerted', damage: meta.damage ?? 0 });
      }
  }
  const lore = Object.fromEntries(Object.entries(state.G.lore).map(([id, value]) => [seatOf.get(id)!, value]));
  const bag = state.G.triggeredAbilities.bag.items.map((item) => ({ id: item.id, chooser: item.chooserId === undefined ? undefined : seatOf.get(item.chooserId) }));
  const effects = state.G.pendingEffects.map((effect) => effect.id).sort();
  return { zones, status, faceDown: faceDown.sort(), lore, bag, effects, turn: state.ctx.status.turn };
};

const multiset = (items: readonly string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
};
const within = (small: readonly string[], large: readonly string[]): boolean => {
  const have = multiset(large);
  return Object.entries(multiset(small)).every(([item, count]) => (have[item] ?? 0) >= count);
};

/**
 * What each audience may know of a card in a hidden zone, by the events alone: a card revealed to it (to all: an inked
 * card, a card revealed from a deck), a card its player looked at, or put into their own deck from their hand (a
 * mulligan goes to the bottom, and the engine does not shuffle after it: FORMAT.md §6), or seen by all in play or a
 * discard before it went into a hand or deck (7.1.2: cards in a public zone are publicly known; e.g. a character
 * returned to its owner's hand); forgotten when its deck is shuffled or it enters an inkwell (7.5.4).
 */
const trackKnown = (known: Record<string, Set<string>>, type: string, data: unknown): void => {
  const moves = type === 'CardMoved' ? [data] : type === 'CardsMoved' ? (data as { moves: unknown[] }).moves : [];
  for (const move of moves as { cardId: string; from: { zone: string; player: string }; to: { zone: string; player: string } }[]) {
    if (move.to.zone === 'inkwell') for (const set of Object.values(known)) set.delete(move.cardId);
    if (move.from.zone === 'hand' && move.to.zone === 'deck' && move.from.player === move.to.player) known[move.to.player].add(move.cardId);
    if (PUBLIC.includes(move.from.zone) && HIDDEN.includes(move.to.zone)) for (const set of Object.values(known)) set.add(move.cardId);
  }
  if (type === 'CardsLookedAt') for (const id of (data as { cardIds: string[] }).cardIds) known[(data as { player: string }).player].add(id);
  if (type === 'CardsRevealed') {
    const { cardIds, to } = data as { cardIds: string[]; to?: string[] };
    for (const audience of to ?? Object.keys(known)) for (const id of cardIds) known[audience].add(id);
  }
  if (type === 'ZoneShuffled') for (const id of (data as { order: string[] }).order) for (const set of Object.values(known)) set.delete(id);
};

const named = (view: AudienceView, key: string): string[] => (view.zones[key]?.cards ?? []).flatMap((card) => (card.definition === undefined ? [] : [card.definition]));

for (const sample of [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()]) {
  describe(`tcg.online replay ${sample.name}`, () => {
    const replay = JSON.parse(sample.json);
    const seatOf = new Map<string, string>([
      [replay.playerIds[0], 'p1'],
      [replay.playerIds[1], 'p2'],
    ]);
    const converted = convertTcgOnlineReplay(sample.json);

    it('converts', () => {
      expect(converted.ok ? 'ok' : converted.refusal).toBe('ok');
    });

    it('matches the replay at every step, for the judge, both players and the public', () => {
      const { created, steps } = converted as ConvertedReplay;
      const definitionOf = new Map(created.cards.map((card) => [card.cardId, card.definition]));
      let engine = JSON.parse(JSON.parse(replay.initialState).state === undefined ? replay.initialState : JSON.stringify(JSON.parse(replay.initialState).state)) as Engine;
      let judge: MatchState = emptyMatch;
      let seats: Record<string, Seat> = { p1: emptySeat('p1'), p2: emptySeat('p2'), public: emptySeat('public') };
      let n = 0;
      const known: Record<string, Set<string>> = { p1: new Set(), p2: new Set(), public: new Set() };
      // what the replay itself showed each audience (its reveal records): the events may make known nothing else
      const shown: Record<string, Set<string>> = { p1: new Set(), p2: new Set(), public: new Set() };
      const fold = (type: string, data: unknown, recordedAt: string) => {
        if (type === 'CardsRevealed' || type === 'CardsLookedAt') {
          const { cardIds, to, player } = data as { cardIds: string[]; to?: string[]; player?: string };
          for (const audience of player !== undefined ? [player] : (to ?? ['public'])) expect([type, cardIds.filter((id) => !shown[audience].has(id))]).toEqual([type, []]);
        }
        trackKnown(known, type, data);
        const event = { id: `e${n++}`, type, data, meta: { recordedBy: 'import', recordedAt } } as MatchEvent;
        const verdict = validate(judge, event);
        if (!verdict.ok) throw new Error(`${type} refused: ${JSON.stringify(verdict)} ${JSON.stringify(data)}`);
        const after = evolve(judge, event);
        seats = Object.fromEntries(Object.entries(seats).map(([audience, seat]) => [audience, stepSeat(seat, event, after).seat]));
        judge = after;
      };
      fold('MatchCreated', created, '2026-01-01T00:00:00.000Z');
      replay.steps.forEach((step: { patches: never }, i: number) => {
        engine = apply(engine, step.patches);
        for (const reveal of engine.ctx.zones.reveals?.active ?? [])
          for (const audience of reveal.visibleTo === 'all' ? ['p1', 'p2', 'public'] : reveal.visibleTo.map((id) => seatOf.get(id)!))
            for (const id of reveal.cardIDs) shown[audience].add(cardIdOf(id));
        for (const event of steps[i]) fold(event.type, event.data, event.recordedAt);
        const want = expected(engine, seatOf);
        const view = judgeView(judge);
        const where = `step ${i}`;
        for (const [key, ids] of want.zones) {
          const have = (view.zones[key]?.cards ?? []).map((card) => card.cardId);
          expect([where, key, ORDERED.includes(key.split('@')[0]) ? have : [...have].sort()]).toEqual([where, key, ORDERED.includes(key.split('@')[0]) ? ids : [...ids].sort()]);
        }
        const cards = Object.values(view.zones).flatMap((zone) => zone.cards);
        for (const [id, status] of want.status) {
          const card = cards.find((entry) => entry.cardId === id)!;
          expect([where, id, card.exerted, card.damage]).toEqual([where, id, status.exerted, status.damage]);
        }
        const inPlayFaceDown = cards.filter((card) => card.faceDown && view.zones[`play@${card.owner}`]?.cards.includes(card)).map((card) => card.cardId);
        expect([where, inPlayFaceDown.sort()]).toEqual([where, want.faceDown]);
        // a player who left (a concession) drops their pending triggers in matchlog; the engine leaves them in its bag
        const pending = want.bag.filter((item) => item.chooser === undefined || !judge.departed.includes(item.chooser));
        expect([where, judge.queue.items.length, judge.effects.length]).toEqual([where, pending.length, want.effects.length]);
        expect([where, judge.turn.number]).toEqual([where, want.turn]);
        expect([where, { p1: view.counters.p1?.lore ?? 0, p2: view.counters.p2?.lore ?? 0 }]).toEqual([where, { p1: want.lore.p1, p2: want.lore.p2 }]);
        for (const [player, other] of [
          ['p1', 'p2'],
          ['p2', 'p1'],
        ]) {
          const own = seats[player].view;
          expect([where, named(own, `hand@${player}`).sort()]).toEqual([
            where,
            want.zones
              .get(`hand@${player}`)!
              .map((id) => definitionOf.get(id))
              .sort(),
          ]);
          for (const zone of [`hand@${other}`, `deck@${other}`, `deck@${player}`]) {
            const mayKnow = (want.zones.get(zone) ?? []).filter((id) => known[player].has(id)).map((id) => definitionOf.get(id)!);
            expect([where, player, zone, named(own, zone), within(named(own, zone), mayKnow)]).toEqual([where, player, zone, named(own, zone), true]);
          }
        }
        const spectator = seats.public.view;
        for (const zone of Object.keys(spectator.zones).filter((key) => !PUBLIC.includes(key.split('@')[0]))) {
          const mayKnow = (want.zones.get(zone) ?? []).filter((id) => known.public.has(id)).map((id) => definitionOf.get(id)!);
          expect([where, zone, named(spectator, zone), within(named(spectator, zone), mayKnow)]).toEqual([where, zone, named(spectator, zone), true]);
        }
        const faceDownNamed = (spectator.zones['play@p1']?.cards ?? [])
          .concat(spectator.zones['play@p2']?.cards ?? [])
          .filter((card) => card.faceDown && card.definition !== undefined);
        expect([where, faceDownNamed]).toEqual([where, []]);
        expect([where, named(spectator, 'inkwell@p1'), named(spectator, 'inkwell@p2')]).toEqual([where, [], []]);
      });
      if (replay.metadata.winnerId !== undefined) expect(judge.ended?.winner).toBe(seatOf.get(replay.metadata.winnerId));
    });
  });
}
