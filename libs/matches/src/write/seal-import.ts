import { GENESIS, chainEvent, linkOf, sealAndChain } from '@matchlog/audit';
import { DomainError, MatchCreated, MatchEvent, emptyMatch, validateBatch } from '@matchlog/domain';
import { Entropy } from '../ports';
import { IncomingEvent } from './match-writer';

export type SealedImport = { readonly ok: true; readonly events: readonly MatchEvent[] } | { readonly ok: false; readonly error: DomainError };

/**
 * A whole match, as an import writes it: each event stamped with its own time and an id, the chain salt, every
 * shuffle's salt and commitment drawn from `entropy`, validated as one batch and chained from the genesis. The server's
 * writer stores what this answers; the CLI writes it to a file, drawing from node:crypto as the server does.
 */
export const sealImport = (
  created: MatchCreated,
  createdAt: string,
  incoming: readonly (IncomingEvent & { readonly recordedAt: string })[],
  recordedBy: string,
  entropy: Entropy,
): SealedImport => {
  const stamp = (event: IncomingEvent, recordedAt: string) =>
    ({ id: event.id ?? entropy.uuid(), type: event.type, data: event.data, meta: { recordedBy, recordedAt } }) as MatchEvent;
  // the chain salt: secret to all but judges, covered by every hash of the match (libs/audit chain/hash-chain.ts)
  const chainSalt = entropy.hex(32);
  const first = stamp({ type: 'MatchCreated', data: created }, createdAt);
  const genesis = chainEvent(GENESIS, { ...first, meta: { ...first.meta!, chainSalt } }, chainSalt);
  const stamped = incoming.map((event) => stamp(event, event.recordedAt));
  const opened = validateBatch(emptyMatch, [genesis]);
  if (!opened.ok) return opened;
  const sealed = sealAndChain(opened.state, stamped, { head: linkOf(genesis)!.hash, salt: chainSalt }, () => entropy.hex(16));
  if (!sealed.ok) return sealed;
  return { ok: true, events: [genesis, ...sealed.events] };
};
