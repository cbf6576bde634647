import type { LorcanaCard } from './lorcana/lorcana-card';
import { editDistance } from './edit-distance';
import { nameKey, normaliseName } from './normalise';

/** What every game's card table holds of a printing: its id, its names, and where it was printed. */
export interface TableCard {
  readonly id: string;
  readonly name: string;
  readonly version?: string;
  /** `Name - Version`, or the name alone: the definition's name in a match */
  readonly definition: string;
  readonly set: string;
  readonly number: number;
}

/** What a name names in the table. */
export type NameLookup<C extends TableCard = LorcanaCard> =
  | {
      readonly status: 'found';
      /** `Name - Version` */
      readonly definition: string;
      /** how the text matched: the whole definition, or a name or a version alone that only one definition has */
      readonly matchedBy: 'definition' | 'name' | 'version';
      /** the definition's first printing */
      readonly card: C;
      /** every printing of the definition (reprints, enchanted, promos: the same printed facts), by set and number */
      readonly cards: readonly C[];
    }
  /** a name or a version alone that several definitions share (e.g. "Elsa") */
  | { readonly status: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly status: 'unknown'; readonly closest: readonly string[] };

/** Suggestions for an unknown name are computed on at most this many characters of it. */
const SUGGESTION_INPUT = 64;
const SUGGESTIONS = 5;

interface Definition<C extends TableCard> {
  readonly definition: string;
  readonly cards: C[];
  readonly full: string;
  readonly name: string;
  readonly version?: string;
  readonly words: readonly string[];
}

/** Code-unit order: stable across machines and locales, and quick. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Whether two words are the same but for a typo: equal, or one edit apart when both are long enough to tell. */
const sameWord = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 4 && Math.abs(a.length - b.length) <= 1 && editDistance(a, b) <= 1);

interface Suggestion {
  readonly definition: string;
  readonly words: number;
  readonly edits: number;
}

const ranked = (a: Suggestion, b: Suggestion) => b.words - a.words || a.edits - b.edits || byText(a.definition, b.definition);

const parts = (definition: Definition<TableCard>) =>
  definition.version === undefined ? [definition.full, definition.name] : [definition.full, definition.name, definition.version];

const edits = (normal: string, definition: Definition<TableCard>) => Math.min(...parts(definition).map((part) => editDistance(normal, part)));

/**
 * A lower bound of the edits from a text to a definition's parts, cheap to compute: the characters one has more of than
 * the other (each needs an edit), counted by UTF-16 code unit as editDistance compares them.
 */
const lowerBound = (normal: string, counts: Map<string, number>, definition: Definition<TableCard>) =>
  Math.min(
    ...parts(definition).map((part) => {
      const left = new Map<string, number>();
      let shared = 0;
      for (let i = 0; i < part.length; i++) {
        const char = part[i];
        const used = left.get(char) ?? 0;
        if (used < (counts.get(char) ?? 0)) shared++;
        left.set(char, used + 1);
      }
      return Math.max(normal.length - shared, part.length - shared);
    }),
  );

const countsOf = (text: string) => {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length; i++) counts.set(text[i], (counts.get(text[i]) ?? 0) + 1);
  return counts;
};

/** A table of one game's cards, looked up by id or by name. Pure: built once from its cards, never changed. */
export class CardTable<C extends TableCard = LorcanaCard> {
  private readonly byId = new Map<string, C>();
  private readonly definitions: Definition<C>[] = [];
  private readonly byFull = new Map<string, Definition<C>[]>();
  private readonly byPart = new Map<string, Definition<C>[]>();

  constructor(cards: readonly C[]) {
    const definitions = new Map<string, Definition<C>>();
    for (const card of cards) {
      this.byId.set(card.id, card);
      const known = definitions.get(card.definition);
      if (known) {
        known.cards.push(card);
        continue;
      }
      const full = normaliseName(card.definition);
      const definition: Definition<C> = {
        definition: card.definition,
        cards: [card],
        full,
        name: normaliseName(card.name),
        ...(card.version !== undefined && { version: normaliseName(card.version) }),
        words: full.split(' '),
      };
      definitions.set(card.definition, definition);
      this.definitions.push(definition);
      push(this.byFull, nameKey(full), definition);
      if (card.version === undefined) continue;
      push(this.byPart, nameKey(card.name), definition);
      if (nameKey(card.version) !== nameKey(card.name)) push(this.byPart, nameKey(card.version), definition);
    }
    for (const definition of this.definitions) definition.cards.sort((a, b) => byText(a.set, b.set) || a.number - b.number);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The card of a short id, or undefined. */
  byShortId(id: string): C | undefined {
    return this.byId.get(id);
  }

  /**
   * The definition a text names: its whole `Name - Version` first (case, accents, punctuation, dashes, spaces,
   * zero-width and fullwidth characters ignored: see nameKey); else a name or a version alone, found when only one
   * definition has it and ambiguous when several do; else unknown, with the closest names (at most `suggestions`).
   */
  byName(text: string, suggestions = SUGGESTIONS): NameLookup<C> {
    const key = nameKey(text);
    if (key !== '') {
      const full = this.byFull.get(key);
      if (full) return full.length === 1 ? this.found(full[0], 'definition') : this.ambiguous(full);
      const part = this.byPart.get(key);
      if (part) return part.length === 1 ? this.found(part[0], nameKey(part[0].name) === key ? 'name' : 'version') : this.ambiguous(part);
    }
    return { status: 'unknown', closest: this.closest(text, suggestions) };
  }

  /**
   * Up to n definition names closest to a text, best first: most of its words found in the name (a typo of one letter
   * allowed in a word of four letters or more), then fewest edits to the whole name, its name or its version alone.
   */
  closest(text: string, n: number): string[] {
    const normal = normaliseName(text).slice(0, SUGGESTION_INPUT).trim();
    if (normal === '' || n <= 0) return [];
    const words = normal.split(' ').filter((word) => word.length >= 3);
    const byWords = this.definitions
      .map((definition) => ({ definition, words: words.filter((word) => definition.words.some((other) => sameWord(word, other))).length }))
      .sort((a, b) => b.words - a.words);
    const counts = countsOf(normal);
    const best: Suggestion[] = [];
    for (const { definition, words } of byWords) {
      const last = best.length >= n ? best[best.length - 1] : undefined;
      if (last && words < last.words) break;
      if (last && lowerBound(normal, counts, definition) > last.edits) continue;
      const suggestion = { definition: definition.definition, words, edits: edits(normal, definition) };
      best.splice(best.filter((kept) => ranked(kept, suggestion) <= 0).length, 0, suggestion);
      best.length = Math.min(best.length, n);
    }
    return best.map(({ definition }) => definition);
  }

  private found(definition: Definition<C>, matchedBy: 'definition' | 'name' | 'version'): NameLookup<C> {
    return { status: 'found', definition: definition.definition, matchedBy, card: definition.cards[0], cards: [...definition.cards] };
  }

  private ambiguous(definitions: readonly Definition<C>[]): NameLookup<C> {
    return { status: 'ambiguous', candidates: definitions.map(({ definition }) => definition).sort(byText) };
  }
}
