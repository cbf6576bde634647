/** Who perceives a match: a player (by id), spectators (`public`), or a `judge`, who sees everything. */
export type Audience = string;

export const PUBLIC = 'public';
export const JUDGE = 'judge';

export const audiencesOf = (players: readonly string[]): Audience[] => [...players, PUBLIC, JUDGE];
