import { GameId, MatchEvent, MatchState, emptyMatch, evolve } from '@matchlog/domain';
import { AuditInputError, isRevision } from './errors';
import { KnowledgeInterval, KnowledgeLedger, Learned, knowledgeLedger } from './ledger';

/** An audience that can identify a card at the report's revision, and since when and how. */
export interface KnownBy extends Learned {
  readonly audience: string;
}

export interface CardKnowledge {
  readonly cardId: string;
  /** null: nobody has identified it (a paper match) */
  readonly definition: string | null;
  readonly owner: string | null;
  /** zone key where the card lies, e.g. "deck@p1" */
  readonly zone: string;
  /** in an ordered zone, its position (0 = top); null elsewhere */
  readonly position: number | null;
  readonly faceDown: boolean;
  /** the non-judge audiences that can identify it now */
  readonly knownTo: readonly string[];
  readonly knownBy: readonly KnownBy[];
  /** every interval of this card up to the revision; one still open then has `lost: null` */
  readonly history: readonly KnowledgeInterval[];
}

export interface DeckPosition {
  /** 0 = top */
  readonly position: number;
  readonly cardId: string;
  readonly definition: string | null;
  readonly knownTo: readonly string[];
  /** known to no audience: still random */
  readonly random: boolean;
  readonly knownBy: readonly KnownBy[];
}

/** An ordered hidden zone (a deck): per position, who knows the card there, and which positions are still random. */
export interface DeckKnowledge {
  readonly zone: string;
  readonly player: string | null;
  readonly count: number;
  readonly positions: readonly DeckPosition[];
  /** positions known to no audience */
  readonly random: readonly number[];
  /** per audience, the positions it knows */
  readonly knownPositions: Readonly<Record<string, readonly number[]>>;
}

/** Who can identify what at one revision: served to judges at GET /matches/:id/knowledge?at=N. JSON-serialisable. */
export interface KnowledgeReport {
  readonly revision: number;
  /** the event that brought the match to this revision; null at revision 0 */
  readonly eventId: string | null;
  readonly game: GameId | null;
  readonly players: readonly string[];
  readonly audiences: readonly string[];
  /** in MatchCreated order */
  readonly cards: readonly CardKnowledge[];
  /** every ordered hidden zone (decks), in zone order */
  readonly decks: readonly DeckKnowledge[];
}

/** The interval as it stood at `revision`: a loss after it is not yet known then. */
const asOf = (interval: KnowledgeInterval, revision: number): KnowledgeInterval =>
  interval.lost !== null && interval.lost.revision > revision ? { ...interval, lost: null } : interval;

/**
 * The knowledge report at `revision` (0..events.length). Pass the ledger when you have it
 * (it must be the ledger of these events); throws AuditInputError (path "at") for a bad revision.
 */
export const knowledgeAt = (events: readonly MatchEvent[], revision: number, ledger: KnowledgeLedger = knowledgeLedger(events)): KnowledgeReport => {
  if (!isRevision(revision, events.length)) {
    throw new AuditInputError('INVALID_REVISION', 'at', `at must be an integer revision from 0 to ${events.length}, got ${JSON.stringify(revision)}`);
  }
  let state: MatchState = emptyMatch;
  for (let i = 0; i < revision; i++) state = evolve(state, events[i]);
  const base = { revision, eventId: revision > 0 ? events[revision - 1].id : null };
  const layout = state.layout;
  if (layout === null) return { ...base, game: null, players: [], audiences: [], cards: [], decks: [] };

  const historyOf = new Map<string, KnowledgeInterval[]>();
  const knownByOf = new Map<string, KnownBy[]>();
  for (const interval of ledger.intervals) {
    if (interval.learned.revision > revision) continue;
    const now = asOf(interval, revision);
    historyOf.set(now.cardId, [...(historyOf.get(now.cardId) ?? []), now]);
    if (now.lost === null) knownByOf.set(now.cardId, [...(knownByOf.get(now.cardId) ?? []), { audience: now.audience, ...now.learned }]);
  }
  const order = new Map(ledger.audiences.map((audience, i) => [audience, i]));
  const knownBy = (cardId: string) => (knownByOf.get(cardId) ?? []).sort((a, b) => order.get(a.audience)! - order.get(b.audience)!);

  const cards: CardKnowledge[] = state.cards.map((card, index) => {
    const zone = layout.zones[card.zone];
    const by = knownBy(card.cardId);
    return {
      cardId: card.cardId,
      definition: card.definition,
      owner: card.owner,
      zone: zone.key,
      position: zone.definition.ordered ? state.zones[card.zone].indexOf(index) : null,
      faceDown: card.faceDown,
      knownTo: by.map((k) => k.audience),
      knownBy: by,
      history: historyOf.get(card.cardId) ?? [],
    };
  });

  const decks: DeckKnowledge[] = [];
  layout.zones.forEach((zone, z) => {
    if (!zone.definition.ordered || zone.definition.visibility !== 'hidden') return;
    const positions = state.zones[z].map((card, position): DeckPosition => {
      const { cardId, definition, knownTo, knownBy: by } = cards[card];
      return { position, cardId, definition, knownTo, random: knownTo.length === 0, knownBy: by };
    });
    const knownPositions: Record<string, number[]> = {};
    for (const audience of ledger.audiences) knownPositions[audience] = positions.filter((p) => p.knownTo.includes(audience)).map((p) => p.position);
    decks.push({ zone: zone.key, player: zone.player, count: positions.length, positions, random: positions.filter((p) => p.random).map((p) => p.position), knownPositions });
  });

  return { ...base, game: layout.ruleset.game, players: ledger.players, audiences: ledger.audiences, cards, decks };
};
