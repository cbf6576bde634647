import { MatchCreated, PrintedFacts, StartingCard } from '@matchlog/domain';
import { byShortId, printedFacts } from '@matchlog/cards';
import { apply } from 'mutative';
import { cardIdOf, withCardIds } from './card-ids';
import { Seats, EngineState, engineStateOf } from './engine-state';
import { ReplayFile, readReplayFile } from './replay-file';
import { Refused, StepUnexplained, refuse } from './refusal';
import { simOf, zoneName, zonePlayer } from './sim-zones';
import { DraftEvent, stepEvents } from './step-events';
import { replayTimesProblem } from './replay-times';
import { stepMove, stepTime } from './step-move';

/** An event of the replay: when its step happened, and which step it is (the index in the replay's `steps`). */
export type ImportedEvent = DraftEvent & { readonly recordedAt: string; readonly step: number };

export interface ConvertedReplay {
  readonly ok: true;
  readonly created: MatchCreated;
  /** MatchCreated's recordedAt: metadata.createdAt, else the first step's timestamp */
  readonly createdAt: string;
  /** the events of each replay step, in order (steps[i] for replay.steps[i]), each with its step's time and index */
  readonly steps: readonly (readonly ImportedEvent[])[];
  /** the tcg.online ids: matchId is the best-of-N series, gameId the game; seats[0] is p1 */
  readonly source: { readonly gameId: string; readonly matchId: string; readonly seats: readonly [string, string]; readonly seeded: boolean };
}

export interface ConvertOptions {
  /** which game of the series this is, when the caller knows it (one replay does not say) */
  readonly game?: number;
  readonly bestOf?: 1 | 3 | 5;
  /** the server's clock (ms since the epoch), from its time source: a time of the replay past it is refused (replay-times.ts) */
  readonly now?: number;
}

const SEATS = ['p1', 'p2'] as const;

const playerName = (replay: ReplayFile, id: string): string | undefined => {
  const found = Array.isArray(replay.metadata?.players) ? replay.metadata.players.find((player) => player?.id === id) : undefined;
  const name = found?.displayName ?? found?.username;
  return typeof name === 'string' && name.trim().length > 0 ? name.trim().slice(0, 200) : undefined;
};

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * tcg.online's replay.json (version 2) as matchlog's MatchCreated and events: pure, no time source, no randomness
 * (shuffles carry no salt: the server draws them when it writes). The replay is the ground truth: its patches are
 * applied in order with mutative, as the engine does, and each step's events are derived from the state before and
 * after it. Anything it cannot explain is refused, naming the step.
 */
export const convertTcgOnlineReplay = (input: string | unknown, options: ConvertOptions = {}): ConvertedReplay | Refused => {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input);
    } catch {
      return refuse('REPLAY_MALFORMED', 'replay.json is not JSON');
    }
  }
  const read = readReplayFile(parsed);
  if (!read.ok) return read;
  const { replay } = read;
  const seatOf = new Map(replay.playerIds.map((id, i) => [id, SEATS[i]]));
  const typeOf = new Map<string, string>();
  const definitionOf = new Map<string, string>();
  const factsOf = new Map<string, PrintedFacts>();
  for (const [instance, shortId] of Object.entries(replay.cardsMaps.cardInstances)) {
    const card = byShortId(shortId);
    if (card === undefined)
      return refuse('REPLAY_UNKNOWN_CARD', `card ${instance} is "${shortId}", a short id the card table does not know (docs/reference/cards.md)`, { shortId });
    typeOf.set(instance, card.type);
    definitionOf.set(instance, card.definition);
    factsOf.set(instance, printedFacts(card));
  }
  const seats: Seats = { seatOf, typeOf };

  let state: unknown;
  let before: EngineState;
  try {
    const envelope = JSON.parse(replay.initialState) as { state?: unknown };
    state = envelope?.state ?? envelope;
    before = engineStateOf(state, seats);
  } catch (error) {
    return refuse('REPLAY_MALFORMED', `initialState is not an engine state: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cards: StartingCard[] = [];
  for (const [key, ids] of before.zones)
    for (const cardId of ids) {
      const definition = definitionOf.get(cardId);
      if (definition === undefined) return refuse('REPLAY_MALFORMED', `card ${cardId} of initialState is not in cardsMaps.cardInstances`);
      cards.push({ cardId: cardIdOf(cardId), owner: zonePlayer(key), definition, zone: { zone: zoneName(key), player: zonePlayer(key) }, printed: factsOf.get(cardId) });
    }
  if (cards.length !== definitionOf.size) return refuse('REPLAY_MALFORMED', 'initialState does not hold every card of cardsMaps.cardInstances');
  const created: MatchCreated = {
    game: 'lorcana',
    players: replay.playerIds.map((id, i) => {
      const name = playerName(replay, id);
      return { id: SEATS[i], ...(name !== undefined && { name }) };
    }),
    cards,
    tournament: {
      event: `tcg.online match ${replay.matchId}`.slice(0, 200),
      // a series is one match, played at one table: its event holds one round
      round: 1,
      table: 1,
      ...(options.game !== undefined && { game: options.game }),
      ...(options.bestOf !== undefined && { bestOf: options.bestOf }),
    },
  };

  const sim = simOf(before, typeOf);
  const steps: ImportedEvent[][] = [];
  let version: number | null = null;
  for (let i = 0; i < replay.steps.length; i++) {
    const step = replay.steps[i];
    const { stateVersion } = step.acceptedMove;
    if (version !== null && stateVersion !== version + 1)
      return refuse('REPLAY_PATCH_FAILED', `stateVersion goes from ${version} to ${stateVersion}: a step is missing from the patch chain`, { step: i });
    version = stateVersion;
    try {
      // in place: the state is this conversion's own parse, and each EngineState copies what it keeps
      apply(state as object, step.patches as never, { mutable: true });
    } catch (error) {
      return refuse('REPLAY_PATCH_FAILED', `its patches do not apply to the state the earlier steps leave (${error instanceof Error ? error.message : String(error)})`, {
        step: i,
      });
    }
    try {
      const after = engineStateOf(state, seats);
      const recordedAt = iso(stepTime(step));
      steps.push(stepEvents(sim, before, after, step).map((event) => ({ ...withCardIds(event), recordedAt, step: i }) as ImportedEvent));
      before = after;
    } catch (error) {
      const why = error instanceof StepUnexplained ? error.reason : 'the state after it is not one the import can read';
      return refuse('REPLAY_STEP_UNEXPLAINED', `${stepMove(step)}: ${why}`, { step: i });
    }
  }
  const createdAtMeta = replay.metadata?.createdAt;
  const createdAt =
    typeof createdAtMeta === 'string' && !Number.isNaN(Date.parse(createdAtMeta)) ? new Date(createdAtMeta).toISOString() : iso(replay.steps[0]?.acceptedMove.timestamp ?? 0);
  const implausible = replayTimesProblem(replay, Date.parse(createdAt), options.now);
  if (implausible !== null) return implausible;
  return {
    ok: true,
    created,
    createdAt,
    steps,
    source: { gameId: replay.gameId, matchId: replay.matchId, seats: [replay.playerIds[0], replay.playerIds[1]], seeded: replay.seed.length > 0 },
  };
};

/** All the events of a conversion, in order. */
export const importedEvents = (converted: ConvertedReplay): ImportedEvent[] => converted.steps.flat();

/** The revisions one step of the replay became, `from` to `to` (both included). */
export interface StepRevisions {
  readonly step: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Where each step of the replay is in the match: the match's first revision is its MatchCreated, then each step's
 * events follow in order. A step that made no event (its patches changed nothing matchlog records) is not listed.
 */
export const stepRevisions = (converted: ConvertedReplay): StepRevisions[] => {
  const map: StepRevisions[] = [];
  let revision = 1;
  converted.steps.forEach((events, step) => {
    if (events.length > 0) map.push({ step, from: revision + 1, to: revision + events.length });
    revision += events.length;
  });
  return map;
};
