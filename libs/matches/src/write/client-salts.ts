import type { IncomingEvent } from './decide';
import { SaltInBody } from '../errors';

/** Refuses a batch that brings a shuffle's salt or commitment: those are the server's to draw and compute. */
export const refuseClientSalts = (events: readonly IncomingEvent[]): void => {
  for (const [i, event] of events.entries()) {
    if (event.type !== 'ZoneShuffled' || typeof event.data !== 'object' || event.data === null) continue;
    for (const field of ['salt', 'commitment'] as const) if (Object.hasOwn(event.data, field)) throw new SaltInBody(i, field);
  }
};
