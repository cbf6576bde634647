import { DeckList, MatchEnded, MatchVoided, PlayerSeat, PrintedFacts, Tournament } from '../events/events';
import { printedOf } from '../state/identity';
import { QueueView, queueView } from '../queue/queue-view';
import { GameId } from '../rules/ruleset';
import { CardState, MatchState } from '../state/match-state';
import { PlayerCounters } from '../state/counters';
import { TimeState } from '../state/time';
import { DeskState } from '../state/desk';
import { ZoneView } from './audience-view';

export interface JudgeCard {
  readonly cardId: string;
  /** absent: nobody has identified the card (a paper match), so the judge does not know it either */
  readonly definition?: string;
  readonly printed?: PrintedFacts;
  readonly owner: string | null;
  readonly controller: string | null;
  readonly faceDown: boolean;
  readonly exerted: boolean;
  readonly damage: number;
  readonly counters: Readonly<Record<string, number>>;
  /** how many times the card has become a new object (Lorcana 7.1.6) */
  readonly object: number;
}

export interface JudgeSource {
  readonly cardId: string;
  readonly definition?: string;
}

export interface JudgeView {
  readonly audience: 'judge';
  readonly revision: number;
  readonly game: GameId | null;
  readonly players: readonly PlayerSeat[];
  readonly tournament?: Tournament;
  /** a paper match's registered deck lists (MatchCreated.lists) */
  readonly lists?: readonly DeckList[];
  readonly turn: { readonly player: string | null; readonly number: number };
  readonly zones: Readonly<Record<string, ZoneView<JudgeCard>>>;
  readonly queue: QueueView<JudgeSource> | null;
  readonly departed: readonly string[];
  readonly ended: MatchEnded | null;
  readonly voided: MatchVoided | null;
  readonly counters: PlayerCounters;
  readonly time: TimeState;
  /** the judge's desk: every call with its status and reason, every ruling with its text, every note; absent while empty */
  readonly desk?: DeskState;
}

const judgeCard = ({ cardId, definition, owner, controller, faceDown, exerted, damage, counters, object }: CardState, printed: PrintedFacts | undefined): JudgeCard => ({
  cardId,
  ...(definition !== null && { definition }),
  ...(printed !== undefined && { printed }),
  owner,
  controller,
  faceDown,
  exerted,
  damage,
  counters,
  object,
});

const hasDesk = (desk: DeskState): boolean => desk.calls.length > 0 || desk.rulings.length > 0 || desk.notes.length > 0;

/** The judge sees everything: the view is the whole state. */
export const judgeView = (state: MatchState): JudgeView => {
  const { layout } = state;
  const base = {
    audience: 'judge' as const,
    revision: state.revision,
    turn: state.turn,
    departed: state.departed,
    ended: state.ended,
    voided: state.voided,
    counters: state.counters,
    time: state.time,
    ...(hasDesk(state.desk) && { desk: state.desk }),
  };
  if (layout === null) return { ...base, game: null, players: [], zones: {}, queue: null };
  const zones: Record<string, ZoneView<JudgeCard>> = {};
  layout.zones.forEach((zone, z) => {
    const cards = state.zones[z].map((card) => judgeCard(state.cards[card], printedOf(layout, card, state.cards[card])));
    zones[zone.key] = { zone: zone.ref, count: cards.length, cards };
  });
  const source = (cardId: string): JudgeSource => {
    const definition = state.cards[layout.cardIndex.get(cardId)!]?.definition;
    return { cardId, ...(typeof definition === 'string' && { definition }) };
  };
  const items = state.queue.items.map(({ sourceCardId, ...item }) => ({ ...item, source: source(sourceCardId) }));
  const resolving = state.effects.map(({ sourceCardId, ...effect }) => ({ ...effect, ...(sourceCardId !== undefined && { source: source(sourceCardId) }) }));
  const lists = [...layout.lists].map(([player, cards]) => ({ player, cards: [...cards.values()] }));
  const queue = queueView(layout.ruleset.pending, layout.playerIds, state.turn.player, { items, resolvingPlayer: state.queue.resolvingPlayer }, resolving);
  return {
    ...base,
    game: layout.ruleset.game,
    players: layout.players,
    ...(layout.tournament && { tournament: layout.tournament }),
    ...(lists.length > 0 && { lists }),
    zones,
    queue,
  };
};
