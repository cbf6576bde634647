import { MatchEvent, MatchState, deskEventTypes, emptyMatch, evolve } from '@matchlog/domain';

/**
 * The organizer's slow-play threshold when none is set: a Lorcana round is 50 minutes for up to 3 games,
 * about 16 minutes a game; a game of some 10 turns each leaves a player under 1½ minutes a turn, so a
 * turn of 3 minutes is twice that.
 */
export const DEFAULT_SLOW_TURN_SECONDS = 180;

export interface ClockTurn {
  readonly turn: number;
  readonly player: string;
  readonly start: string;
  readonly end: string;
  readonly seconds: number;
  /** started after time was called (one of the turns the end-of-match procedure counts) */
  readonly afterTime: boolean;
}

export interface ClockPlayer {
  readonly player: string;
  readonly seconds: number;
  readonly turns: number;
  readonly longestTurn: number;
}

export interface ClockGap {
  /** the event that came after the gap */
  readonly revision: number;
  readonly at: string;
  readonly seconds: number;
  /** the active player during the gap; null before the first turn */
  readonly player: string | null;
}

/** A match's times as the log records them (`meta.recordedAt`): its turns, its players, its longest waits, time called. */
export interface MatchClock {
  readonly matchId: string;
  /** recorded: times the server stamped; imported: the times of an imported log, kept as verified */
  readonly times: 'recorded' | 'imported';
  readonly turns: ClockTurn[];
  readonly players: ClockPlayer[];
  /** the longest gaps before an event (at most 5), longest first */
  readonly gaps: ClockGap[];
  readonly timeCalled: { readonly revision: number; readonly at: string; readonly turn: number } | null;
  readonly extensions: { readonly revision: number; readonly at: string; readonly seconds: number; readonly reason: string }[];
  /**
   * null before time is called. turnsAllowed and minutesAllowed from the ruleset's tournament practice (Lorcana: 5
   * turns; Grand Archive: 3 turns or 5 minutes), null where it names none; secondsSinceCalled: from time called to the
   * last event recorded
   */
  readonly afterTime: {
    readonly turnsPlayed: number;
    readonly turnsAllowed: number | null;
    readonly minutesAllowed: number | null;
    readonly secondsSinceCalled: number;
  } | null;
  readonly slowTurnSeconds: number;
  readonly slowTurns: { readonly turn: number; readonly player: string; readonly seconds: number }[];
}

export interface MatchClockOptions {
  readonly times?: MatchClock['times'];
  readonly slowTurnSeconds?: number;
}

const GAPS = 5;

/** When the event was recorded, in ms; an event without a time (an old import) is taken to come with the one before it. */
export const recordedMs = (event: MatchEvent, previous: number): number => {
  const at = event.meta?.recordedAt === undefined ? NaN : Date.parse(event.meta.recordedAt);
  return Number.isNaN(at) ? previous : at;
};

const secondsBetween = (from: number, to: number): number => Math.max(0, to - from) / 1000;
const iso = (ms: number): string => new Date(ms).toISOString();

/** The clock of a match from its events; pure: it reads the times recorded in the events, never the time now. */
export const matchClock = (matchId: string, events: readonly MatchEvent[], options: MatchClockOptions = {}): MatchClock => {
  const slowTurnSeconds = options.slowTurnSeconds ?? DEFAULT_SLOW_TURN_SECONDS;
  const turns: ClockTurn[] = [];
  const gaps: ClockGap[] = [];
  const extensions: MatchClock['extensions'][number][] = [];
  let timeCalled: MatchClock['timeCalled'] = null;
  let open: { turn: number; player: string; start: number; afterTime: boolean } | null = null;
  let state: MatchState = emptyMatch;
  let last = 0;
  const close = (end: number) => {
    if (open === null) return;
    turns.push({ turn: open.turn, player: open.player, start: iso(open.start), end: iso(end), seconds: secondsBetween(open.start, end), afterTime: open.afterTime });
    open = null;
  };
  events.forEach((event, index) => {
    const at = recordedMs(event, last);
    const before = state;
    state = evolve(before, event);
    // the desk's work (a call, a ruling, a note) is no one's play: it neither splits a gap nor times a turn
    if (deskEventTypes.includes(event.type)) return;
    if (index > 0) gaps.push({ revision: index + 1, at: iso(at), seconds: secondsBetween(last, at), player: before.turn.number > 0 ? before.turn.player : null });
    last = at;
    if (event.type === 'TurnStarted') {
      close(at);
      open = { turn: event.data.turn, player: event.data.player, start: at, afterTime: before.time.called !== null };
    } else if (event.type === 'MatchEnded') close(at);
    else if (event.type === 'TimeCalled' && timeCalled === null) timeCalled = { revision: index + 1, at: iso(at), turn: before.turn.number };
    else if (event.type === 'TimeExtended') extensions.push({ revision: index + 1, at: iso(at), seconds: event.data.seconds, reason: event.data.reason });
  });
  close(last); // a match still going: its turn so far
  const layout = state.layout;
  const players = (layout?.playerIds ?? []).map((player): ClockPlayer => {
    const own = turns.filter((turn) => turn.player === player);
    return { player, seconds: sum(own.map((turn) => turn.seconds)), turns: own.length, longestTurn: Math.max(0, ...own.map((turn) => turn.seconds)) };
  });
  const procedure = layout?.ruleset.tournament.turnsAfterTime;
  // set in the loop above, which the compiler does not follow
  const called = timeCalled as MatchClock['timeCalled'];
  return {
    matchId,
    times: options.times ?? 'recorded',
    turns,
    players,
    gaps: gaps.sort((a, b) => b.seconds - a.seconds || a.revision - b.revision).slice(0, GAPS),
    timeCalled,
    extensions,
    afterTime:
      called === null
        ? null
        : {
            turnsPlayed: turns.filter((turn) => turn.afterTime).length,
            turnsAllowed: procedure?.turns ?? null,
            minutesAllowed: procedure?.minutes ?? null,
            secondsSinceCalled: secondsBetween(Date.parse(called.at), last),
          },
    slowTurnSeconds,
    slowTurns: turns.filter((turn) => turn.seconds > slowTurnSeconds).map(({ turn, player, seconds }) => ({ turn, player, seconds })),
  };
};

/** to the millisecond, without the float noise of adding seconds */
const sum = (values: readonly number[]): number => Math.round(values.reduce((a, b) => a + b * 1000, 0)) / 1000;
