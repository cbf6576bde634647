import { MatchEvent } from '@matchlog/domain';
import { KnowledgeLedger, knowledgeLedger, publishedBy } from '../knowledge/ledger';

/** A card identity in an answer over many matches (a statistics answer) that no match of it let the audience know. */
export interface AggregateLeak {
  /** JSONPath-like, e.g. "$.cards[3].card" */
  readonly path: string;
  readonly kind: 'cardId' | 'definition';
  readonly value: string;
}

/**
 * The leak check of delivered payloads for an answer added up over many matches: a definition is named
 * rightly when at least one of the matches showed the audience a card of it, at any revision, or
 * disclosed it at the end (MatchEnded's shuffles); no card id is ever named. A definition none of the
 * matches holds is no card of theirs. Per-match readings are checked at their own revisions by the
 * self-audit; this checks what the answer as delivered names.
 */
export const checkAggregate = (matches: readonly (readonly MatchEvent[])[], audience: string, payload: unknown): AggregateLeak[] => {
  const known = new Set<string>();
  const held = new Set<string>();
  const cardIds = new Set<string>();
  for (const events of matches) {
    const ledger: KnowledgeLedger = knowledgeLedger(events);
    const index = new Map(ledger.cards.map((card, i) => [card.cardId, i]));
    ledger.cards.forEach((card, i) => {
      cardIds.add(card.cardId);
      if (card.definition === null) return;
      held.add(card.definition);
      if (publishedBy(ledger, audience, ledger.revision, i)) known.add(card.definition);
    });
    for (const interval of ledger.intervals) if (interval.audience === audience && index.has(interval.cardId)) known.add(interval.definition);
  }
  const leaks: AggregateLeak[] = [];
  const check = (value: string, path: string) => {
    if (cardIds.has(value)) leaks.push({ path, kind: 'cardId', value });
    else if (held.has(value) && !known.has(value)) leaks.push({ path, kind: 'definition', value });
  };
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') check(value, path);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        check(key, `${path} (key "${key}")`);
        walk(item, `${path}.${key}`);
      }
  };
  walk(payload, '$');
  return leaks;
};
