import { MatchClock, get } from './api/client';

/** GET /matches/:id/clock (judge token or organizer key): seconds per turn, time called, extensions. */
export type Clock = MatchClock;

export const clockOf = (base: string, token: string | undefined) => get<Clock>(`${base}/clock`, token);
