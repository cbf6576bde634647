import { GENESIS } from '@matchlog/audit';
import { DomainError, MatchCreated, MatchEvent, emptyMatch } from '@matchlog/domain';
import { Entropy } from '../ports';
import { IncomingEvent, decide } from './decide';

export type DecidedReplayImport = { readonly ok: true; readonly events: readonly MatchEvent[] } | { readonly ok: false; readonly error: DomainError };

/**
 * A whole match, as an import writes it, decided as every write is (decide): each event stamped with its own time,
 * the chain salt and every shuffle's salt drawn from `entropy`, validated as one batch and chained from the genesis.
 * The server's writer stores what this answers; the CLI writes it to a file, drawing from node:crypto as the server does.
 */
export const decideReplayImport = (
  created: MatchCreated,
  createdAt: string,
  incoming: readonly (IncomingEvent & { readonly recordedAt: string; readonly step?: number })[],
  recordedBy: string,
  entropy: Entropy,
): DecidedReplayImport =>
  decide(
    emptyMatch,
    { head: GENESIS, salt: undefined },
    {
      opens: { type: 'MatchCreated', data: created },
      events: incoming.map(({ id, type, data }) => ({ id, type, data })),
      recordedBy,
      recordedAt: [createdAt, ...incoming.map((event) => event.recordedAt)],
      ...(incoming.some((event) => event.step !== undefined) && { steps: incoming.map((event) => event.step!) }),
    },
    entropy,
  );
