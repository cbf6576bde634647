import { EventDataByType, EventType, Move } from '@matchlog/domain';
import { EngineState } from './engine-state';
import { ReplayLog, ReplayStep } from './replay-file';
import { StepUnexplained } from './refusal';
import { stepMove } from './step-move';
import { SimZones, attach, publicId, detach, isOrdered, positionFor, stayedInOrder, zoneName, zonePlayer } from './sim-zones';

/** An event as the import hands it to the writer: no id (the writer draws it), no salt (the server draws it). */
export type DraftEvent = { [T in EventType]: { readonly type: T; readonly data: EventDataByType[T] } }[EventType];

/** The moves tcg.online's engine accepts that the import can explain (FORMAT.md §3); debug moves and undo are refused. */
export const KNOWN_MOVES = new Set([
  'chooseWhoGoesFirst',
  'alterHand',
  'mulligan',
  'putCardIntoInkwell',
  'ink',
  'playCard',
  'quest',
  'questWithAll',
  'challenge',
  'moveCharacterToLocation',
  'activateAbility',
  'resolveBag',
  'resolveEffect',
  'passTurn',
  'concede',
  'forfeitGame',
]);

const SEATS = ['p1', 'p2'] as const;

/** Source zones in the order their cards move within one step: the mover's own cards first, draws last. */
const SOURCE_ORDER = ['hand', 'play', 'inkwell', 'discard', 'deck'];

/** A reason every audience may read: named from the zones and the move only, never from a hidden card. */
const reasonOf = (from: string, to: string, moveId: string, type: string | undefined): string | undefined => {
  const pair = `${zoneName(from)}>${zoneName(to)}`;
  // an action leaves play once its effect has resolved (7.4.1); anything else leaving play for the discard is banished
  if (pair === 'play>discard' && type === 'action') return 'resolved';
  if (moveId === 'alterHand' || moveId === 'mulligan') return pair === 'hand>deck' ? 'mulligan' : pair === 'deck>hand' ? 'mulligan draw' : undefined;
  if (moveId === 'chooseWhoGoesFirst' && pair === 'deck>hand') return 'opening hand';
  const reasons: Record<string, string> = {
    'hand>play': 'played',
    'hand>inkwell': 'inked',
    'deck>inkwell': 'inked',
    'deck>hand': 'drawn',
    'play>discard': 'banished',
    'hand>discard': 'discarded',
    'play>hand': 'returned',
    'deck>play': 'put under',
    'discard>play': 'put under',
    'deck>discard': 'milled',
    'hand>deck': 'put into deck',
    'deck>deck': 'put on the bottom',
  };
  return reasons[pair];
};

const moveData = (sim: SimZones, after: EngineState, card: string, to: string, moveId: string, pending: ReadonlySet<string>, source: string | undefined): Move => {
  const type = sim.types.get(card);
  const from = sim.zoneOf.get(card)!;
  detach(sim, card);
  const position = isOrdered(to) ? positionFor(sim, to, card, after.zones.get(to) ?? [], pending) : undefined;
  const faceDown = after.faceDown.has(card);
  const reason = reasonOf(from, to, moveId, type);
  const move: Move = {
    cardId: card,
    from: { zone: zoneName(from), player: zonePlayer(from) },
    to: { zone: zoneName(to), player: zonePlayer(to) },
    ...(position !== undefined && { position }),
    ...(faceDown && { faceDown: true }),
    ...(reason !== undefined && { reason }),
    // a card an effect takes from a deck, or puts elsewhere in it, is the effect's doing, not a draw out of order (7.2.2)
    ...(source !== undefined && zoneName(from) === 'deck' && { source }),
  };
  attach(sim, card, to, position, faceDown);
  return move;
};

/** Emits the moves of `cards`, grouped by source zone: one CardMoved, or CardsMoved for cards that move together. */
const emitMoves = (out: DraftEvent[], sim: SimZones, after: EngineState, cards: readonly string[], moveId: string, source?: string): void => {
  const ordered = [...cards].sort((a, b) => {
    const za = sim.zoneOf.get(a)!;
    const zb = sim.zoneOf.get(b)!;
    const byZone = SOURCE_ORDER.indexOf(zoneName(za)) - SOURCE_ORDER.indexOf(zoneName(zb)) || za.localeCompare(zb);
    return byZone !== 0 ? byZone : isOrdered(za) ? sim.zones.get(za)!.indexOf(a) - sim.zones.get(za)!.indexOf(b) : 0;
  });
  const pending = new Set(ordered);
  let group: Move[] = [];
  let groupFrom = '';
  const flush = (): void => {
    if (group.length === 1) out.push({ type: 'CardMoved', data: group[0] });
    else if (group.length > 1) out.push({ type: 'CardsMoved', data: { moves: group } });
    group = [];
  };
  for (const card of ordered) {
    const from = sim.zoneOf.get(card)!;
    if (from !== groupFrom) flush();
    groupFrom = from;
    pending.delete(card);
    group.push(moveData(sim, after, card, after.zoneOf.get(card)!, moveId, pending, source));
  }
  flush();
};

/**
 * A deck whose staying cards changed order: a shuffle when the engine drew random numbers, else cards put elsewhere in
 * it (a scry's bottom). The opening shuffle comes before the deal (FORMAT.md §6), so it is recorded here, with the cards
 * about to be dealt on top; any other shuffle ("shuffle into your deck", after a search) comes after the step's moves:
 * its decks are returned to `shuffleAfterMoves`.
 */
const reorderedDecks = (out: DraftEvent[], sim: SimZones, before: EngineState, after: EngineState, moveId: string, moved: Set<string>) => {
  const withinDeck: string[] = [];
  const shuffleAfterMoves: string[] = [];
  for (const [key, cards] of sim.zones) {
    if (zoneName(key) !== 'deck') continue;
    const target = after.zones.get(key) ?? [];
    const staying = cards.filter((id) => after.zoneOf.get(id) === key);
    const stayingAfter = target.filter((id) => sim.zoneOf.get(id) === key);
    if (staying.every((id, i) => stayingAfter[i] === id)) continue;
    if (after.draws <= before.draws) {
      const kept = stayedInOrder(staying, stayingAfter);
      for (const id of staying) if (!kept.has(id)) withinDeck.push(id);
      continue;
    }
    if (moveId !== 'chooseWhoGoesFirst') {
      shuffleAfterMoves.push(key);
      continue;
    }
    if (target.length !== stayingAfter.length) throw new StepUnexplained(`${key} was shuffled while cards were put into it`);
    const leaving = cards.filter((id) => after.zoneOf.get(id) !== key);
    const destinations = new Set(leaving.map((id) => after.zoneOf.get(id)!));
    if (destinations.size > 1 || [...destinations].some(isOrdered)) throw new StepUnexplained(`${key} was shuffled while its cards went to several zones`);
    const order = [...byLanding(leaving, after), ...target];
    out.push({ type: 'ZoneShuffled', data: { zone: { zone: 'deck', player: zonePlayer(key) }, order } });
    sim.zones.set(key, [...order]);
  }
  for (const id of withinDeck) moved.add(id);
  return { withinDeck, shuffleAfterMoves };
};

/** Cards drawn in one step, in the order they were drawn: the engine takes the top card and puts it at the end of the hand (FORMAT.md §2). */
const byLanding = (cards: readonly string[], after: EngineState): string[] =>
  [...cards].sort((a, b) => {
    const landing = after.zones.get(after.zoneOf.get(a)!) ?? [];
    return landing.indexOf(a) - landing.indexOf(b);
  });

/** A shuffle after the step's moves: the deck's order after the step, below the cards the step still draws from it. */
const shuffleNow = (out: DraftEvent[], sim: SimZones, after: EngineState, key: string): void => {
  const target = after.zones.get(key) ?? [];
  const stillLeaving = (sim.zones.get(key) ?? []).filter((id) => after.zoneOf.get(id) !== key);
  const order = [...byLanding(stillLeaving, after), ...target];
  out.push({ type: 'ZoneShuffled', data: { zone: { zone: 'deck', player: zonePlayer(key) }, order } });
  sim.zones.set(key, [...order]);
};

const statusEvents = (out: DraftEvent[], sim: SimZones, after: EngineState, which: (card: string) => boolean): void => {
  for (const [card, want] of after.status) {
    if (!which(card)) continue;
    const have = sim.status.get(card) ?? { exerted: false, damage: 0 };
    const data = { cardId: card, ...(have.exerted !== want.exerted && { exerted: want.exerted }), ...(have.damage !== want.damage && { damage: want.damage }) };
    if (Object.keys(data).length === 1) continue;
    out.push({ type: 'CardStatusChanged', data });
    sim.status.set(card, want);
  }
  // a card put under another where it lay (the engine's shift: the old top card goes under the new one, 7.4.2)
  for (const card of after.faceDown) {
    if (!which(card) || sim.faceDown.has(card) || after.zoneOf.get(card) !== sim.zoneOf.get(card)) continue;
    const have = sim.status.get(card) ?? { exerted: false, damage: 0 };
    out.push({ type: 'CardStatusChanged', data: { cardId: card, faceDown: true, ...(have.exerted && { exerted: false }), ...(have.damage !== 0 && { damage: 0 }) } });
    sim.faceDown.add(card);
    sim.status.set(card, { exerted: false, damage: 0 });
  }
  for (const card of sim.faceDown) {
    if (!which(card) || after.faceDown.has(card) || after.zoneOf.get(card) !== sim.zoneOf.get(card)) continue;
    out.push({ type: 'CardStatusChanged', data: { cardId: card, faceDown: false } });
    sim.faceDown.delete(card);
  }
};

/**
 * The engine's new reveals, before the step's moves: to everyone (the card a player inks from their hand, which only an
 * effect's inking keeps unrevealed, 7.5.6; a card revealed from a deck), or to the seats it names: a player shown cards
 * of their own deck looks at them. Cards already face up in a public zone are not revealed again.
 */
const revealed = (out: DraftEvent[], sim: SimZones, before: EngineState, after: EngineState, source: string | undefined): void => {
  for (const [id, reveal] of after.reveals) {
    if (before.reveals.has(id)) continue;
    const hidden = reveal.cardIds.filter((card) => !['play', 'discard'].includes(zoneName(sim.zoneOf.get(card)!)) || sim.faceDown.has(card));
    if (hidden.length === 0) continue;
    const looker = reveal.to !== 'all' && reveal.to.length === 1 ? reveal.to[0] : null;
    if (reveal.to === 'all') out.push({ type: 'CardsRevealed', data: { cardIds: hidden } });
    else if (looker !== null && hidden.every((card) => sim.zoneOf.get(card) === `deck@${looker}`))
      out.push({ type: 'CardsLookedAt', data: { player: looker, cardIds: hidden, ...(source !== undefined && { source }) } });
    else out.push({ type: 'CardsRevealed', data: { cardIds: hidden, to: [...reveal.to] } });
  }
};

const LORE_REASONS: Record<string, string> = {
  quest: 'quested',
  questWithAll: 'quested',
  challenge: 'challenge',
  playCard: 'card played',
  activateAbility: 'ability',
  resolveBag: 'ability',
  resolveEffect: 'effect',
  passTurn: 'turn',
};

/**
 * The card whose effect acts in this step, when one does: the one the engine's resolveEffect or resolveBag log names, else
 * an effect or a bag ability that finished in it, else one that began in it (a played action's look). The engine's moves
 * by effect (a scry, a search) name it as their `source`.
 */
const effectSource = (before: EngineState, after: EngineState, logs: readonly ReplayLog[]): string | undefined => {
  const logged = logs.filter((log) => log.type === 'resolveEffect' || log.type === 'resolveBag').map((log) => log.sourceCardId);
  const finished = [...before.effects].filter(([id]) => !after.effects.has(id)).map(([, effect]) => effect.sourceCardId);
  const resolved = [...before.bag].filter(([id]) => !after.bag.has(id)).map(([, item]) => item.sourceCardId);
  const began = [...after.effects].filter(([id]) => !before.effects.has(id)).map(([, effect]) => effect.sourceCardId);
  return [...logged, ...finished, ...resolved, ...began].find((card): card is string => typeof card === 'string' && after.zoneOf.has(card));
};

/**
 * An effect that took a card from inside a deck, not from its top, and not one the step let its player look at or
 * revealed: a search (7.1.4). The engine's logs do not say what was searched for, so the search names no criteria
 * (any card matches); what it found is the card the state shows leaving.
 */
const searches = (out: DraftEvent[], sim: SimZones, leaving: readonly string[]): void => {
  const named = new Set(out.flatMap((event) => (event.type === 'CardsLookedAt' || event.type === 'CardsRevealed' ? event.data.cardIds : [])));
  const fromDeck = leaving.filter((card) => zoneName(sim.zoneOf.get(card)!) === 'deck');
  for (const card of fromDeck) {
    const key = sim.zoneOf.get(card)!;
    const deck = sim.zones.get(key)!;
    const above = deck.slice(0, deck.indexOf(card));
    if (named.has(card) || above.every((other) => fromDeck.includes(other))) continue;
    out.push({ type: 'SearchPerformed', data: { player: zonePlayer(key), zone: { zone: 'deck', player: zonePlayer(key) }, found: card } });
  }
};

const scryLooks = (logs: readonly ReplayLog[]): boolean =>
  logs.some(
    (log) => log.type === 'resolveEffect' && typeof log.resolution === 'object' && log.resolution !== null && (log.resolution as { kind?: unknown }).kind === 'scrySelection',
  );

/** The events must leave matchlog's fold where the replay is; where they would not, the step is not understood. */
const checkReproduced = (sim: SimZones, after: EngineState): void => {
  for (const key of new Set([...sim.zones.keys(), ...after.zones.keys()])) {
    const have = sim.zones.get(key) ?? [];
    const want = after.zones.get(key) ?? [];
    const same = isOrdered(key) ? have.join() === want.join() : [...have].sort().join() === [...want].sort().join();
    if (!same) throw new StepUnexplained(`the events derived from it would not leave ${key} as the replay has it`);
  }
  for (const [card, want] of after.status) {
    const have = sim.status.get(card);
    if (have?.exerted !== want.exerted || have.damage !== want.damage)
      throw new StepUnexplained(`the events derived from it would not leave card ${card}'s status as the replay has it`);
  }
  if ([...after.faceDown].sort().join() !== [...sim.faceDown].sort().join())
    throw new StepUnexplained('the events derived from it would not leave the face-down cards in play as the replay has them');
};

/**
 * The events of one step, derived from the state before and after it (the replay is the ground truth) with the logs
 * for meaning. Mutates `sim` to the state the events leave.
 */
export const stepEvents = (sim: SimZones, before: EngineState, after: EngineState, step: ReplayStep): DraftEvent[] => {
  const moveId = stepMove(step);
  if (!KNOWN_MOVES.has(moveId)) throw new StepUnexplained(`the move "${moveId}" is not one the import can explain (a debug move or an undo)`);
  if (before.ended !== null) throw new StepUnexplained('a move after the game ended');
  for (const card of sim.zoneOf.keys()) if (!after.zoneOf.has(card)) throw new StepUnexplained(`card ${card} is in no zone after the step`);
  if (after.zoneOf.size !== sim.zoneOf.size) throw new StepUnexplained('a card appears that the game did not start with');
  const out: DraftEvent[] = [];
  const turnStarted = after.turn !== before.turn && after.active !== null;
  const newActive = turnStarted ? after.active : null;

  const moved = new Set([...after.zoneOf].filter(([card, key]) => sim.zoneOf.get(card) !== key).map(([card]) => card));
  const shuffles: DraftEvent[] = [];
  const { withinDeck, shuffleAfterMoves } = reorderedDecks(shuffles, sim, before, after, moveId, moved);

  // what comes once the turn has begun: the new active player's cards readied and their draw (docs/explanation/importing.md)
  const afterTurn = (card: string): boolean => newActive !== null && zonePlayer(after.zoneOf.get(card)!) === newActive;
  const isTurnDraw = (card: string): boolean => afterTurn(card) && zoneName(sim.zoneOf.get(card)!) === 'deck' && zoneName(after.zoneOf.get(card)!) === 'hand';
  const isReady = (card: string): boolean => afterTurn(card) && sim.status.get(card)?.exerted === true && after.status.get(card)?.exerted === false;

  // a bag ability that left the bag resolved when a resolveBag log names its source (skipped or cancelled: removed);
  // one that left without such a log ceased to exist
  const bagLogs = step.logs.filter((entry) => entry.type === 'resolveBag');
  for (const [id, item] of before.bag)
    if (!after.bag.has(id)) {
      const triggerId = publicId(sim, id, 'trigger');
      const log = bagLogs.find((entry) => entry.sourceCardId === item.sourceCardId) ?? (bagLogs.length === 1 && bagLogs[0].sourceCardId === undefined ? bagLogs[0] : undefined);
      const status = log?.status;
      if (log === undefined) out.push({ type: 'TriggerRemoved', data: { triggerId, reason: 'left the bag without resolving' } });
      else if (status === 'skipped' || status === 'cancelled') out.push({ type: 'TriggerRemoved', data: { triggerId, reason: status } });
      else out.push({ type: 'TriggerResolved', data: { triggerId, player: item.player } });
    }
  for (const [id] of before.effects) if (!after.effects.has(id)) out.push({ type: 'EffectResolved', data: { effectId: publicId(sim, id, 'effect') } });

  const source = effectSource(before, after, step.logs);
  revealed(out, sim, before, after, source);
  if (scryLooks(step.logs)) {
    // the cards the scry took from the deck, as the state shows them: the looker is the deck's owner
    const looked = [...moved].filter((card) => zoneName(sim.zoneOf.get(card)!) === 'deck');
    if (looked.length > 0) out.push({ type: 'CardsLookedAt', data: { player: zonePlayer(sim.zoneOf.get(looked[0])!), cardIds: looked, ...(source !== undefined && { source }) } });
  }
  out.push(...shuffles);
  const now = [...moved].filter((card) => !isTurnDraw(card) && !withinDeck.includes(card));
  if (source !== undefined) searches(out, sim, now);
  emitMoves(out, sim, after, now, moveId, source);
  emitMoves(out, sim, after, withinDeck, moveId, source);
  for (const key of shuffleAfterMoves) shuffleNow(out, sim, after, key);
  statusEvents(out, sim, after, (card) => !isReady(card));
  const lore = (): void => {
    for (const player of Object.keys(after.lore)) {
      const by = after.lore[player] - (before.lore[player] ?? 0);
      if (by !== 0) out.push({ type: 'CounterChanged', data: { counter: 'lore', player, by, reason: LORE_REASONS[moveId] ?? 'lore' } });
    }
  };
  // the step that wins the game gains its lore last: a player who reaches 20 lore wins there, and what the engine did in
  // the same step (a quest's triggered ability added to the bag) came with the move, not after the win
  if (after.ended === null) lore();
  if (turnStarted) {
    out.push({ type: 'TurnStarted', data: { player: after.active!, turn: after.turn } });
    statusEvents(out, sim, after, isReady);
    emitMoves(out, sim, after, [...moved].filter(isTurnDraw), moveId);
  }
  for (const [id, effect] of after.effects)
    if (!before.effects.has(id))
      out.push({
        type: 'EffectStarted',
        data: { effectId: publicId(sim, id, 'effect'), player: effect.player, kind: effect.kind, ...(effect.sourceCardId !== null && { sourceCardId: effect.sourceCardId }) },
      });
  for (const [id, item] of after.bag)
    if (!before.bag.has(id)) {
      // the ability's name is printed on its source; it is said only while the source lies face up in a public zone
      const where = after.zoneOf.get(item.sourceCardId);
      const shown = where !== undefined && ['play', 'discard'].includes(zoneName(where)) && !after.faceDown.has(item.sourceCardId);
      out.push({
        type: 'TriggerAdded',
        data: {
          triggerId: publicId(sim, id, 'trigger'),
          player: item.player,
          sourceCardId: item.sourceCardId,
          ability: shown && item.ability !== null ? item.ability : 'a triggered ability',
        },
      });
    }
  checkReproduced(sim, after);
  if (after.ended !== null) {
    lore();
    const { winner, reason } = after.ended;
    // a concession or a forfeit (a judge's, read from the step's logs: stepMove): the loser left the match (the tournament
    // rules' win by the opponent's leaving)
    const loser = SEATS.find((seat) => winner !== null && seat !== winner);
    if ((moveId === 'concede' || moveId === 'forfeitGame') && loser !== undefined) out.push({ type: 'PlayerLeft', data: { player: loser } });
    out.push({ type: 'MatchEnded', data: { ...(winner !== null && { winner }), reason: reason.slice(0, 500) || 'game ended' } });
  }
  return out;
};
