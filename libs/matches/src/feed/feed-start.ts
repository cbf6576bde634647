import { RevisionOutOfRange, ValidationFailed } from '../errors';

/**
 * Where a stream starts: after the revision in `Last-Event-ID` (what an EventSource sends when it
 * reconnects, so it wins over the URL's), else after `?from=`; undefined: from the view at the horizon.
 */
export const feedStart = (lastEventId: string | undefined, from: number | undefined, horizon: number): number | undefined => {
  let start = from;
  let field = 'from';
  if (lastEventId !== undefined && lastEventId !== '') {
    if (!/^\d{1,15}$/.test(lastEventId.trim())) {
      throw new ValidationFailed([
        { path: 'Last-Event-ID', message: `Last-Event-ID must be the id of a message of this feed (a revision, 0 or more); got "${lastEventId.slice(0, 40)}"` },
      ]);
    }
    start = Number(lastEventId.trim());
    field = 'Last-Event-ID';
  }
  if (start !== undefined && start > horizon) throw new RevisionOutOfRange(field, start, horizon);
  return start;
};
