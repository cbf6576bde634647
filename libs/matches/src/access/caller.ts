import { BROADCAST, JUDGE, PUBLIC } from '@matchlog/domain';
import { Forbidden, Unauthenticated } from '../errors';

/** Who is asking: from the bearer token, or nobody. */
export type Caller =
  | { readonly kind: 'organizer' }
  | { readonly kind: 'judge'; readonly matchId: string }
  | { readonly kind: 'recorder'; readonly matchId: string }
  | { readonly kind: 'player'; readonly matchId: string; readonly player: string }
  /** the broadcast audience of a match whose broadcast needs a token (broadcastAccess: 'token') */
  | { readonly kind: 'broadcast'; readonly matchId: string }
  | { readonly kind: 'anonymous' };

/**
 * Organizer: anything. Judge token: every audience of its match. Recorder token: its match's judge
 * view (what recording needs: every card by id). Player token: its seat and public. Broadcast token:
 * its match's broadcast and public. Anyone: public (and a broadcast that needs no token: see match-access.ts).
 */
export const mayRead = (caller: Caller, matchId: string, audience: string): boolean => {
  if (audience === PUBLIC || caller.kind === 'organizer') return true;
  if (caller.kind === 'judge') return caller.matchId === matchId;
  if (caller.kind === 'recorder') return caller.matchId === matchId && audience === JUDGE;
  if (caller.kind === 'player') return caller.matchId === matchId && caller.player === audience && audience !== JUDGE;
  if (caller.kind === 'broadcast') return caller.matchId === matchId && audience === BROADCAST;
  return false;
};

export const assertMayRead = (caller: Caller, matchId: string, audience: string): void => {
  if (mayRead(caller, matchId, audience)) return;
  throw caller.kind === 'anonymous' ? new Unauthenticated() : new Forbidden();
};

export const assertOrganizer = (caller: Caller): void => {
  if (caller.kind === 'organizer') return;
  throw caller.kind === 'anonymous' ? new Unauthenticated() : new Forbidden();
};

/** The organizer key, or the judge token of this match: the judge's tools (audit, verify, export), not a recorder's. */
export const assertJudgeOf = (caller: Caller, matchId: string): void => {
  if (caller.kind === 'organizer' || (caller.kind === 'judge' && caller.matchId === matchId)) return;
  throw caller.kind === 'anonymous' ? new Unauthenticated() : new Forbidden();
};

/** The organizer key, or the recorder token of this match: who may append to it. */
export const assertMayRecord = (caller: Caller, matchId: string): void => {
  if (caller.kind === 'organizer' || (caller.kind === 'recorder' && caller.matchId === matchId)) return;
  throw caller.kind === 'anonymous' ? new Unauthenticated() : new Forbidden();
};

/** The organizer key, or a player's or the recorder's token of this match: who may call a judge to its table. */
export const assertMayCallJudge = (caller: Caller, matchId: string): void => {
  if (caller.kind === 'organizer' || ((caller.kind === 'player' || caller.kind === 'recorder') && caller.matchId === matchId)) return;
  throw caller.kind === 'anonymous' ? new Unauthenticated() : new Forbidden("a player's or the recorder's token of this match calls a judge (or the organizer key)");
};
