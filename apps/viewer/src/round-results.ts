import type { RoundLog, RoundResults } from '@matchlog/client';
import { api, query } from './api/client';

export type { RoundLog, RoundResults };

/** GET /rounds/results (public): every table of one round, its games and the match's result. */
export const roundResults = (event: string, round: number): Promise<RoundResults> => api().roundResults({ event, round });

/** The same slip as CSV, for a scorekeeper's spreadsheet. */
export const roundResultsCsvHref = (event: string, round: number) => `/rounds/results${query({ event, round, format: 'csv' })}`;

/** GET /rounds/log (public): the round's entries in the server's log; none while it is not closed. */
export const roundLog = (event: string, round: number): Promise<RoundLog> => api().roundLog({ event, round });
