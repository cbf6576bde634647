import { get } from './api/client';

/** GET /matches/:id/clock (judge token or organizer key): seconds per turn, time called, extensions. */
export interface Clock {
  readonly matchId: string;
  readonly times: 'recorded' | 'imported';
  readonly turns: readonly {
    readonly turn: number;
    readonly player: string;
    readonly start: string;
    readonly end: string;
    readonly seconds: number;
    readonly afterTime: boolean;
  }[];
  readonly players: readonly { readonly player: string; readonly seconds: number; readonly turns: number; readonly longestTurn: number }[];
  readonly gaps: readonly { readonly revision: number; readonly at: string; readonly seconds: number; readonly player: string | null }[];
  readonly timeCalled: { readonly revision: number; readonly at: string; readonly turn: number } | null;
  readonly extensions: readonly { readonly revision: number; readonly at: string; readonly seconds: number; readonly reason: string }[];
  readonly afterTime: { readonly turnsPlayed: number; readonly turnsAllowed: number | null } | null;
  readonly slowTurnSeconds: number;
  readonly slowTurns: readonly { readonly turn: number; readonly player: string; readonly seconds: number }[];
}

export const clockOf = (base: string, token: string | undefined) => get<Clock>(`${base}/clock`, token);
