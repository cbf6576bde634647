import { CardState, GameId, JUDGE, MatchEvent, MatchLayout, MatchState, Move, Perception, cite, emptyMatch, evolve, observe, audiencesOf, standsFor } from '@matchlog/domain';
import { losesControlOfFaceDown, receivesDeckLists } from '@matchlog/domain';

/** How an audience came to identify a card. */
export type LearnedHow =
  /** it lay in the audience's own private zone (a hand; Grand Archive: its own face-down cards it may look at) */
  | 'own-zone'
  /** it lay face up in a public zone (Lorcana 7.1.2) */
  | 'public-zone'
  /** the audience drew it: from a deck into its own hand */
  | 'drew'
  /** the audience looked at it (CardsLookedAt), by the effect of `source` if one was named */
  | 'looked-at'
  /** it was revealed to the audience (CardsRevealed; to everyone, or to `to`) */
  | 'revealed'
  /** the audience found it by a search (SearchPerformed) */
  | 'found'
  /** Grand Archive: the audience took control of the face-down card and so may look at it */
  | 'gained-control';

/** Why an audience could no longer identify a card. */
export type LostWhy =
  /** the zone was shuffled: every card of it got a new handle */
  | 'shuffle'
  /** cards were put face down, together, into an ordered zone in an order this audience could not see */
  | 'unseen-order'
  /** a zone rule: the card entered a zone nobody may look at, not even its owner (Lorcana inkwell 7.5.4) */
  | 'zone-rule'
  /** the card was turned face down in a public zone (Lorcana 7.4.2.1) */
  | 'face-down'
  /** Grand Archive: control of the face-down card changed; its owner and former controller may no longer look at it */
  | 'control-change'
  /**
   * a card left an unordered zone the audience could not look into (a hand, the inkwell, face down in
   * play), which its owner arranges freely: it can no longer tell which of the cards there it knew
   */
  | 'unseen-departure'
  /** any other move the audience could not follow */
  | 'hidden-move';

export interface CardRef {
  readonly cardId: string;
  /** null: nobody has identified the card (a paper match), so no audience knows it */
  readonly definition: string | null;
}

interface At {
  /** the revision the event brought the match to: the audience knows the card from (learned) or no longer at (lost) this revision */
  readonly revision: number;
  readonly eventId: string;
  readonly eventType: MatchEvent['type'];
  /** the zone key where the card lay once the event had happened, e.g. "hand@p1" */
  readonly zone: string;
}

export interface Learned extends At {
  readonly how: LearnedHow;
  /** for moves: the zone key the card came from */
  readonly from?: string;
  /** the card whose effect made the look or the move */
  readonly source?: CardRef;
  /** CardsRevealed: the players it was revealed to; absent when revealed to everyone */
  readonly to?: readonly string[];
  /** the move's or search's free text (reason, criteria), as recorded */
  readonly reason?: string;
}

export interface Lost extends At {
  readonly why: LostWhy;
  /** the rule that made the audience lose track, e.g. "lorcana 7.5.4" */
  readonly rule?: string;
}

/** One stretch of revisions during which one audience could identify one card: [learned.revision, lost.revision). */
export interface KnowledgeInterval {
  readonly audience: string;
  readonly cardId: string;
  readonly definition: string;
  readonly learned: Learned;
  /** null while the audience still knows the card at the ledger's last revision */
  readonly lost: Lost | null;
}

export interface LedgerCard extends CardRef {
  readonly owner: string | null;
}

/**
 * Who could identify which card when, and how they learned and lost it: the domain's own perception
 * (observe), folded once over the match. JSON-serialisable. Judge-only: it holds card ids and definitions.
 */
export interface KnowledgeLedger {
  readonly game: GameId | null;
  readonly players: readonly string[];
  /** every non-judge audience of the match (audiencesOf): the players, then "public", then "broadcast" (what the players together know) where the match has one */
  readonly audiences: readonly string[];
  /** the number of events folded */
  readonly revision: number;
  /** in MatchCreated order */
  readonly cards: readonly LedgerCard[];
  /** ordered by learned revision, then audience, then card */
  readonly intervals: readonly KnowledgeInterval[];
  /**
   * MatchEnded discloses every shuffle's order to the players (the fair-shuffle check), and to
   * spectators only when the match has publicDeckLists (observe decides it: receivesDeckLists): from
   * that revision on, the cards of those orders (card indices, as in `cards`) are declassified for
   * those `audiences`.
   */
  readonly published: { readonly revision: number; readonly cards: readonly number[]; readonly audiences: readonly string[] } | null;
}

/** Whether the audience may name this card at this revision because the match's end disclosed it to that audience. */
export const publishedBy = (ledger: KnowledgeLedger, audience: string, revision: number, card: number): boolean =>
  ledger.published !== null && revision >= ledger.published.revision && ledger.published.audiences.includes(audience) && ledger.published.cards.includes(card);

const PERCEPTION_UNCHANGED: ReadonlySet<MatchEvent['type']> = new Set([
  'TurnStarted',
  'EffectStarted',
  'EffectResolved',
  'TriggerAdded',
  'TriggerResolved',
  'TriggerRemoved',
  'PlayerLeft',
  'MatchEnded',
]);

export const knowledgeLedger = (events: readonly MatchEvent[]): KnowledgeLedger => {
  let state: MatchState = emptyMatch;
  let layout: MatchLayout | null = null;
  let audiences: string[] = [];
  let perceptions: Perception[] = [];
  const intervals: { -readonly [K in keyof KnowledgeInterval]: KnowledgeInterval[K] }[] = [];
  /** open[a][card]: index into intervals of the audience's open interval for that card, or -1 */
  let open: number[][] = [];
  let published: KnowledgeLedger['published'] = null;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const after = evolve(state, event);
    const revision = i + 1;
    if (layout === null) {
      if (after.layout !== null) {
        layout = after.layout;
        // the match's own audiences (audiencesOf: the broadcast only where the match has one), the players first
        const others = audiencesOf(layout).filter((audience) => audience !== JUDGE);
        audiences = [...others.filter((audience) => layout!.playerIds.includes(audience)), ...others.filter((audience) => !layout!.playerIds.includes(audience))];
        perceptions = audiences.map((audience) => ({ audience, handles: [], known: [], next: 1 }));
        open = audiences.map(() => new Array(layout!.cardIds.length).fill(-1));
      } else {
        state = after;
        continue;
      }
    }
    if (event.type === 'MatchEnded' && after.shuffles.length > 0) {
      const told = audiences.filter((audience) => receivesDeckLists(layout!, audience));
      if (told.length > 0) published = { revision, cards: [...new Set(after.shuffles.flatMap((s) => s.cards))], audiences: told };
    }
    // observe changes no perception for these (it answers them `unchanged`): skip building their observations
    if (PERCEPTION_UNCHANGED.has(event.type)) {
      state = after;
      continue;
    }
    const renamed = namesCards(event);
    for (let a = 0; a < audiences.length; a++) {
      const before = perceptions[a];
      const next = observe({ match: state, perception: before }, event, after).perception;
      perceptions[a] = next;
      if (next.known === before.known && !renamed) continue;
      const opened = open[a];
      for (let card = 0; card < next.known.length; card++) {
        // a card nobody identified is known to no one, whoever may look at it (a paper hand)
        const knows = next.known[card] === true && after.cards[card].definition !== null;
        if (knows === (before.known[card] === true && state.cards[card].definition !== null)) continue;
        const at = { revision, eventId: event.id, eventType: event.type, zone: layout.zones[after.cards[card].zone].key };
        if (knows) {
          opened[card] = intervals.length;
          const { cardId, definition } = after.cards[card];
          // knows: the card has a definition
          intervals.push({
            audience: audiences[a],
            cardId,
            definition: definition!,
            learned: { ...at, ...learnedHow(event, state, after, layout, card, audiences[a]) },
            lost: null,
          });
        } else if (opened[card] >= 0) {
          intervals[opened[card]].lost = { ...at, ...lostWhy(event, state, after, layout, card, audiences[a], before, next) };
          opened[card] = -1;
        }
      }
    }
    state = after;
  }
  return {
    game: layout?.ruleset.game ?? null,
    players: layout ? [...layout.playerIds] : [],
    audiences,
    revision: events.length,
    cards: layout ? state.cards.map(({ cardId, definition, owner }) => ({ cardId, definition, owner })) : [],
    intervals,
    published,
  };
};

const cardRef = (state: MatchState, layout: MatchLayout, cardId: string | undefined): CardRef | undefined => {
  const index = cardId === undefined ? undefined : layout.cardIndex.get(cardId);
  return index === undefined ? undefined : { cardId: state.cards[index].cardId, definition: state.cards[index].definition };
};

const byZone = (layout: MatchLayout, card: CardState): LearnedHow => (layout.zones[card.zone].definition.visibility === 'public' && !card.faceDown ? 'public-zone' : 'own-zone');

const moveOf = (event: MatchEvent, cardId: string): Move | undefined =>
  event.type === 'CardMoved' ? event.data : event.type === 'CardsMoved' ? event.data.moves.find((m) => m.cardId === cardId) : undefined;

const learnedHow = (event: MatchEvent, before: MatchState, after: MatchState, layout: MatchLayout, card: number, audience: string) => {
  const now = after.cards[card];
  switch (event.type) {
    case 'CardsRevealed':
      return { how: 'revealed' as const, ...(event.data.to && { to: [...event.data.to] }) };
    case 'CardsLookedAt': {
      const source = cardRef(after, layout, event.data.source);
      return { how: 'looked-at' as const, ...(source && { source }) };
    }
    case 'SearchPerformed':
      return { how: 'found' as const, ...(event.data.criteria !== undefined && { reason: event.data.criteria }) };
    case 'ControlChanged':
      return { how: 'gained-control' as const };
    case 'CardMoved':
    case 'CardsMoved': {
      const move = moveOf(event, now.cardId);
      const fromZone = before.layout === null ? undefined : layout.zones[before.cards[card].zone];
      const toZone = layout.zones[now.zone];
      const drew =
        fromZone !== undefined &&
        fromZone.definition.visibility === 'hidden' &&
        fromZone.definition.ordered &&
        standsFor(layout.playerIds, audience, toZone.player) &&
        toZone.definition.name === layout.ruleset.handZone;
      const source = cardRef(after, layout, move?.source);
      return {
        how: drew ? ('drew' as const) : byZone(layout, now),
        ...(fromZone && { from: fromZone.key }),
        ...(source && { source }),
        ...(move?.reason !== undefined && { reason: move.reason }),
      };
    }
    default:
      return { how: byZone(layout, now) };
  }
};

const lostWhy = (
  event: MatchEvent,
  before: MatchState,
  after: MatchState,
  layout: MatchLayout,
  card: number,
  audience: string,
  perceptionBefore: Perception,
  perceptionAfter: Perception,
): { why: LostWhy; rule?: string } => {
  const { ruleset } = layout;
  const now = after.cards[card];
  const zone = layout.zones[now.zone].definition;
  const faceDown = { why: 'face-down' as const, rule: ruleset.game === 'lorcana' ? cite(ruleset, '7.4.2.1') : cite(ruleset, zone.rule) };
  const controlChange = { why: 'control-change' as const, rule: cite(ruleset, 'Game Zones - Public vs Private Information') };
  switch (event.type) {
    case 'ZoneShuffled':
      return { why: 'shuffle' };
    case 'CardMoved':
    case 'CardsMoved': {
      const from = layout.zones[before.cards[card].zone];
      const moved = moveOf(event, now.cardId) !== undefined;
      if (!moved || (perceptionAfter.handles[card] !== perceptionBefore.handles[card] && !from.definition.ordered)) {
        return { why: 'unseen-departure', rule: cite(ruleset, from.definition.rule) };
      }
      if (perceptionAfter.handles[card] !== perceptionBefore.handles[card]) {
        return { why: 'unseen-order', ...(ruleset.game === 'lorcana' && { rule: cite(ruleset, '7.2.3') }) };
      }
      if (zone.anonymous) return { why: 'zone-rule', rule: cite(ruleset, zone.rule) };
      if (zone.visibility === 'public' && now.faceDown) return faceDown;
      return { why: 'hidden-move' };
    }
    case 'ControlChanged':
      return controlChange;
    case 'CardStatusChanged':
      return losesControlOfFaceDown(layout, now, before.cards[card], audience) ? controlChange : faceDown;
    default:
      return { why: 'hidden-move' };
  }
};

/** Whether the event gives or takes back a name (a paper match): a move's definition, a reveal's, a shuffle without an order. */
const namesCards = (event: MatchEvent): boolean => {
  switch (event.type) {
    case 'CardMoved':
      return event.data.definition !== undefined;
    case 'CardsMoved':
      return event.data.moves.some((move) => move.definition !== undefined);
    case 'CardsRevealed':
      return event.data.definitions !== undefined;
    case 'ZoneShuffled':
      return event.data.order === undefined;
    default:
      return false;
  }
};
