import { GENESIS, chainHeadOf, chainSaltOf } from '@matchlog/audit';
import { AudienceView, JUDGE, MatchCreated, MatchEvent, MatchState, NO_COUNTERS, Perception, ReplayStart, Seat, audiencesOf, layoutOf } from '@matchlog/domain';

/** Bumped whenever the state or a seat changes shape: a snapshot of another version is not used. */
export const SNAPSHOT_VERSION = 5;

/*
 * A match's snapshot is kept beside the log under the match's id (EventStore.writeSnapshot), never in
 * it: no consumer of the log reads past one. Stores written before kept them as `MatchSnapshot` events
 * in `snapshots@<matchId>` streams: those stay in the log, ignored (no match id has "@", so the
 * catalog and every reader of matches pass them by); such a match is read from its log once, and its
 * next snapshot is kept beside the log.
 */

/**
 * The folded match at one revision: the omniscient state without its layout (MatchCreated makes it
 * again) and each non-judge audience's perception and view. `hash` is the chain hash of the event at
 * `revision`: a snapshot is used only beside a log whose event there has that hash.
 */
export interface MatchSnapshot {
  readonly version: number;
  readonly revision: number;
  readonly hash: string;
  readonly state: Omit<MatchState, 'layout'>;
  readonly seats: Readonly<Record<string, { readonly perception: Perception; readonly view: AudienceView }>>;
}

/** What a model needs to start at a snapshot's revision: the replay's start, the chain's head there and the match's salt. */
export interface RestoredStart extends ReplayStart {
  readonly head: string;
  readonly salt: string | undefined;
}

/** The audiences a snapshot holds a seat of: every one of the match but the judge, whose view is the state. */
export const seatedAudiences = (state: MatchState): string[] => (state.layout ? audiencesOf(state.layout).filter((audience) => audience !== JUDGE) : []);

/**
 * The snapshot of a match at `revision` (`event` is its event there, `seats` hold each of
 * seatedAudiences at that revision), or undefined when that event carries no chain hash to check it against.
 */
export const takeSnapshot = (revision: number, event: MatchEvent, state: MatchState, seats: ReadonlyMap<string, Seat>): MatchSnapshot | undefined => {
  const hash = chainHeadOf([event]);
  if (hash === GENESIS || state.layout === null || state.revision !== revision) return undefined;
  const { layout: _layout, ...rest } = state;
  const stored: Record<string, { perception: Perception; view: AudienceView }> = {};
  for (const audience of seatedAudiences(state)) {
    const seat = seats.get(audience);
    if (seat?.view.revision !== revision) return undefined;
    stored[audience] = { perception: seat.perception, view: seat.view };
  }
  return { version: SNAPSHOT_VERSION, revision, hash, state: rest, seats: stored };
};

/**
 * The snapshot as a replay's start, checked against the log: `created` is the match's first event
 * and `atRevision` its event at the snapshot's revision. Undefined, not to be used, on any mismatch.
 */
export const restoreSnapshot = (stored: unknown, created: MatchEvent | undefined, atRevision: MatchEvent | undefined): RestoredStart | undefined => {
  if (!isSnapshot(stored) || created?.type !== 'MatchCreated' || atRevision === undefined) return undefined;
  const hash = chainHeadOf([atRevision]);
  if (hash === GENESIS || hash !== stored.hash) return undefined;
  const layout = layoutOf(created.data as MatchCreated);
  const { revision, ...rest } = stored.state;
  // in the fold's key order, and every card without counters sharing NO_COUNTERS, as the fold leaves them
  const state: MatchState = { revision, layout, ...rest, cards: rest.cards.map((card) => (isEmpty(card.counters) ? { ...card, counters: NO_COUNTERS } : card)) };
  if (state.revision !== stored.revision || state.cards.length !== layout.cardIds.length) return undefined;
  const seats = new Map<string, Seat>();
  for (const audience of seatedAudiences(state)) {
    const seat = stored.seats[audience];
    if (!isObject(seat) || !isObject(seat.perception) || !isObject(seat.view) || seat.view.revision !== stored.revision || seat.view.audience !== audience) return undefined;
    seats.set(audience, { match: state, perception: seat.perception, view: seat.view });
  }
  return { revision: stored.revision, state, seats, head: hash, salt: chainSaltOf([created]) };
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isEmpty = (value: object): boolean => Object.keys(value).length === 0;

const isSnapshot = (value: unknown): value is MatchSnapshot =>
  isObject(value) &&
  value.version === SNAPSHOT_VERSION &&
  Number.isInteger(value.revision) &&
  (value.revision as number) > 0 &&
  typeof value.hash === 'string' &&
  isObject(value.state) &&
  Array.isArray(value.state.cards) &&
  isObject(value.seats);
