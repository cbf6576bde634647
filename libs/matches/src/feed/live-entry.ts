import { AudienceView, ObservationEntry, JudgeView } from '@matchlog/domain';

/**
 * What a live feed hands its transport, each bringing the audience to `revision`: `view`, what the
 * audience needs to draw the present (as GET /matches/:id/views/:audience), first when there is nothing
 * to resume from; `observation`, one observation (as one of GET /matches/:id/events's); `ended`, the
 * match has ended, and the feed closes.
 */
export type LiveEntry =
  | { readonly type: 'view'; readonly audience: string; readonly revision: number; readonly data: AudienceView | JudgeView }
  | ObservedEntry
  | { readonly type: 'ended'; readonly audience: string; readonly revision: number; readonly data: { readonly revision: number } };

export interface ObservedEntry {
  readonly type: 'observation';
  readonly audience: string;
  readonly revision: number;
  readonly data: ObservationEntry;
}

export const observedEntry = (audience: string, data: ObservationEntry): ObservedEntry => ({ type: 'observation', audience, revision: data.revision, data });
