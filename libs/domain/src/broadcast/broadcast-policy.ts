import { BroadcastDelay, MatchCreated } from '../events/events';
import { Verdict, accepted, rejected } from '../validate/domain-error';

/** How far behind the match, and to whom, its broadcast audience is served. */
export interface BroadcastPolicy {
  readonly delay: BroadcastDelay;
  readonly access: 'public' | 'token';
}

/**
 * The least delay, in seconds, of a broadcast anyone may read (a player too, without a token): five
 * minutes, a couple of turns, and the top of what tournament streams run with (docs/explanation/architecture.md).
 */
export const PUBLIC_BROADCAST_MIN_SECONDS = 300;

/** The match's broadcast, or none: a match has one only when its MatchCreated asks for it. */
export const broadcastOf = (created: MatchCreated): BroadcastPolicy | undefined =>
  created.broadcastDelay === undefined && created.broadcastAccess === undefined
    ? undefined
    : { delay: created.broadcastDelay ?? {}, access: created.broadcastAccess === 'token' ? 'token' : 'public' };

/** A public broadcast runs at least PUBLIC_BROADCAST_MIN_SECONDS behind the match; a token broadcast, as far as it asks. */
export const checkBroadcast = (created: MatchCreated): Verdict => {
  const policy = broadcastOf(created);
  if (policy?.access !== 'public' || (policy.delay.seconds ?? 0) >= PUBLIC_BROADCAST_MIN_SECONDS) return accepted;
  return rejected(
    'BROADCAST_DELAY_TOO_SHORT',
    'matchlog',
    `a public broadcast is anyone's, the players' too, so it must run at least ${PUBLIC_BROADCAST_MIN_SECONDS} seconds behind the match: set broadcastDelay.seconds to ${PUBLIC_BROADCAST_MIN_SECONDS} or more, or broadcastAccess to "token" for a broadcast only its token's holder reads`,
    'data.broadcastDelay.seconds',
  );
};
