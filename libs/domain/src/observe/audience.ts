/**
 * Who perceives a match: a player (by id), spectators (`public`), the `broadcast` (what the players
 * together know, for a delayed stream), or a `judge`, who sees everything.
 */
export type Audience = string;

export const PUBLIC = 'public';
export const JUDGE = 'judge';
export const BROADCAST = 'broadcast';

/** Names no player may take: they name audiences. */
export const RESERVED_AUDIENCES: readonly string[] = [PUBLIC, JUDGE, BROADCAST];

/** The one list of a match's audiences: spectators, the broadcast where the match asks for one, each player, the judge. */
export const audiencesOf = (layout: { readonly playerIds: readonly string[]; readonly broadcast?: unknown }): Audience[] => [
  PUBLIC,
  ...(layout.broadcast === undefined ? [] : [BROADCAST]),
  ...layout.playerIds,
  JUDGE,
];

/**
 * Whether the audience perceives as this player does: the player itself, or the broadcast, which
 * looks over every player's shoulder (every hand its owner sees, every card a player looks at or
 * is shown or finds) and puts together what it sees there as one observer.
 */
export const standsFor = (playerIds: readonly string[], audience: Audience, player: string | null | undefined): boolean =>
  player !== null && player !== undefined && (audience === player || (audience === BROADCAST && playerIds.includes(player)));
