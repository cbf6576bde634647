import type { MatchSummary } from '@matchlog/client';

/** What the list says of a match's result: void, live, won (by `winner`), a draw, or ended with neither (abandoned). */
export const listResultOf = (match: Pick<MatchSummary, 'voided' | 'status' | 'winner' | 'draw'>): 'void' | 'live' | 'won' | 'draw' | 'ended' =>
  match.voided ? 'void' : match.status === 'live' ? 'live' : match.winner !== null ? 'won' : match.draw ? 'draw' : 'ended';
