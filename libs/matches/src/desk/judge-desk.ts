import { canonicalJson, hiddenInDeskText } from '@matchlog/audit';
import { CatalogDb, matchStartsOfEvent } from '@matchlog/catalog';
import { CallStatus, DeskCall, EventDataByType, MatchEvent, MatchState, RECORDER_CALLER, callOf } from '@matchlog/domain';
import { Caller, assertJudgeOf, assertMayCallJudge, assertOrganizer } from '../access/caller';
import { CallAlreadyResolved, CallNotFound, FreeTextNamesHiddenCard, ValidationFailed } from '../errors';
import { MatchModels } from '../model/match-models';
import { Entropy } from '../ports';
import { CatalogFreshness } from '../read/catalog-freshness';
import { IncomingEvent } from '../write/decide';
import { MatchWriter } from '../write/match-writer';
import { PenaltyVocabulary, penaltiesOf } from './penalties';

/** The reason every audience reads on the TimeExtended a ruling's `seconds` appends: it names nothing. */
export const RULING_EXTENSION_REASON = "a judge's ruling";

export interface CallRequest {
  readonly at: number;
  readonly reason: string;
  /** a retry sends the same id: answered as the first was */
  readonly callId?: string;
  /** the organizer key only: who called (a player id or "recorder"; default "recorder") */
  readonly by?: string;
}

export interface CallAction {
  readonly judge: string;
  /** an escalation's reason (judge-only) */
  readonly reason?: string;
}

export type RulingRequest = Omit<EventDataByType['RulingGiven'], 'rulingId'> & { readonly rulingId?: string };
export type NoteRequest = Omit<EventDataByType['JudgeNoted'], 'noteId' | 'published'> & { readonly noteId?: string; readonly published?: boolean };

/** One call on the desk: where it stands, and at which table. */
export interface DeskCallEntry {
  readonly matchId: string;
  readonly callId: string;
  readonly by: string;
  /** the caller's name as the match records it (its id where it has none; "recorder" for the recorder) */
  readonly byName: string;
  readonly at: number;
  readonly reason: string;
  readonly status: CallStatus;
  readonly judge?: string;
  readonly escalation?: string;
  /** when the call was recorded (the server's time) */
  readonly calledAt: string;
  /** the revision the call itself brought the match to */
  readonly revision: number;
  readonly table?: number;
  readonly round?: number;
  readonly game?: number;
}

/** One player's calls and penalties across an event: the judge's and the organizer's, never the statistics'. */
export interface PlayerHistory {
  readonly player: string;
  readonly calls: readonly { readonly matchId: string; readonly callId: string; readonly at: number; readonly status: CallStatus; readonly reason: string }[];
  readonly rulings: readonly {
    readonly matchId: string;
    readonly rulingId: string;
    readonly revision: number;
    readonly infraction: string;
    readonly penalty: string;
    readonly seconds?: number;
    readonly callId?: string;
  }[];
}

/**
 * The judge's desk (docs/guides/judging.md): calls, rulings and notes as events of their match, each decided on the
 * match's latest state under its write lock (a call never conflicts with the recorder's appends), every free text
 * checked against each audience it reaches before it is appended; and the desk's reads over an event's matches
 * (the catalog's list of the event's matches, each match's state from its model: no table of its own).
 */
export class JudgeDesk {
  constructor(
    private readonly writer: MatchWriter,
    private readonly models: MatchModels,
    private readonly catalog: CatalogDb,
    private readonly freshness: CatalogFreshness,
    private readonly entropy: Entropy,
    private readonly penalties: PenaltyVocabulary,
  ) {}

  penaltyVocabulary(): PenaltyVocabulary {
    return this.penalties;
  }

  /** A player's token calls as its seat, the recorder's as "recorder", the organizer as `by` says. */
  async call(caller: Caller, matchId: string, request: CallRequest): Promise<{ callId: string; revision: number }> {
    assertMayCallJudge(caller, matchId);
    const by = caller.kind === 'player' ? caller.player : caller.kind === 'recorder' ? RECORDER_CALLER : (request.by ?? RECORDER_CALLER);
    const callId = request.callId ?? this.entropy.uuid();
    const data = given({ callId, by, at: request.at, reason: request.reason });
    const { revision } = await this.writer.appendAtHead(
      matchId,
      (state) => {
        const earlier = callOf(state.desk, callId);
        if (earlier && sameData(earlier, data)) return { revision: earlier.revision };
        return checked(state, [{ type: 'JudgeCalled', data }]);
      },
      recorderOf(caller),
    );
    return { callId, revision };
  }

  async claim(caller: Caller, matchId: string, callId: string, action: CallAction): Promise<{ revision: number }> {
    return this.changeCall(caller, matchId, callId, { type: 'CallClaimed', data: { callId, judge: action.judge } });
  }

  async escalate(caller: Caller, matchId: string, callId: string, action: CallAction): Promise<{ revision: number }> {
    return this.changeCall(caller, matchId, callId, {
      type: 'CallEscalated',
      data: { callId, judge: action.judge, ...(action.reason !== undefined && { reason: action.reason }) },
    });
  }

  async resolve(caller: Caller, matchId: string, callId: string, action: CallAction): Promise<{ revision: number }> {
    return this.changeCall(caller, matchId, callId, { type: 'CallResolved', data: { callId, judge: action.judge } });
  }

  /** A ruling; its `seconds` append a TimeExtended in the same batch, so the clock and the round's slip count them. */
  async rule(caller: Caller, matchId: string, request: RulingRequest): Promise<{ rulingId: string; revision: number }> {
    assertJudgeOf(caller, matchId);
    const rulingId = request.rulingId ?? this.entropy.uuid();
    const data = given({ ...request, rulingId }) as EventDataByType['RulingGiven'];
    const { revision } = await this.writer.appendAtHead(
      matchId,
      (state) => {
        const earlier = state.desk.rulings.find((ruling) => ruling.rulingId === rulingId);
        if (earlier && sameData(earlier, data)) return { revision: earlier.revision };
        if (data.callId !== undefined && callOf(state.desk, data.callId) === undefined) throw new CallNotFound(data.callId);
        const game = state.layout?.ruleset.game;
        const allowed = game === undefined ? [] : penaltiesOf(this.penalties, game);
        if (!allowed.includes(data.penalty))
          throw new ValidationFailed([
            { path: 'penalty', message: `penalty must be one of ${allowed.map((p) => `"${p}"`).join(', ')} (GET /desk/penalties); got "${data.penalty}"` },
          ]);
        if (data.seconds !== undefined && state.ended !== null)
          throw new ValidationFailed([{ path: 'seconds', message: 'the game has ended: there is no time left to extend; give the ruling without seconds' }]);
        const extension: IncomingEvent[] = data.seconds === undefined ? [] : [{ type: 'TimeExtended', data: { seconds: data.seconds, reason: RULING_EXTENSION_REASON } }];
        return [...checked(state, [{ type: 'RulingGiven', data }]), ...extension];
      },
      recorderOf(caller),
    );
    return { rulingId, revision };
  }

  async note(caller: Caller, matchId: string, request: NoteRequest): Promise<{ noteId: string; revision: number }> {
    assertJudgeOf(caller, matchId);
    const noteId = request.noteId ?? this.entropy.uuid();
    const data = given({ noteId, at: request.at, text: request.text, published: request.published ?? false });
    const { revision } = await this.writer.appendAtHead(
      matchId,
      (state) => {
        const earlier = state.desk.notes.find((note) => note.noteId === noteId);
        if (earlier && sameData(earlier, data)) return { revision: earlier.revision };
        return checked(state, [{ type: 'JudgeNoted', data }]);
      },
      recorderOf(caller),
    );
    return { noteId, revision };
  }

  /** A match's calls, oldest first: its judge's token or the organizer key. */
  async callsOf(caller: Caller, matchId: string): Promise<DeskCallEntry[]> {
    assertJudgeOf(caller, matchId);
    return this.entriesOf(matchId);
  }

  /** Every call of the event's matches, oldest first (`open`: those not resolved): the head judge's desk, the organizer key. */
  async eventCalls(caller: Caller, event: string, status: 'open' | 'all'): Promise<DeskCallEntry[]> {
    assertOrganizer(caller);
    const entries = (await Promise.all((await this.matchesOf(event)).map((matchId) => this.entriesOf(matchId)))).flat();
    return entries.filter((entry) => status === 'all' || entry.status !== 'resolved').sort((a, b) => a.calledAt.localeCompare(b.calledAt) || a.matchId.localeCompare(b.matchId));
  }

  /** Per player name, their calls and the rulings on them across the event's matches: the organizer key. */
  async history(caller: Caller, event: string): Promise<PlayerHistory[]> {
    assertOrganizer(caller);
    const byName = new Map<string, { calls: PlayerHistory['calls'][number][]; rulings: PlayerHistory['rulings'][number][] }>();
    const of = (name: string) => byName.get(name) ?? byName.set(name, { calls: [], rulings: [] }).get(name)!;
    for (const matchId of await this.matchesOf(event)) {
      const { state } = await this.models.load(matchId, 'head');
      const nameOf = nameIn(state);
      for (const seat of state.layout?.players ?? []) of(nameOf(seat.id));
      for (const call of state.desk.calls)
        if (call.by !== RECORDER_CALLER) of(nameOf(call.by)).calls.push({ matchId, callId: call.callId, at: call.at, status: call.status, reason: call.reason });
      for (const ruling of state.desk.rulings)
        of(nameOf(ruling.player)).rulings.push({
          matchId,
          rulingId: ruling.rulingId,
          revision: ruling.revision,
          infraction: ruling.infraction,
          penalty: ruling.penalty,
          ...(ruling.seconds !== undefined && { seconds: ruling.seconds }),
          ...(ruling.callId !== undefined && { callId: ruling.callId }),
        });
    }
    return [...byName].sort(([a], [b]) => a.localeCompare(b)).map(([player, { calls, rulings }]) => ({ player, calls, rulings }));
  }

  private async changeCall(caller: Caller, matchId: string, callId: string, event: IncomingEvent): Promise<{ revision: number }> {
    assertJudgeOf(caller, matchId);
    const { revision } = await this.writer.appendAtHead(
      matchId,
      (state) => {
        const call = callOf(state.desk, callId);
        if (call === undefined) throw new CallNotFound(callId);
        if (call.status === 'resolved') throw new CallAlreadyResolved(callId);
        return checked(state, [event]);
      },
      recorderOf(caller),
    );
    return { revision };
  }

  /** The event's matches from the catalog, every acknowledged write in. */
  private async matchesOf(event: string): Promise<string[]> {
    await this.freshness.reach();
    return (await matchStartsOfEvent(this.catalog, event)).map((match) => match.matchId);
  }

  private async entriesOf(matchId: string): Promise<DeskCallEntry[]> {
    const model = await this.models.load(matchId);
    const { state } = model;
    const tournament = state.layout?.tournament;
    const nameOf = nameIn(state);
    return state.desk.calls.map((call: DeskCall) => ({
      matchId,
      callId: call.callId,
      by: call.by,
      byName: call.by === RECORDER_CALLER ? RECORDER_CALLER : nameOf(call.by),
      at: call.at,
      reason: call.reason,
      status: call.status,
      ...(call.judge !== undefined && { judge: call.judge }),
      ...(call.escalation !== undefined && { escalation: call.escalation }),
      calledAt: model.replay.recordedAt(call.revision) ?? '',
      revision: call.revision,
      ...(tournament?.table !== undefined && { table: tournament.table }),
      ...(tournament?.round !== undefined && { round: tournament.round }),
      ...(tournament?.game !== undefined && { game: tournament.game }),
    }));
  }
}

/** Who records a desk event (meta.recordedBy). */
const recorderOf = (caller: Caller): string => (caller.kind === 'anonymous' ? 'anonymous' : caller.kind);

const nameIn =
  (state: MatchState) =>
  (player: string): string =>
    state.layout?.players.find((seat) => seat.id === player)?.name ?? player;

/** A retry: the same id with the same data as what the desk holds (its status and revision aside). */
const sameData = (held: object, data: object): boolean => {
  const kept = Object.fromEntries(Object.keys(data).map((key) => [key, (held as Record<string, unknown>)[key]]));
  return canonicalJson(kept) === canonicalJson(data);
};

/** The fields given, as a plain object (a DTO leaves the ones not sent undefined). */
const given = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

/** The free-text check: each event's texts against every audience that would receive them (libs/audit hiddenInDeskText). */
const checked = (state: MatchState, events: readonly IncomingEvent[]): IncomingEvent[] => {
  for (const event of events) {
    const hidden = hiddenInDeskText(state, { id: 'unchecked', ...event } as MatchEvent);
    if (hidden) throw new FreeTextNamesHiddenCard(hidden.field, hidden.audience, hidden.names);
  }
  return [...events];
};
