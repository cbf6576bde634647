import type { MatchClock } from '@matchlog/client';
import { api } from './api/client';

/** GET /matches/:id/clock (judge token or organizer key): seconds per turn, time called, extensions. */
export type Clock = MatchClock;

export const clockOf = (matchId: string, token: string | undefined): Promise<Clock> => api(token).clock(matchId);
