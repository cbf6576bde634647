import { Finding, ruleFindings } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { readFileSync, readdirSync } from 'fs';
import { apply } from 'mutative';
import { join } from 'path';
import { sharedReplaysFolder, tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';
import { ConvertedReplay, convertTcgOnlineReplay } from '../src/import/tcg-online';

/**
 * Issue 36 §1: rule breaks planted into the real tcg.online replays of ../shared/replays/tcg-online, as a judge would
 * plant them: the engine states are changed from the step of the break on, and every later step's patches are written
 * again from the changed states, so the file stays self-consistent (its patch chain reproduces every state, the logs
 * name the cards the states show). Each planted file is imported with the project's own import and audited: the
 * finding is asserted by code, rule and the event it is reported at (the replay step that breaks the rule); the same
 * replay unplanted gives no finding of that code. docs/reference/audit.md's Lorcana table lists these rows.
 */

type Json = Record<string, any>;
type Replay = Json & { steps: { patches: unknown[]; logs: Json[]; acceptedMove: Json }[]; playerIds: [string, string]; initialState: string };

const folder = sharedReplaysFolder();
const replayFiles = readdirSync(folder)
  .filter((file) => file.endsWith('.replay.json'))
  .sort();
const read = (prefix: string): Replay =>
  JSON.parse(
    readFileSync(
      join(
        folder,
        replayFiles.find((file) => file.startsWith(prefix))!,
      ),
      'utf8',
    ),
  );

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** The engine's state before any step, then after each: states[i + 1] is the state after steps[i]. */
const statesOf = (replay: Replay): Json[] => {
  const envelope = JSON.parse(replay.initialState);
  const states = [clone(envelope.state ?? envelope)];
  for (const step of replay.steps) states.push(apply(clone(states.at(-1)!), step.patches as never));
  return states;
};

/** mutative-style patches (paths as arrays) that take `a` to `b`: changed leaves and whole arrays replaced. */
const diff = (a: unknown, b: unknown, path: (string | number)[] = [], out: Json[] = []): Json[] => {
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  const objects = typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && !Array.isArray(a) && !Array.isArray(b);
  if (!objects) {
    out.push({ op: 'replace', path, value: b });
    return out;
  }
  const [x, y] = [a as Json, b as Json];
  for (const key of Object.keys(y)) {
    if (!(key in x)) out.push({ op: 'add', path: [...path, key], value: y[key] });
    else diff(x[key], y[key], [...path, key], out);
  }
  for (const key of Object.keys(x)) if (!(key in y)) out.push({ op: 'remove', path: [...path, key] });
  return out;
};

/** The replay with its steps' patches written from `states` (states[0] is the unchanged initial state). */
const rewritten = (replay: Replay, states: Json[]): Replay => ({
  ...replay,
  steps: replay.steps.map((step, i) => ({ ...step, patches: diff(states[i], states[i + 1]) })),
});

const zoneCards = (state: Json): Record<string, string[]> => state.ctx.zones.private.zoneCards;

/** After cards moved between engine zones: each card's index entry and each zone's count say where the cards are. */
const reindex = (state: Json, keys: readonly string[]): void => {
  const { cardIndex } = state.ctx.zones.private;
  const summaries = state.ctx.zones.public?.zoneSummaries ?? {};
  for (const key of keys) {
    zoneCards(state)[key].forEach((id, index) => {
      if (cardIndex?.[id] !== undefined) cardIndex[id] = { ...cardIndex[id], zoneKey: key, index };
    });
    if (summaries[key] !== undefined) summaries[key] = { ...summaries[key], count: zoneCards(state)[key].length };
  }
};

/** Every string value equal to `from` in the logs, replaced by `to` (a log naming the card the state shows). */
const renamed = (value: unknown, from: string, to: string): unknown =>
  value === from
    ? to
    : Array.isArray(value)
      ? value.map((item) => renamed(item, from, to))
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v, from, to)]))
        : value;

const without = (list: string[], id: string): string[] => list.filter((card) => card !== id);

/** The import's events of a replay, each id naming its replay step (`s<step>-<n>`), and the audit's rule findings of them. */
const audit = (replay: Replay): { converted: ConvertedReplay; events: MatchEvent[]; findings: Finding[] } => {
  const converted = convertTcgOnlineReplay(JSON.stringify(replay));
  if (!converted.ok) throw new Error(`the import refused the replay: ${converted.refusal.message}`);
  const events = [
    { id: 'created', type: 'MatchCreated', data: converted.created, meta: { recordedBy: 'import', recordedAt: converted.createdAt } },
    ...converted.steps.flatMap((stepEvents, step) =>
      stepEvents.map(({ type, data, recordedAt }, n) => ({ id: `s${step}-${n}`, type, data, meta: { recordedBy: 'import', recordedAt } })),
    ),
  ] as MatchEvent[];
  return { converted, events, findings: ruleFindings(events) };
};

/** The finding's place as `s<step>-<n> <type>`: the replay step and the event of it the audit reports. */
const where = (events: readonly MatchEvent[], finding: Finding): string => {
  const event = events.find((candidate) => candidate.id === finding.eventId)!;
  expect(events.indexOf(event) + 1).toBe(finding.revision);
  return `${event.id} ${event.type}`;
};

/** The findings a planted replay gives, each with its code, rule, place and players: the planted one must be all. */
const summary = (events: readonly MatchEvent[], findings: readonly Finding[]) =>
  findings.map((finding) => ({ code: finding.code, rule: finding.rule, at: where(events, finding), players: finding.players }));

const seats = (replay: Replay) => ({ p1: replay.playerIds[0], p2: replay.playerIds[1] });
const stepIndex = (replay: Replay, test: (step: Replay['steps'][number], i: number) => boolean): number => {
  const found = replay.steps.findIndex(test);
  if (found < 0) throw new Error('the replay has no step to plant the break in');
  return found;
};

const bagItems = (state: Json): Json[] => state.G.triggeredAbilities.bag.items;

/**
 * A triggered ability of `player`'s card `source` planted into the bag: added at step `added` (after the bag's own items),
 * resolved at step `resolved` (a resolveBag log naming its source, after the step's own logs). It does nothing when it
 * resolves, so no other state changes.
 */
const plantBagItem = (replay: Replay, states: Json[], added: number, resolved: number, player: string, source: string): Replay => {
  const item = { id: `bag:${added}:planted`, type: 'bag-effect', kind: 'triggered-ability', controllerId: player, chooserId: player, sourceId: source };
  for (const state of states.slice(added + 1, resolved + 1)) bagItems(state).push(clone(item));
  const steps = replay.steps.map((entry, i) =>
    i === resolved
      ? { ...entry, logs: [...entry.logs, { type: 'resolveBag', playerId: player, timestamp: entry.acceptedMove.timestamp, sourceCardId: source, status: 'resolved' }] }
      : entry,
  );
  return rewritten({ ...replay, steps }, states);
};

describe('every honest engine replay audits with no Lorcana rule finding', () => {
  it('reads the replays', () => expect(replayFiles.length).toBeGreaterThanOrEqual(6));

  it.each(replayFiles)('../shared/replays/tcg-online/%s', (file) => {
    const { findings } = audit(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    // r12's judge forfeit included: the import reads it from the step's logs (PlayerLeft, then MatchEnded)
    expect(findings.map((finding) => `${finding.revision} ${finding.code}`)).toEqual([]);
  });

  // the samples kept in the repository (test/fixtures/tcg-online): g03's action puts characters from play into the inkwell exerted
  it.each([...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()].map((sample) => [sample.name, sample.json]))('test/fixtures/tcg-online: %s', (_name, json) => {
    expect(audit(JSON.parse(json)).findings.map((finding) => `${finding.revision} ${finding.code}`)).toEqual([]);
  });
});

describe('rule breaks planted into real tcg.online replays are found, with their rule, at the step that breaks it', () => {
  it('an opening hand of eight (7.3.1): a card of the deck dealt with the seven, kept in hand all game', () => {
    const replay = read('02-');
    const { p1 } = seats(replay);
    const states = statesOf(replay);
    const deal = stepIndex(replay, (step) => step.acceptedMove.moveId === 'chooseWhoGoesFirst');
    const deck = `deck:${p1}`;
    const hand = `hand:${p1}`;
    // a card that lies in p1's deck from the deal to the end: dealt as an eighth card, it never has to move again
    const extra = zoneCards(states.at(-1)!)[deck].find((id) => states.slice(deal + 1).every((state) => zoneCards(state)[deck].includes(id)))!;
    for (const state of states.slice(deal + 1)) {
      zoneCards(state)[deck] = without(zoneCards(state)[deck], extra);
      zoneCards(state)[hand].push(extra);
      reindex(state, [deck, hand]);
    }
    const { events, findings } = audit(rewritten(replay, states));
    const turnOne = events.find((event) => event.type === 'TurnStarted')!;
    expect(summary(events, findings)).toEqual([{ code: 'OPENING_HAND_NOT_SEVEN', rule: 'lorcana 7.3.1', at: `${turnOne.id} TurnStarted`, players: ['p1'] }]);
    expect(findings[0].message).toContain('p1 began the first turn with 8 cards in hand');
    expect(audit(replay).findings.filter((finding) => finding.code === 'OPENING_HAND_NOT_SEVEN')).toEqual([]);
  });

  it("a turn's draw taken from the opponent's deck (7.2.1): the top card of the other deck, the drawer's own left on top", () => {
    // a turn draw of a card that stays in hand to the end, while the other player's top card then stays in their deck
    const candidate = (replay: Replay) => {
      const states = statesOf(replay);
      for (let i = replay.steps.length - 1; i >= 0; i--) {
        const turnStart = replay.steps[i].logs.find((log) => log.type === 'turnStart');
        if (turnStart === undefined) continue;
        const drawer: string = turnStart.activePlayerId;
        const other = replay.playerIds.find((id) => id !== drawer)!;
        const drawn = zoneCards(states[i + 1])[`hand:${drawer}`].find((id) => zoneCards(states[i])[`deck:${drawer}`].includes(id));
        const taken = zoneCards(states[i])[`deck:${other}`].at(-1);
        if (drawn === undefined || taken === undefined) continue;
        const stays = states.slice(i + 1).every((state) => zoneCards(state)[`hand:${drawer}`].includes(drawn) && zoneCards(state)[`deck:${other}`].includes(taken));
        if (stays) return { replay, states, step: i, drawer, other, drawn, taken };
      }
      return undefined;
    };
    const planted = replayFiles.map((file) => candidate(read(file.slice(0, 3)))).find((found) => found !== undefined);
    const { replay, states, step, drawer, other, drawn, taken } = planted!;
    for (const state of states.slice(step + 1)) {
      const hand = zoneCards(state)[`hand:${drawer}`];
      hand[hand.indexOf(drawn)] = taken;
      zoneCards(state)[`deck:${drawer}`].push(drawn);
      zoneCards(state)[`deck:${other}`] = without(zoneCards(state)[`deck:${other}`], taken);
      reindex(state, [`hand:${drawer}`, `deck:${drawer}`, `deck:${other}`]);
    }
    const steps = replay.steps.map((entry, i) => (i === step ? { ...entry, logs: renamed(entry.logs, drawn, taken) as Json[] } : entry));
    const { converted, events, findings } = audit(rewritten({ ...replay, steps }, states));
    const move = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardMoved' && event.data.to.zone === 'hand')!;
    const seat = (id: string) => (id === replay.playerIds[0] ? 'p1' : 'p2');
    expect(move.type === 'CardMoved' && move.data.from).toEqual({ zone: 'deck', player: seat(other) });
    expect(summary(events, findings)).toEqual([{ code: 'DRAWN_FROM_OTHER_DECK', rule: 'lorcana 7.2.1', at: `${move.id} CardMoved`, players: [seat(drawer), seat(other)] }]);
    expect(converted.steps[step].some((event) => event.type === 'TurnStarted')).toBe(true);
    expect(audit(replay).findings.filter((finding) => finding.code === 'DRAWN_FROM_OTHER_DECK')).toEqual([]);
  });

  it('an ink card entering the inkwell exerted (7.5.2): exerted from its inking to its owner’s next turn', () => {
    const replay = read('r01-');
    const states = statesOf(replay);
    const step = stepIndex(replay, (entry) => entry.acceptedMove.moveId === 'putCardIntoInkwell');
    const card: string = replay.steps[step].acceptedMove.input.args.cardId;
    const owner: string = replay.steps[step].acceptedMove.actorId;
    const meta = (state: Json) => state.ctx.zones.private.cardMeta[card];
    for (const state of states.slice(step + 1)) {
      const inInkwell = zoneCards(state)[`inkwell:${owner}`].includes(card);
      const ownersNextTurn = state.ctx.status.turn !== states[step + 1].ctx.status.turn && state.ctx.status.turnOwnerId === owner;
      if (!inInkwell || meta(state)?.state !== 'ready' || ownersNextTurn) break;
      meta(state).state = 'exerted';
    }
    const { events, findings } = audit(rewritten(replay, states));
    const exerted = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardStatusChanged')!;
    expect(exerted.data).toEqual({ cardId: expect.any(String), exerted: true });
    const seat = owner === replay.playerIds[0] ? 'p1' : 'p2';
    expect(summary(events, findings)).toEqual([{ code: 'INKED_EXERTED', rule: 'lorcana 7.5.2', at: `${exerted.id} CardStatusChanged`, players: [seat] }]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'INKED_EXERTED')).toEqual([]);
  });

  it("a player shown the top three cards of the opponent's deck with no effect (7.1.3): an engine reveal to that player alone", () => {
    const replay = read('r01-');
    const states = statesOf(replay);
    const calm = (state: Json) => state.G.triggeredAbilities.bag.items.length === 0 && (state.G.pendingEffects ?? []).length === 0;
    const step = stepIndex(replay, (entry, i) => entry.acceptedMove.moveId === 'quest' && entry.logs.length === 1 && calm(states[i]) && calm(states[i + 1]));
    const looker: string = replay.steps[step].acceptedMove.actorId;
    const other = replay.playerIds.find((id) => id !== looker)!;
    const top = zoneCards(states[step + 1])[`deck:${other}`].slice(-3);
    const reveals = states[step + 1].ctx.zones.reveals;
    reveals.active = [...reveals.active, { revealID: 'reveal-planted', cardIDs: top, visibleTo: [looker], expiresAtStateID: replay.steps[step].acceptedMove.stateVersion + 1 }];
    const { events, findings } = audit(rewritten(replay, states));
    const shown = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardsRevealed')!;
    const seat = (id: string) => (id === replay.playerIds[0] ? 'p1' : 'p2');
    // the import makes a reveal to one player of another player's deck a CardsRevealed `to` that player, which names no effect
    expect(shown.data).toEqual({ cardIds: expect.any(Array), to: [seat(looker)] });
    expect(summary(events, findings)).toEqual([{ code: 'LOOK_WITHOUT_EFFECT', rule: 'lorcana 7.1.3', at: `${shown.id} CardsRevealed`, players: [seat(looker), seat(other)] }]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'LOOK_WITHOUT_EFFECT')).toEqual([]);
  });

  it("a look at the top three cards of one's own deck with no effect (7.1.3, 7.2.2): an engine reveal to its owner", () => {
    const replay = read('r01-');
    const states = statesOf(replay);
    const calm = (state: Json) => state.G.triggeredAbilities.bag.items.length === 0 && (state.G.pendingEffects ?? []).length === 0;
    const step = stepIndex(replay, (entry, i) => entry.acceptedMove.moveId === 'quest' && entry.logs.length === 1 && calm(states[i]) && calm(states[i + 1]));
    const looker: string = replay.steps[step].acceptedMove.actorId;
    const top = zoneCards(states[step + 1])[`deck:${looker}`].slice(-3);
    const reveals = states[step + 1].ctx.zones.reveals;
    reveals.active = [...reveals.active, { revealID: 'reveal-planted', cardIDs: top, visibleTo: [looker], expiresAtStateID: replay.steps[step].acceptedMove.stateVersion + 1 }];
    const { events, findings } = audit(rewritten(replay, states));
    const looked = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardsLookedAt')!;
    const seat = looker === replay.playerIds[0] ? 'p1' : 'p2';
    expect(looked.data).toEqual({ player: seat, cardIds: expect.any(Array) });
    expect(summary(events, findings)).toEqual([{ code: 'LOOK_WITHOUT_EFFECT', rule: 'lorcana 7.1.3', at: `${looked.id} CardsLookedAt`, players: [seat] }]);
  });

  it('a turn draw taken from the bottom of the deck (7.2.2): the bottom card drawn, the top one left where it was', () => {
    const candidate = (replay: Replay) => {
      const states = statesOf(replay);
      for (let i = replay.steps.length - 1; i >= 0; i--) {
        const turnStart = replay.steps[i].logs.find((log) => log.type === 'turnStart');
        if (turnStart === undefined) continue;
        const drawer: string = turnStart.activePlayerId;
        const deck = `deck:${drawer}`;
        const fromDeck = zoneCards(states[i + 1])[`hand:${drawer}`].filter((id) => zoneCards(states[i])[deck].includes(id));
        // the turn's draw alone: a step whose effects draw too would move more than one card
        const drawn = fromDeck.length === 1 ? fromDeck[0] : undefined;
        const bottom = zoneCards(states[i])[deck][0];
        if (drawn === undefined || bottom === undefined || bottom === drawn) continue;
        const stays = states.slice(i + 1).every((state) => zoneCards(state)[`hand:${drawer}`].includes(drawn) && zoneCards(state)[deck].includes(bottom));
        if (stays) return { replay, states, step: i, drawer, drawn, bottom };
      }
      return undefined;
    };
    const { replay, states, step, drawer, drawn, bottom } = replayFiles.map((file) => candidate(read(file.slice(0, 3)))).find((found) => found !== undefined)!;
    const deck = `deck:${drawer}`;
    for (const state of states.slice(step + 1)) {
      const hand = zoneCards(state)[`hand:${drawer}`];
      hand[hand.indexOf(drawn)] = bottom;
      // the card the engine drew stays on top, where it lay
      zoneCards(state)[deck] = [...without(zoneCards(state)[deck], bottom), drawn];
      reindex(state, [`hand:${drawer}`, deck]);
    }
    const steps = replay.steps.map((entry, i) => (i === step ? { ...entry, logs: renamed(entry.logs, drawn, bottom) as Json[] } : entry));
    const { events, findings } = audit(rewritten({ ...replay, steps }, states));
    const draw = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardMoved' && event.data.to.zone === 'hand')!;
    const seat = drawer === replay.playerIds[0] ? 'p1' : 'p2';
    expect(summary(events, findings)).toEqual([{ code: 'DECK_ORDER_CHANGED', rule: 'lorcana 7.2.2', at: `${draw.id} CardMoved`, players: [seat] }]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'DECK_ORDER_CHANGED')).toEqual([]);
  });

  it("a card played into the opponent's play zone (7.4.1): it lies there until it leaves play", () => {
    const replay = read('02-');
    const states = statesOf(replay);
    const stacked = (id: string) => states.some((state) => Object.values(state.ctx.zones.private.cardMeta ?? {}).some((meta: any) => meta?.stackParentId === id));
    const step = stepIndex(
      replay,
      (entry) => entry.acceptedMove.moveId === 'playCard' && entry.acceptedMove.input.args.cost === 'standard' && !stacked(entry.acceptedMove.input.args.cardId),
    );
    const card: string = replay.steps[step].acceptedMove.input.args.cardId;
    const player: string = replay.steps[step].acceptedMove.actorId;
    const other = replay.playerIds.find((id) => id !== player)!;
    expect(zoneCards(states[step + 1])[`play:${player}`]).toContain(card);
    for (const state of states.slice(step + 1)) {
      if (!zoneCards(state)[`play:${player}`].includes(card)) break;
      zoneCards(state)[`play:${player}`] = without(zoneCards(state)[`play:${player}`], card);
      zoneCards(state)[`play:${other}`].push(card);
      reindex(state, [`play:${player}`, `play:${other}`]);
    }
    const { events, findings } = audit(rewritten(replay, states));
    const played = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'CardMoved' && event.data.to.zone === 'play')!;
    const seat = (id: string) => (id === replay.playerIds[0] ? 'p1' : 'p2');
    expect(played.type === 'CardMoved' && [played.data.from, played.data.to]).toEqual([
      { zone: 'hand', player: seat(player) },
      { zone: 'play', player: seat(other) },
    ]);
    expect(summary(events, findings)).toEqual([{ code: 'PLAYED_INTO_OPPONENT_PLAY', rule: 'lorcana 7.4.1', at: `${played.id} CardMoved`, players: [seat(player), seat(other)] }]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'PLAYED_INTO_OPPONENT_PLAY')).toEqual([]);
  });

  it("a triggered ability added to the bag by the other player (7.7.3.1): the bag item named the opponent's from its adding to its resolving", () => {
    const replay = read('02-');
    const states = statesOf(replay);
    const bag = (state: Json): Json[] => state.G.triggeredAbilities.bag.items;
    const step = stepIndex(replay, (_entry, i) => bag(states[i + 1]).some((item) => !bag(states[i]).some((old) => old.id === item.id)));
    const item = bag(states[step + 1]).find((added) => !bag(states[step]).some((old) => old.id === added.id))!;
    const owner: string = item.controllerId;
    const other = replay.playerIds.find((id) => id !== owner)!;
    for (const state of states.slice(step + 1)) {
      const planted = bag(state).find((entry) => entry.id === item.id);
      if (planted === undefined) break;
      planted.controllerId = other;
    }
    // the step that resolves it is the other player's
    const steps = replay.steps.map((entry) =>
      entry.acceptedMove.moveId === 'resolveBag' && entry.acceptedMove.input?.args?.bagId === item.id
        ? { ...entry, acceptedMove: { ...entry.acceptedMove, actorId: other }, logs: entry.logs.map((log) => (log.type === 'resolveBag' ? { ...log, playerId: other } : log)) }
        : entry,
    );
    const { events, findings } = audit(rewritten({ ...replay, steps }, states));
    const added = events.find((event) => event.id.startsWith(`s${step}-`) && event.type === 'TriggerAdded')!;
    const seat = (id: string) => (id === replay.playerIds[0] ? 'p1' : 'p2');
    expect(summary(events, findings)).toEqual([
      { code: 'TRIGGER_ADDED_BY_OTHER_PLAYER', rule: 'lorcana 7.7.3.1', at: `${added.id} TriggerAdded`, players: [seat(other), seat(owner)] },
    ]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'TRIGGER_ADDED_BY_OTHER_PLAYER')).toEqual([]);
  });

  it("the bag passed over the active player (7.7.4.2): the opponent's ability resolved first while the active player had one waiting", () => {
    // 01-'s end of a turn: the opponent's "at the end of an opponent's turn" ability added by the active player's passTurn,
    // resolved by the opponent in the next step; no replay ever holds abilities of both players at once, so the active
    // player's is planted beside it
    const replay = read('01-');
    const states = statesOf(replay);
    const added = stepIndex(
      replay,
      (entry, i) =>
        entry.acceptedMove.moveId === 'passTurn' &&
        bagItems(states[i]).length === 0 &&
        bagItems(states[i + 1]).length === 1 &&
        bagItems(states[i + 1])[0].controllerId !== states[i + 1].ctx.status.turnOwnerId,
    );
    const resolved = added + 1;
    const opponent: string = bagItems(states[added + 1])[0].controllerId;
    const active: string = states[added + 1].ctx.status.turnOwnerId;
    expect(replay.steps[resolved].acceptedMove).toMatchObject({ moveId: 'resolveBag', actorId: opponent, input: { args: { bagId: bagItems(states[added + 1])[0].id } } });
    const source = zoneCards(states[added + 1])[`play:${active}`][0];
    const { events, findings } = audit(plantBagItem(replay, states, added, resolved, active, source));
    const seat = (id: string) => (id === replay.playerIds[0] ? 'p1' : 'p2');
    const resolutions = events.filter((event) => event.id.startsWith(`s${resolved}-`) && event.type === 'TriggerResolved');
    expect(resolutions.map((event) => event.type === 'TriggerResolved' && event.data.player)).toEqual([seat(opponent), seat(active)]);
    expect(summary(events, findings)).toEqual([
      { code: 'BAG_OUT_OF_ORDER', rule: 'lorcana 7.7.4', at: `${resolutions[0].id} TriggerResolved`, players: [seat(opponent), seat(active)] },
    ]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'BAG_OUT_OF_ORDER')).toEqual([]);
  });

  it("a triggered ability resolved while a played action's effect waits (7.1.6.1): resolved in the step that resolves the action", () => {
    // no replay adds an ability to the bag while an action's effect waits: the player's own is planted beside the action
    const replay = read('01-');
    const states = statesOf(replay);
    const action = (state: Json): Json | undefined => (state.G.pendingEffects ?? []).find((effect: Json) => effect.cardPlayed?.cardType === 'action');
    const played = stepIndex(replay, (entry, i) => entry.acceptedMove.moveId === 'playCard' && action(states[i]) === undefined && action(states[i + 1]) !== undefined);
    const effect = action(states[played + 1])!;
    const resolved = stepIndex(replay, (entry, i) => i > played && entry.acceptedMove.moveId === 'resolveEffect' && entry.acceptedMove.input.args.effectId === effect.id);
    expect(bagItems(states[played + 1])).toEqual([]);
    const player: string = effect.controllerId;
    const source = zoneCards(states[played + 1])[`play:${player}`].find((id) => id !== effect.sourceCardId)!;
    const { events, findings } = audit(plantBagItem(replay, states, played, resolved, player, source));
    const seat = player === replay.playerIds[0] ? 'p1' : 'p2';
    const started = events.find((event) => event.id.startsWith(`s${played}-`) && event.type === 'EffectStarted')!;
    expect(started.data).toMatchObject({ player: seat, kind: 'action' });
    // the import records a step's bag resolutions before its effects' (step-events.ts): the ability resolves first
    const inStep = events.filter((event) => event.id.startsWith(`s${resolved}-`) && event.type.endsWith('Resolved')).map((event) => event.type);
    expect(inStep).toEqual(['TriggerResolved', 'EffectResolved']);
    const resolution = events.find((event) => event.id.startsWith(`s${resolved}-`) && event.type === 'TriggerResolved')!;
    expect(summary(events, findings)).toEqual([{ code: 'RESOLVED_DURING_ACTION', rule: 'lorcana 7.1.6.1', at: `${resolution.id} TriggerResolved`, players: [seat] }]);
    expect(audit(replay).findings.filter((finding) => finding.code === 'RESOLVED_DURING_ACTION')).toEqual([]);
  });

  it('the rewriting itself changes nothing: an unplanted replay, its patches written again, gives the same events', () => {
    const replay = read('02-');
    const again = audit(rewritten(replay, statesOf(replay)));
    expect(again.events).toEqual(audit(replay).events);
  });
});
