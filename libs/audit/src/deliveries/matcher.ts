import { LedgerCard } from '../knowledge/ledger';

/** A card identity found in a string: a recorder card id, or a definition (naming every card that has it). */
export interface Identity {
  readonly kind: 'cardId' | 'definition';
  /** the card id or definition as recorded */
  readonly value: string;
  /** indices of the cards it identifies (in MatchCreated order): one for an id, every card with that definition */
  readonly cards: readonly number[];
}

interface Pattern extends Identity {
  /** lower case, what is searched for */
  readonly needle: string;
  readonly wordStart: boolean;
  readonly wordEnd: boolean;
}

const WORD = /[\p{L}\p{N}_]/u;
const isWord = (ch: string | undefined): boolean => ch !== undefined && WORD.test(ch);

/**
 * Finds card ids and definitions in strings, case-insensitively:
 * - a string that IS an id or a definition (the usual case: a view's `definition` field) matches it alone;
 * - otherwise every occurrence inside the string, at word boundaries (so "card-1" is not found in
 *   "card-10"), longest first: a definition found inside a longer one's occurrence ("Ariel" inside
 *   "Ariel - On Human Legs") is not a separate match, so it cannot be a false positive.
 * Results are cached per string: payloads repeat the same strings over and over.
 */
export class IdentityMatcher {
  private readonly exact = new Map<string, Pattern[]>();
  private readonly patterns: Pattern[];
  private readonly shortest: number;
  private readonly cache = new Map<string, readonly Identity[]>();

  constructor(cards: readonly LedgerCard[]) {
    const byNeedle = new Map<string, { kind: Identity['kind']; value: string; cards: number[] }>();
    const add = (kind: Identity['kind'], value: string, card: number) => {
      if (value.length === 0) return;
      const key = `${kind}\u0000${value.toLowerCase()}`;
      const found = byNeedle.get(key);
      if (found) found.cards.push(card);
      else byNeedle.set(key, { kind, value, cards: [card] });
    };
    cards.forEach((card, i) => {
      add('cardId', card.cardId, i);
      add('definition', card.definition, i);
    });
    this.patterns = [...byNeedle.values()]
      .map((p) => {
        const needle = p.value.toLowerCase();
        return { ...p, needle, wordStart: isWord(needle[0]), wordEnd: isWord(needle[needle.length - 1]) };
      })
      .sort((a, b) => b.needle.length - a.needle.length);
    for (const pattern of this.patterns) this.exact.set(pattern.needle, [...(this.exact.get(pattern.needle) ?? []), pattern]);
    this.shortest = this.patterns.length ? this.patterns[this.patterns.length - 1].needle.length : Infinity;
  }

  find(text: string): readonly Identity[] {
    let found = this.cache.get(text);
    if (found === undefined) {
      found = this.search(text);
      if (this.cache.size < 100_000) this.cache.set(text, found);
    }
    return found;
  }

  private search(text: string): readonly Identity[] {
    if (text.length < this.shortest) return [];
    const lower = text.toLowerCase();
    const whole = this.exact.get(lower);
    if (whole) return whole;
    const taken: [number, number][] = [];
    const found: Identity[] = [];
    for (const pattern of this.patterns) {
      if (pattern.needle.length > lower.length) continue;
      let matched = false;
      for (let at = lower.indexOf(pattern.needle); at >= 0; at = lower.indexOf(pattern.needle, at + 1)) {
        const end = at + pattern.needle.length;
        if (pattern.wordStart && isWord(lower[at - 1])) continue;
        if (pattern.wordEnd && isWord(lower[end])) continue;
        if (taken.some(([s, e]) => at < e && s < end)) continue;
        taken.push([at, end]);
        matched = true;
      }
      if (matched) found.push(pattern);
    }
    return found;
  }
}
