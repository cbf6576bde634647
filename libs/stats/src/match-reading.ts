import { Audience, AudienceView, MatchEvent, MoveSeen, Observation, PrintedFacts, SeenCard, Seat, emptySeat, stepSeat, zoneKey } from '@matchlog/domain';
import { LEADS } from './lead-table';
import { CardLine, HandReading, MatchReading, SeatReading } from './reading';

/** A card definition's printed facts (its ink), from the game's card table; undefined for a card it does not know. */
export type CardFacts = (definition: string) => PrintedFacts | undefined;

const noFacts: CardFacts = () => undefined;

/**
 * One match as `audience` reads it: its observations, stepped exactly as its view is (stepSeat), folded by
 * ReadingFold. Nothing else is read: not the events, not the judge's state.
 */
export const readingOf = (events: readonly MatchEvent[], audience: Audience, facts: CardFacts = noFacts): MatchReading => {
  let seat: Seat = emptySeat(audience);
  const reader = new ReadingFold(audience, facts);
  for (const event of events) {
    const before = seat.view;
    const step = stepSeat(seat, event);
    reader.step(before, step.observation);
    seat = step.seat;
  }
  return reader.reading();
};

const newLine = (): CardLine => ({ copiesPlayed: 0, firstTurn: null, quests: 0, lore: 0, challenges: 0, banishes: 0, banished: 0, songsSung: 0, sang: 0 });

interface Exert {
  readonly player: string;
  readonly definition: string;
  readonly lore?: number;
  /** the observation it was seen in, counted from the match's start */
  readonly at: number;
}

/**
 * What happened since the last card played, quest or turn: the characters of the active player that
 * became exerted, what befell the opponent's characters, and the action that began it.
 */
interface Burst {
  exerts: Exert[];
  /** the active player's characters banished without being seen exerting: a challenger banished in its challenge */
  fallen: Exert[];
  hits: number;
  banishes: number;
  selfDamage: boolean;
  action: { player: string; definition: string } | null;
}

/** What ends an effect's acting, as the reader sees it: the game going on otherwise. */
const RESETS = new Set<Observation['type']>(['TurnStarted', 'CardMoved', 'CardsMoved', 'CardStatusChanged', 'CounterChanged', 'ZoneShuffled', 'MatchEnded']);

const emptyBurst = (): Burst => ({ exerts: [], fallen: [], hits: 0, banishes: 0, selfDamage: false, action: null });

const isAction = (card: SeenCard): boolean => card.printed?.type?.toLowerCase().startsWith('action') === true;
const isCharacter = (card: SeenCard): boolean => card.printed?.type === undefined || card.printed.type.toLowerCase().startsWith('character');

/**
 * The fold: one observation at a time, with the audience's view just before it (to tell what changed of a
 * card it names). Lorcana's words: a card played leaves its player's hand for play (an action may go
 * straight to the discard, as imported replays record it); a quest is a character of the active player
 * exerted before a "quested" lore gain; a challenge, one exerted before damage or a banish on the other
 * side (or taking damage as it exerts); a song, an action played followed by its player's character
 * exerting without questing or challenging (or exerting before the characters whose printed lore a quest gains).
 */
export class ReadingFold {
  private game: string | null = null;
  private event?: string;
  private format?: string;
  private players: { id: string; name?: string }[] = [];
  private turn = 0;
  private active: string | null = null;
  private first: string | null = null;
  private started = false;
  private ended = false;
  private voided = false;
  private draw = false;
  private winner: string | undefined;
  private decks = new Map<string, string[]>();
  private readonly leads = new Map<string, string>();
  private deckLists = false;
  private readonly lines = new Map<string, Map<string, CardLine>>();
  private readonly printed = new Map<string, PrintedFacts>();
  private burst = emptyBurst();
  /** an effect or a triggered ability is acting: a card it puts from hand into the discard is discarded, not played */
  private resolving = false;
  private at = 0;
  private readonly hand = { initial: [] as string[], mulliganed: [] as string[], opening: null as string[] | null, drawn: [] as string[], mulligan: false };

  constructor(
    private readonly audience: Audience,
    private readonly facts: CardFacts,
  ) {}

  step(before: AudienceView, o: Observation): void {
    const acting = o.type === 'EffectStarted' || o.type === 'EffectResolved' || o.type === 'TriggerResolved';
    const discarding = o.type === 'CardMoved' && o.move.from.zone === 'hand' && o.move.to.zone === 'discard';
    this.at++;
    this.stepOne(before, o);
    if (acting) this.resolving = true;
    else if (!discarding && RESETS.has(o.type)) this.resolving = false;
  }

  private stepOne(before: AudienceView, o: Observation): void {
    switch (o.type) {
      case 'MatchStarted':
        this.game = o.game;
        this.players = o.players.map((p) => ({ id: p.id, ...(p.name !== undefined && { name: p.name }) }));
        if (o.tournament?.event !== undefined) this.event = o.tournament.event;
        if (o.tournament?.format !== undefined) this.format = o.tournament.format;
        for (const zone of o.zones) for (const card of zone.cards) this.lead(zone.zone.zone, zone.zone.player, card);
        return;
      case 'TurnStarted':
        this.flush();
        if (!this.started) {
          this.started = true;
          this.first = o.player;
          this.hand.opening = this.definitionsIn(before, `hand@${this.audience}`);
        }
        this.turn = Math.max(this.turn, o.turn);
        this.active = o.player;
        return;
      case 'CardMoved':
        this.move(before, o.move);
        return;
      case 'CardsMoved':
        for (const move of o.moves) this.move(before, move);
        for (const arrived of o.unseen?.arrived ?? []) {
          const fromDeck = o.unseen!.left.some((left) => left.zone.zone === 'deck' && left.zone.player === this.audience);
          if (fromDeck && arrived.zone.zone === 'hand' && arrived.zone.player === this.audience && arrived.card.definition !== undefined) this.cameToHand(arrived.card.definition);
        }
        return;
      case 'CardStatusChanged':
        this.statusChanged(before, o.zone.zone, o.zone.player, o.card);
        return;
      case 'TriggerAdded':
      case 'TriggerResolved':
      case 'EffectStarted':
        // what a triggered ability (the bag, 7.7) or an effect does is its own, not the challenge's before it
        if (this.burst.hits > 0 || this.burst.banishes > 0 || this.burst.selfDamage) this.flush();
        return;
      case 'CounterChanged':
        if (o.counter === 'lore' && o.reason === 'quested' && o.player !== undefined && o.change > 0) this.quested(o.player, o.change);
        return;
      case 'MatchEnded':
        this.flush();
        this.ended = true;
        this.winner = o.winner;
        this.draw = o.draw === true;
        if (o.shuffles !== undefined || this.players.some((p) => p.id === this.audience)) this.deckLists = true;
        for (const shuffle of [...(o.shuffles ?? [])].sort((a, b) => a.revision - b.revision)) {
          const player = shuffle.zone.player;
          if (shuffle.zone.zone === 'deck' && player !== undefined && !this.decks.has(player)) this.decks.set(player, [...shuffle.order].sort());
        }
        return;
      case 'MatchVoided':
        this.voided = true;
        return;
      default:
        return;
    }
  }

  reading(): MatchReading {
    this.flush();
    const seats = this.players.map((p): SeatReading => {
      const deck = this.decks.get(p.id);
      const won = !this.ended || this.draw || this.winner === undefined ? null : this.winner === p.id ? 1 : 0;
      const cards = Object.fromEntries([...(this.lines.get(p.id) ?? new Map<string, CardLine>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return {
        player: p.id,
        ...(p.name !== undefined && { name: p.name }),
        won,
        onPlay: this.first === p.id,
        ...(deck !== undefined && { deck, inks: this.inksOf(deck) }),
        ...(this.leads.has(p.id) && { lead: this.leads.get(p.id)! }),
        cards,
        ...(p.id === this.audience && { hand: this.handReading() }),
      };
    });
    return {
      audience: this.audience,
      game: this.game,
      ...(this.event !== undefined && { event: this.event }),
      ...(this.format !== undefined && { format: this.format }),
      ended: this.ended,
      voided: this.voided,
      draw: this.draw,
      turns: this.turn,
      deckLists: this.deckLists && this.decks.size > 0,
      seats,
    };
  }

  private handReading(): HandReading {
    const sorted = (list: readonly string[]) => [...list].sort();
    return {
      initial: sorted(this.hand.initial),
      mulliganed: sorted(this.hand.mulliganed),
      opening: sorted(this.hand.opening ?? []),
      drawn: sorted(this.hand.drawn),
    };
  }

  private inksOf(deck: readonly string[]): string {
    const inks = new Set<string>();
    for (const definition of deck) {
      const ink = this.printed.get(definition)?.ink ?? this.facts(definition)?.ink;
      if (ink !== undefined) for (const one of ink.split('/')) inks.add(one.trim());
    }
    return [...inks].sort().join('/');
  }

  private definitionsIn(view: AudienceView, key: string): string[] {
    const zone = view.zones[key];
    return zone === undefined ? [] : zone.cards.flatMap((card) => (card.definition === undefined ? [] : [card.definition]));
  }

  private line(player: string, definition: string): CardLine {
    let byCard = this.lines.get(player);
    if (byCard === undefined) this.lines.set(player, (byCard = new Map()));
    let line = byCard.get(definition);
    if (line === undefined) byCard.set(definition, (line = newLine()));
    return line;
  }

  private remember(card: SeenCard): void {
    if (card.definition !== undefined && card.printed !== undefined && !this.printed.has(card.definition)) this.printed.set(card.definition, card.printed);
  }

  private cameToHand(definition: string): void {
    if (this.started) this.hand.drawn.push(definition);
    else if (!this.hand.mulligan) this.hand.initial.push(definition);
  }

  /** A card seen in a player's zone: their lead, where the game has one and it is that zone's and type (LEADS). */
  private lead(zone: string, player: string | undefined, card: SeenCard): void {
    const rule = this.game === null ? undefined : LEADS[this.game];
    if (rule === undefined || player === undefined || zone !== rule.zone || card.definition === undefined || card.faceDown === true) return;
    if (!rule.type.test(card.printed?.type ?? '') || (!rule.last && this.leads.has(player))) return;
    this.leads.set(player, card.definition);
  }

  private move(before: AudienceView, m: MoveSeen): void {
    const { from, to, card } = m;
    this.remember(card);
    this.lead(to.zone, to.player, card);
    const definition = card.definition;
    if (from.zone === 'hand' && from.player === this.audience && to.zone === 'deck' && !this.started && definition !== undefined) {
      this.hand.mulligan = true;
      this.hand.mulliganed.push(definition);
    }
    if (to.zone === 'hand' && to.player === this.audience && from.zone === 'deck' && definition !== undefined) this.cameToHand(definition);
    if (definition === undefined || from.player === undefined) return;
    // an action an effect makes its player discard is not played
    const played = from.zone === 'hand' && this.started && from.player === this.active && (to.zone === 'play' || (to.zone === 'discard' && isAction(card) && !this.resolving));
    if (played) {
      this.flush();
      const line = this.line(from.player, definition);
      line.copiesPlayed++;
      if (line.firstTurn === null) line.firstTurn = this.turn;
      if (isAction(card)) this.burst.action = { player: from.player, definition };
      return;
    }
    // a card face down in play (under another, as Boost puts it) is no character in play (7.4.2.1): it goes with the card it is under
    const faceDown = before.zones[zoneKey(from)]?.cards.find((c) => m.handle !== undefined && c.handle === m.handle)?.faceDown === true;
    if (from.zone === 'play' && to.zone === 'discard' && m.reason === 'banished' && !faceDown && m.card.faceDown !== true) {
      this.line(from.player, definition).banished++;
      if (from.player !== this.active) this.burst.banishes++;
      else if (!this.burst.exerts.some((e) => e.definition === definition && e.player === from.player) && isCharacter(card))
        this.burst.fallen.push({ player: from.player, definition, at: this.at });
    }
  }

  private statusChanged(before: AudienceView, zone: string, player: string | undefined, card: SeenCard): void {
    if (zone !== 'play' || player === undefined) return;
    this.remember(card);
    const previous = before.zones[zoneKey({ zone, player })]?.cards.find((c) => c.handle === card.handle);
    const exerted = card.exerted === true && previous?.exerted !== true;
    const damaged = (card.damage ?? 0) > (previous?.damage ?? 0);
    const owner = card.controller ?? player;
    if (exerted && owner === this.active && card.definition !== undefined && isCharacter(card)) {
      if (this.burst.exerts.length > 0 && (this.burst.hits > 0 || this.burst.banishes > 0 || this.burst.selfDamage)) this.flush();
      this.burst.exerts.push({ player: owner, definition: card.definition, at: this.at, ...(card.printed?.lore !== undefined && { lore: card.printed.lore }) });
      if (damaged) this.burst.selfDamage = true;
      return;
    }
    if (damaged && owner !== this.active) this.burst.hits++;
  }

  private quested(player: string, change: number): void {
    let questers = this.burst.exerts.filter((e) => e.player === player);
    const { action } = this.burst;
    // after an action, the characters exerted first sang it: the questers are the last ones, whose printed lore is the gain
    if (action !== null && action.player === player && questers.length > 1) {
      const last = questers.findIndex((_, i) => questers.slice(i).every((e) => e.lore !== undefined) && questers.slice(i).reduce((sum, e) => sum + e.lore!, 0) === change);
      if (last > 0) {
        this.line(action.player, action.definition).songsSung++;
        for (const singer of questers.slice(0, last)) this.line(singer.player, singer.definition).sang++;
        questers = questers.slice(last);
      }
    }
    if (questers.length > 0) {
      const byPrinted = questers.every((e) => e.lore !== undefined) && questers.reduce((sum, e) => sum + e.lore!, 0) === change;
      for (const e of questers) {
        const line = this.line(e.player, e.definition);
        line.quests++;
        line.lore += questers.length === 1 ? change : byPrinted ? e.lore! : change / questers.length;
      }
    }
    this.burst = emptyBurst();
  }

  /** Settles the burst: a song, or a challenge, or nothing to count. */
  private flush(): void {
    const { exerts: seen, fallen, hits, banishes, selfDamage, action } = this.burst;
    this.burst = emptyBurst();
    // a challenger banished in its challenge leaves play before its exerting can be seen: the last of those that fell or exerted
    const exerts =
      action === null && fallen.length > 0 && (hits > 0 || banishes > 0) && (seen.length === 0 || fallen[fallen.length - 1].at > seen[seen.length - 1].at)
        ? fallen.slice(-1)
        : seen;
    if (exerts.length === 0) return;
    if (action !== null && exerts.every((e) => e.player === action.player) && hits === 0 && !selfDamage) {
      this.line(action.player, action.definition).songsSung++;
      for (const e of exerts) this.line(e.player, e.definition).sang++;
      return;
    }
    if (hits > 0 || banishes > 0 || selfDamage) {
      const challenger = exerts[exerts.length - 1];
      const line = this.line(challenger.player, challenger.definition);
      line.challenges++;
      line.banishes += banishes;
    }
  }
}
