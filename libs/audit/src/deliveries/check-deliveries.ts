import { JUDGE, MatchEvent } from '@matchlog/domain';
import { AuditInputError, isRevision } from '../knowledge/errors';
import { KnownCursor } from '../knowledge/known-at';
import { KnowledgeLedger, knowledgeLedger, publishedBy } from '../knowledge/ledger';
import { IdentityMatcher, publicNamesOf } from './matcher';
import { Found, PayloadTooDeep, scanPayload } from './scan';

/** What was actually sent to someone: a broadcast overlay's feed entry, a client's captured message, a replay file. */
export interface Delivery {
  /** a player id, "public" or "judge" */
  readonly audience: string;
  /** the revision the payload was sent at (0..number of events) */
  readonly revision: number;
  /** any JSON */
  readonly payload: unknown;
}

/** A card identity in a delivered payload that its audience could not know at that revision. */
export interface Leak {
  /** index of the delivery in the list given */
  readonly delivery: number;
  readonly audience: string;
  readonly revision: number;
  /** JSONPath-like path inside the payload, e.g. "$.players[1].hand[0].name" */
  readonly path: string;
  readonly kind: 'cardId' | 'definition';
  /** the card id or definition found, as recorded */
  readonly value: string;
  /** the card it identifies (for a definition shared by several unknown cards: the first of them) */
  readonly cardId: string;
  readonly message: string;
}

/** A malformed delivery list: `path` names the field, e.g. "deliveries[2].revision". */
export class DeliveryError extends AuditInputError {
  constructor(path: string, message: string) {
    super('INVALID_DELIVERY', path, message);
    this.name = 'DeliveryError';
  }
}

const describe = (found: Found, audience: string, revision: number): string => {
  const where = `${found.inKey ? 'an object key at' : ''} ${found.path}`.trim();
  if (found.kind === 'cardId') return `${where} holds the recorder card id "${found.value}": no audience but the judge may receive card ids (${audience}, revision ${revision})`;
  const others = found.cards.length > 1 ? ` (or one of the ${found.cards.length} cards with that definition, none of which it could identify)` : '';
  return `${where} names "${found.value}", card ${found.cardId}${others}, which ${audience} could not identify at revision ${revision}`;
};

/** Throws DeliveryError unless `deliveries` is a list of { audience, revision, payload } this match can answer. */
const validated = (events: readonly MatchEvent[], deliveries: unknown, audiences: ReadonlySet<string>): Delivery[] => {
  if (!Array.isArray(deliveries)) throw new DeliveryError('deliveries', 'deliveries must be an array of { audience, revision, payload }');
  return deliveries.map((delivery: unknown, i) => {
    const at = `deliveries[${i}]`;
    if (delivery === null || typeof delivery !== 'object' || Array.isArray(delivery)) throw new DeliveryError(at, `${at} must be an object { audience, revision, payload }`);
    const { audience, revision, payload } = delivery as Record<string, unknown>;
    if (typeof audience !== 'string' || !audiences.has(audience)) {
      throw new DeliveryError(`${at}.audience`, `${at}.audience must be one of ${[...audiences].join(', ')}; got ${JSON.stringify(audience) ?? 'nothing'}`);
    }
    if (!isRevision(revision, events.length)) {
      throw new DeliveryError(`${at}.revision`, `${at}.revision must be an integer from 0 to ${events.length}; got ${JSON.stringify(revision) ?? 'nothing'}`);
    }
    if (payload === undefined) throw new DeliveryError(`${at}.payload`, `${at}.payload is required (any JSON)`);
    return { audience, revision, payload };
  });
};

/**
 * Every card identity in the delivered payloads that the audience could not know at that revision:
 * any recorder card id (as a string value or an object key), and any definition no card of which the
 * audience could identify then (a duplicate it does know makes it no leak). The judge never leaks.
 * Pass the ledger of these events when you have it. Throws DeliveryError for malformed input.
 */
export const checkDeliveries = (events: readonly MatchEvent[], deliveries: readonly Delivery[], ledger: KnowledgeLedger = knowledgeLedger(events)): Leak[] => {
  const audiences = new Set([...ledger.audiences, 'public', JUDGE]);
  const list = validated(events, deliveries, audiences);
  const matcher = new IdentityMatcher(ledger.cards, publicNamesOf(events));
  const cardIds = ledger.cards.map((card) => card.cardId);
  const leaks: Leak[][] = list.map(() => []);
  const byAudience = new Map<string, number[]>();
  list.forEach((d, i) => {
    if (d.audience !== JUDGE) byAudience.set(d.audience, [...(byAudience.get(d.audience) ?? []), i]);
  });
  for (const [audience, indices] of byAudience) {
    const cursor = new KnownCursor(ledger, audience);
    for (const i of indices.sort((a, b) => list[a].revision - list[b].revision || a - b)) {
      const { revision, payload } = list[i];
      cursor.seek(revision);
      try {
        scanPayload(
          payload,
          '$',
          matcher,
          (card) => cursor.knowsCard(card) || publishedBy(ledger, audience, revision, card),
          cardIds,
          (found) =>
            leaks[i].push({
              delivery: i,
              audience,
              revision,
              path: found.path,
              kind: found.kind,
              value: found.value,
              cardId: found.cardId,
              message: describe(found, audience, revision),
            }),
        );
      } catch (error) {
        if (error instanceof PayloadTooDeep) throw new DeliveryError(`deliveries[${i}].payload`, `deliveries[${i}].${error.message}`);
        throw error;
      }
    }
  }
  return leaks.flat();
};
