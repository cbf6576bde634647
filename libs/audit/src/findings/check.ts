import { MatchEvent, MatchLayout, MatchState, ZoneRef } from '@matchlog/domain';
import { FindingCode } from './codes';

/** One event of the fold: the states either side of it. `revision` is the one the event brought the match to. */
export interface Step {
  readonly index: number;
  readonly revision: number;
  readonly event: MatchEvent;
  readonly before: MatchState;
  readonly after: MatchState;
  readonly layout: MatchLayout;
  /** where the match's MatchCreated stands, for a check of the starting zones (the checks see no step for it) */
  readonly created: At;
}

/** What a message may name; every field is optional and judge-facing (card ids are fine here). */
export interface Facts {
  /** who acted */
  readonly player?: string;
  /** who should have acted */
  readonly expected?: string;
  readonly cards?: readonly string[];
  readonly zone?: ZoneRef;
  readonly criteria?: string;
  readonly trigger?: string;
  /** the item on top of a stack */
  readonly top?: string;
  /** the revision of the event that came instead of the one the rules require */
  readonly next?: number;
  readonly characteristic?: string;
  /** Four Souls: the kind of card the log knows it is (the deck it started in) */
  readonly kind?: string;
  /** the player whose played action was still resolving */
  readonly actionBy?: string;
  /** time findings: the turn, how long it took, the threshold or limit it passed */
  readonly turn?: number;
  readonly seconds?: number;
  readonly limit?: number;
  /** the winner named and the counters at the end (RESULT_DISAGREES_WITH_COUNTERS) */
  readonly winner?: string;
  readonly counts?: string;
  /** how the result disagrees: a draw after a win, a winner behind the other player, a winner below the mark with nothing else to explain it */
  readonly result?: 'draw' | 'behind' | 'below';
  /** a correction: the id of the event it undoes, and the correcting event's type (`next`: the corrected event's revision) */
  readonly corrects?: string;
  readonly type?: string;
}

/** Where a finding is reported when it is not the current step (a violation seen only at the next event). */
export interface At {
  readonly revision: number;
  readonly eventId: string;
}

export type Report = (code: FindingCode, players: readonly string[], facts: Facts, at?: At) => void;

/**
 * A check sees each step once, in order; it may keep what it needs between steps. `end`, when a check has one, runs
 * once after the last step: a check that waits for the rest of a moment (moment.ts) reports what it still holds.
 */
export type Check = ((step: Step, report: Report) => void) & { readonly end?: (report: Report) => void };

/** What the organizer sets for the checks that are not a game's rule. */
export interface CheckOptions {
  /** a turn longer than this is a SLOW_TURN note */
  readonly slowTurnSeconds: number;
}

/** Made once per audit, so a check's memory belongs to one match. */
export type CheckFactory = (options: CheckOptions) => Check;
