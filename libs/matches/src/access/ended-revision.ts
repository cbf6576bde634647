import { MatchState } from '@matchlog/domain';

/** What finding a match's end needs: its state at the head, and its events by revision. */
export interface EndSource {
  readonly state: Pick<MatchState, 'revision' | 'ended'>;
  readonly replay: { eventAt(revision: number): { readonly type: string } | undefined };
}

/**
 * The revision of the match's MatchEnded, for delayedRevision: undefined while the match has not
 * ended, or where that event is before the events in memory (a model begun at a snapshot, which the
 * delayed reads never use: they load the whole log). Read back from the head: only a MatchVoided
 * follows an end.
 */
export const endedRevisionOf = (match: EndSource): number | undefined => {
  if (!match.state.ended) return undefined;
  for (let revision = match.state.revision; revision > 0; revision--) {
    const event = match.replay.eventAt(revision);
    if (event === undefined) return undefined;
    if (event.type === 'MatchEnded') return revision;
  }
  return undefined;
};
