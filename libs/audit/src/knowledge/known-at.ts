import { KnowledgeLedger } from './ledger';

interface Transition {
  readonly revision: number;
  readonly card: number;
  readonly knows: boolean;
  /** the card's name in this interval: a paper match's card may be named, shuffled away unnamed, and named again */
  readonly definition: string;
}

/**
 * What one audience can identify at a revision, from the ledger, moved forward transition by
 * transition (and rebuilt from the start when asked for an earlier revision): per card, and per
 * definition how many cards with it the audience can identify (duplicates in decks are normal).
 */
export class KnownCursor {
  private readonly transitions: Transition[];
  private readonly known: boolean[];
  private readonly definitions = new Map<string, number>();
  private at = 0;
  private next = 0;
  /** the revisions at which this audience lost track of some card */
  readonly losses: ReadonlySet<number>;

  constructor(
    ledger: KnowledgeLedger,
    readonly audience: string,
  ) {
    const index = new Map(ledger.cards.map((card, i) => [card.cardId, i]));
    this.known = new Array(ledger.cards.length).fill(false);
    const transitions: Transition[] = [];
    const losses = new Set<number>();
    for (const interval of ledger.intervals) {
      if (interval.audience !== audience) continue;
      const card = index.get(interval.cardId)!;
      const { definition } = interval;
      transitions.push({ revision: interval.learned.revision, card, knows: true, definition });
      if (interval.lost) {
        transitions.push({ revision: interval.lost.revision, card, knows: false, definition });
        losses.add(interval.lost.revision);
      }
    }
    // losses first within a revision: a card is learned and lost at most once per event anyway
    this.transitions = transitions.sort((a, b) => a.revision - b.revision || Number(a.knows) - Number(b.knows));
    this.losses = losses;
  }

  /** Moves to `revision`; cheap when going forward. */
  seek(revision: number): this {
    if (revision < this.at) {
      this.known.fill(false);
      this.definitions.clear();
      this.next = 0;
    }
    while (this.next < this.transitions.length && this.transitions[this.next].revision <= revision) {
      const { card, knows, definition } = this.transitions[this.next++];
      if (this.known[card] === knows) continue;
      this.known[card] = knows;
      this.definitions.set(definition, (this.definitions.get(definition) ?? 0) + (knows ? 1 : -1));
    }
    this.at = revision;
    return this;
  }

  knowsCard(card: number): boolean {
    return this.known[card];
  }

  /** whether the audience can identify some card with this definition */
  knowsDefinition(definition: string): boolean {
    return (this.definitions.get(definition) ?? 0) > 0;
  }
}
