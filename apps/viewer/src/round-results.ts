import { get, query } from './api/client';

/** GET /rounds/results (public): every table of one round, its games and the match's result. */
export interface RoundResults {
  readonly event: string;
  readonly round: number;
  readonly tables: readonly {
    readonly table: number;
    readonly players: readonly { readonly id: string; readonly name?: string | null }[];
    readonly bestOf: number;
    readonly games: readonly { readonly game: number | null; readonly matchId: string; readonly ended: boolean; readonly winner: string | null; readonly draw: boolean }[];
    readonly result: { readonly wins: Readonly<Record<string, number>>; readonly draws: number; readonly winner: string | null; readonly draw: boolean; readonly decided: boolean };
  }[];
}

export const roundResults = (event: string, round: number) => get<RoundResults>(`/rounds/results${query({ event, round })}`);
