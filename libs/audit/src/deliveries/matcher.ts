import { normaliseName } from '@matchlog/cards';
import { MatchEvent } from '@matchlog/domain';
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

/** A name part (a short name or a subtitle) shorter than this is not searched alone: too many words are that short. */
const MIN_PART = 3;

/**
 * The normalised needles a definition is written with in free text: its whole name; its short name (before " - ") and
 * its subtitle (after it), each only where no other definition of the match has that part or that name
 * ("Lyle Tiberius Rourke" alone names the Rourke of a match with one Rourke; "Elsa" names none of a match with two Elsas),
 * and not in a name every audience reads from the start (a player called "Goofy" names no Goofy card).
 */
const spellings = (definitions: readonly string[], publicNames: readonly string[]): Map<string, string> => {
  const needles = new Map<string, string>();
  for (const definition of definitions) {
    const whole = normaliseName(definition);
    if (whole !== '' && !needles.has(whole)) needles.set(whole, definition);
  }
  const parts = new Map<string, Set<string>>();
  for (const definition of definitions) {
    const dash = definition.indexOf(' - ');
    if (dash < 0) continue;
    for (const part of [definition.slice(0, dash), definition.slice(dash + 3)].map(normaliseName)) {
      if (part.length >= MIN_PART) parts.set(part, (parts.get(part) ?? new Set<string>()).add(definition));
    }
  }
  const everyoneReads = publicNames.map((name) => ` ${normaliseName(name)} `);
  const inPublicName = (part: string) => everyoneReads.some((name) => name.includes(` ${part} `));
  for (const [part, named] of parts) if (named.size === 1 && !needles.has(part) && !inPublicName(part)) needles.set(part, [...named][0]);
  return needles;
};

/** The names MatchCreated gives every audience: the players' names and the event's. */
export const publicNamesOf = (events: readonly MatchEvent[]): string[] => {
  const first = events[0];
  if (first?.type !== 'MatchCreated') return [];
  const names = first.data.players.flatMap((seat) => (typeof seat.name === 'string' ? [seat.name] : []));
  return typeof first.data.tournament?.event === 'string' ? [...names, first.data.tournament.event] : names;
};

interface Spelling {
  readonly needle: string;
  readonly identity: Identity;
}

/**
 * Finds card ids and definitions in strings, case-insensitively:
 * - a string that IS an id or a definition (the usual case: a view's `definition` field) matches it alone;
 * - otherwise every occurrence inside the string, at word boundaries (so "card-1" is not found in
 *   "card-10"), longest first: a definition found inside a longer one's occurrence ("Ariel" inside
 *   "Ariel - On Human Legs") is not a separate match, so it cannot be a false positive;
 * - and definitions however free text spells them (see searchSpelled): "a ruling on Lyle  Tiberius Rourke". A heuristic:
 *   it finds the names a match's cards are written with, not every way to describe a card.
 * Results are cached per string: payloads repeat the same strings over and over.
 */
export class IdentityMatcher {
  private readonly exact = new Map<string, Pattern[]>();
  private readonly patterns: Pattern[];
  private readonly shortest: number;
  private readonly cache = new Map<string, readonly Identity[]>();
  /** definitions, their unique short names and subtitles, normalised (see spellings): longest first */
  private readonly spellings: Spelling[];

  /** publicNames: what every audience reads anyway (see publicNamesOf): a short name or subtitle in them is not searched alone */
  constructor(cards: readonly LedgerCard[], publicNames: readonly string[] = []) {
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
      if (card.definition !== null) add('definition', card.definition, i);
    });
    this.patterns = [...byNeedle.values()]
      .map((p) => {
        const needle = p.value.toLowerCase();
        return { ...p, needle, wordStart: isWord(needle[0]), wordEnd: isWord(needle[needle.length - 1]) };
      })
      .sort((a, b) => b.needle.length - a.needle.length);
    for (const pattern of this.patterns) this.exact.set(pattern.needle, [...(this.exact.get(pattern.needle) ?? []), pattern]);
    const definitions = new Map(this.patterns.filter((p) => p.kind === 'definition').map((p) => [p.value, p]));
    this.spellings = [...spellings([...definitions.keys()], publicNames)]
      .map(([needle, definition]) => ({ needle, identity: definitions.get(definition)! }))
      .sort((a, b) => b.needle.length - a.needle.length);
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

  /** What the text names as written (see search), and what it names once normalised (see searchSpelled). */
  private search(text: string): readonly Identity[] {
    const written = this.searchWritten(text);
    const spelled = this.searchSpelled(text).filter((identity) => !written.includes(identity));
    return spelled.length === 0 ? written : [...written, ...spelled];
  }

  /**
   * Definitions in free text however it is spelled: normalised as card names are (normaliseName: NFKC, case, accents,
   * dashes, zero-width characters and runs of spaces or punctuation), whole words only ("stitch" is not in "stitches"),
   * longest first, by whole name, or by short name or subtitle where the match has it once (see spellings).
   */
  private searchSpelled(text: string): readonly Identity[] {
    if (this.spellings.length === 0) return [];
    const normal = ` ${normaliseName(text)} `;
    const taken: [number, number][] = [];
    const found: Identity[] = [];
    for (const { needle, identity } of this.spellings) {
      const padded = ` ${needle} `;
      for (let at = normal.indexOf(padded); at >= 0; at = normal.indexOf(padded, at + 1)) {
        const end = at + padded.length;
        if (taken.some(([s, e]) => at + 1 < e - 1 && s + 1 < end - 1)) continue;
        taken.push([at, end]);
        if (!found.includes(identity)) found.push(identity);
      }
    }
    return found;
  }

  private searchWritten(text: string): readonly Identity[] {
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
