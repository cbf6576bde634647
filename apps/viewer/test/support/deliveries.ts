import { Delivery, checkDeliveries } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { Page } from 'playwright-core';

export interface Captured extends Delivery {
  /** the match the payload was served for (/matches/:id/…), or null for a list across matches (/matches, /rounds/results) */
  readonly matchId: string | null;
  readonly path: string;
}

/** Every JSON body the page received from the API, with the audience, match and revision it was served for. */
export const captureDeliveries = (page: Page, audience: string): Captured[] => {
  const deliveries: Captured[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!response.headers()['content-type']?.includes('application/json') || !response.ok()) return;
    const payload = await response.json().catch(() => undefined);
    if (payload === undefined) return;
    const [, matchId] = /^\/matches\/([^/]+)/.exec(url.pathname) ?? [];
    const at = url.searchParams.get('at') ?? url.searchParams.get('to');
    // a list across matches is held to the strictest revision, 0: nothing of any card is known there yet
    const revision = matchId === undefined ? 0 : typeof payload.revision === 'number' ? payload.revision : at !== null ? Number(at) : 1;
    const match = matchId === undefined ? null : decodeURIComponent(matchId);
    // a feed is what the audience observed at each of its revisions: each entry is checked at its own
    if (Array.isArray(payload.observations))
      for (const entry of payload.observations as { revision: number }[])
        deliveries.push({ audience, revision: entry.revision, payload: entry, matchId: match, path: url.pathname });
    else deliveries.push({ audience, revision, payload, matchId: match, path: url.pathname });
  });
  return deliveries;
};

/**
 * The leaks in what the page received: each match's payloads against that match's events, and each
 * list across matches against every match of `events`. Empty when the page showed only what its audience may see.
 */
export const leaksIn = (deliveries: readonly Captured[], events: ReadonlyMap<string, readonly MatchEvent[]>) => {
  const unchecked = deliveries.filter((d) => d.matchId !== null && !events.has(d.matchId));
  if (unchecked.length > 0) throw new Error(`no events given for ${unchecked.map((d) => d.path).join(', ')}`);
  return [...events].flatMap(([matchId, log]) =>
    checkDeliveries(
      log,
      deliveries.filter((d) => d.matchId === matchId || d.matchId === null),
    ),
  );
};
