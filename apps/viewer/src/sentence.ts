import { MessageKey, t } from './i18n';

/**
 * One revision's observation as a sentence in the page's language, naming a card only where this audience's
 * observation names it. The judge's feed holds the events themselves (`{ id, type, data }`): each is first
 * read as the observation it would be, with the card's definition for its recorder id.
 */
interface Zone {
  zone: string;
  player?: string;
  slot?: number;
}
interface Card {
  handle?: string;
  definition?: string;
  cardId?: string;
}
interface Move {
  from: Zone;
  to: Zone;
  card: Card;
}
type Observed = { type: string; [field: string]: unknown };
type NameOf = (player: string) => string;

const card = (c: Card | undefined | null, fallback: MessageKey = 'sentence.aCard'): string => c?.definition ?? t(fallback);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const zoneKey = (zone: string) => `zone.${zone}` as MessageKey;
/** a zone's name as the catalogue has it (Spanish with its article), the raw name without dashes for one it does not know */
const zoneWord = (zone: string): string => {
  const text = t(zoneKey(zone));
  return text === zoneKey(zone) ? zone.replace(/-/g, ' ') : text;
};
/** "deck" / "mazo": the name without its article, after a possessive */
const bare = (zone: string) => zoneWord(zone).replace(/^(el|la|los|las) /, '');
const zoneName = (z: Zone, nameOf: NameOf) =>
  z.player !== undefined
    ? t('zone.player', { zone: zoneWord(z.zone), player: nameOf(z.player) })
    : z.slot !== undefined
      ? t('zone.slot', { zone: zoneWord(z.zone), slot: z.slot })
      : t('zone.shared', { zone: zoneWord(z.zone) });
const players = (ids: readonly string[], nameOf: NameOf) => ids.map(nameOf).join(t('sentence.vs'));

const moveSentence = (m: Move, nameOf: NameOf): string => {
  const mover = m.from.player ?? m.to.player;
  const who = nameOf(mover ?? '');
  if (mover !== undefined && m.from.zone === 'deck' && m.to.zone === 'hand' && m.to.player === mover)
    return m.card?.definition ? t('sentence.drew', { player: who, card: m.card.definition }) : t('sentence.drewHidden', { player: who });
  if (m.to.zone === 'inkwell') return t('sentence.inked', { player: nameOf(m.to.player ?? mover ?? ''), card: card(m.card) });
  if (m.from.zone === 'hand' && (m.to.zone === 'play' || m.to.zone === 'field')) return t('sentence.played', { player: who, card: card(m.card) });
  if (m.to.zone === 'discard') return t('sentence.wentTo', { card: card(m.card, 'sentence.ACard'), zone: zoneName(m.to, nameOf) });
  return t('sentence.moved', { card: card(m.card, 'sentence.ACard'), from: zoneName(m.from, nameOf), to: zoneName(m.to, nameOf) });
};

const sameZone = (a: Zone, b: Zone) => a.zone === b.zone && a.player === b.player && a.slot === b.slot;

/** The moves by where they went, in their order: one group for each (from, to). */
const groupsOf = (moves: readonly Move[]): Move[][] => {
  const groups: Move[][] = [];
  for (const m of moves) {
    const group = groups.find(([g]) => sameZone(g.from, m.from) && sameZone(g.to, m.to));
    if (group) group.push(m);
    else groups.push([m]);
  }
  return groups;
};

/**
 * Cards that went different ways in one event (a correction putting a card back and another in its place, say), read
 * as what went where: "A card went from Ana's hand to Ana's deck and a card went from Ana's deck to Ana's hand".
 */
const mixedSentence = (moves: readonly Move[], nameOf: NameOf): string =>
  groupsOf(moves)
    .map((group, i) => {
      const [{ from, to }] = group;
      const where = { from: zoneName(from, nameOf), to: zoneName(to, nameOf) };
      if (group.length > 1) return t('sentence.cardsWent', { count: group.length, ...where });
      return t('sentence.moved', { card: card(group[0].card, i === 0 ? 'sentence.ACard' : 'sentence.aCard'), ...where });
    })
    .join(t('sentence.and'));

/** Cards that arrived where this audience cannot tell which they are (`unseen`), by the zone they went to. */
const arrivedSentence = (arrived: readonly { zone: Zone }[], nameOf: NameOf): string => {
  const [first] = arrived;
  if (first === undefined || !arrived.every((a) => sameZone(a.zone, first.zone))) return t('sentence.cardsMoved', { count: arrived.length });
  return t('sentence.cardsWentTo', { count: arrived.length, to: zoneName(first.zone, nameOf) });
};

const movesSentence = (moves: readonly Move[], arrived: readonly { zone: Zone }[], nameOf: NameOf): string => {
  const extra = arrived.length;
  if (moves.length === 1 && extra === 0) return moveSentence(moves[0], nameOf);
  const count = moves.length + extra;
  const [first] = moves;
  if (first === undefined) return arrivedSentence(arrived, nameOf);
  if (!moves.every((m) => sameZone(m.from, first.from) && sameZone(m.to, first.to))) return extra === 0 ? mixedSentence(moves, nameOf) : t('sentence.cardsMoved', { count });
  if (first.from.zone === 'deck' && first.to.zone === 'hand' && first.from.player === first.to.player && first.to.player !== undefined)
    return t('sentence.drewMany', { player: nameOf(first.to.player), count });
  return t('sentence.cardsMovedTo', { count, from: zoneName(first.from, nameOf), to: zoneName(first.to, nameOf) });
};

const shuffledSentence = (zone: Zone, nameOf: NameOf) =>
  zone.player !== undefined ? t('sentence.shuffledOwn', { player: nameOf(zone.player), zone: bare(zone.zone) }) : t('sentence.shuffled', { zone: zoneName(zone, nameOf) });

const cardList = (cards: readonly Card[]) => cards.map((c) => card(c)).join(', ');

/**
 * The sentence for one revision: an observation, or (for the judge) an event. `cardName`: a recorder card id's definition.
 * A judge's event that corrects an earlier one says so first: "Correction of #12: …" (`eventName`: how an event id is named).
 */
export const sentenceOf = (o: Observed, nameOf: NameOf, cardName: (cardId: string) => string | null = (id) => id, eventName: (eventId: string) => string = (id) => id): string => {
  if (!('data' in o && 'id' in o)) return capital(observedSentence(o, nameOf));
  const sentence = observedSentence(asObserved(o, cardName), nameOf);
  const corrects = (o.data as { corrects?: unknown } | null)?.corrects;
  return capital(typeof corrects === 'string' ? t('sentence.correction', { event: eventName(corrects), sentence }) : sentence);
};

const observedSentence = (o: Observed, nameOf: NameOf): string => {
  const s = (field: string) => o[field] as string;
  const source = (key: MessageKey) => (o.source ? t(key, { card: card(o.source as Card) }) : '');
  switch (o.type) {
    case 'MatchCreated':
      return t('sentence.matchCreated', {
        players: players(
          (o.players as { id: string }[]).map((p) => p.id),
          nameOf,
        ),
      });
    case 'MatchStarted':
      return t('sentence.matchStarted', {
        players: players(
          (o.players as { id: string }[]).map((p) => p.id),
          nameOf,
        ),
      });
    case 'CardMoved':
      return moveSentence(o.move as Move, nameOf);
    case 'CardsMoved':
      return movesSentence((o.moves as Move[]) ?? [], (o.unseen as { arrived: { zone: Zone }[] } | undefined)?.arrived ?? [], nameOf);
    case 'ZoneShuffled':
      return shuffledSentence(o.zone as Zone, nameOf);
    case 'CardsRevealed': {
      const cards = cardList(o.cards as Card[]) || t('sentence.cards');
      return o.to ? t('sentence.revealedTo', { cards, players: players(o.to as string[], nameOf) }) : t('sentence.revealed', { cards });
    }
    case 'CardsLookedAt': {
      const cards = o.cards as Card[];
      const unnamed = (o.unnamed as number) ?? 0;
      if (unnamed === 0 && cards.length > 0 && cards.every((c) => c.definition !== undefined))
        return t('sentence.lookedAtCards', { player: nameOf(s('player')), cards: cardList(cards) });
      const count = cards.length + unnamed;
      return count === 1 ? t('sentence.lookedAtOne', { player: nameOf(s('player')) }) : t('sentence.lookedAtMany', { player: nameOf(s('player')), count });
    }
    case 'CardStatusChanged':
      return statusSentence(card(o.card as Card, 'sentence.ACard'), (o.status ?? o.card) as Status);
    case 'ControlChanged':
      return t('sentence.control', { player: nameOf(s('controller')), card: card(o.card as Card) });
    case 'TurnStarted':
      return t('sentence.turn', { turn: o.turn as number, player: nameOf(s('player')) });
    case 'EffectStarted':
      return t(s('kind') === 'action' ? 'sentence.effectAction' : 'sentence.effectAbility', { player: nameOf(s('player')), source: source('sentence.sourceOf') });
    case 'EffectResolved':
      return t('sentence.effectResolved');
    case 'TriggerAdded':
      return t('sentence.triggerAdded', { player: nameOf(s('player')), ability: s('ability'), source: source('sentence.sourceFrom') });
    case 'TriggerResolved':
      return t('sentence.triggerResolved', { player: nameOf(s('player')) });
    case 'TriggerRemoved':
      return t('sentence.triggerRemoved', { reason: s('reason') });
    case 'SearchPerformed': {
      const params = { player: nameOf(s('player')), zone: zoneName(o.zone as Zone, nameOf) };
      if (o.found) return t('sentence.searchedFound', { ...params, card: card(o.found as Card) });
      return t(o.found === null ? 'sentence.searchedNothing' : 'sentence.searched', params);
    }
    case 'PlayerLeft':
      return t('sentence.left', { player: nameOf(s('player')) });
    case 'MatchEnded':
      return endedSentence(o, nameOf);
    case 'MatchVoided':
      return t('sentence.voided', { reason: String(o.reason ?? '') });
    case 'CounterChanged':
      return counterSentence({ ...(o as unknown as CounterChange), on: o.player !== undefined ? nameOf(s('player')) : card(o.card as Card) });
    case 'TimeCalled':
      return o.turn !== undefined ? t('sentence.timeCalledTurn', { turn: o.turn as number }) : t('sentence.timeCalled');
    case 'TimeExtended':
      return t('sentence.timeExtended', { duration: shortDuration(o.seconds as number), reason: s('reason') });
    case 'JudgeCalled': {
      const params = { player: nameOf(s('by')), at: o.at as number };
      return typeof o.reason === 'string' ? t('sentence.judgeCalledWhy', { ...params, reason: s('reason') }) : t('sentence.judgeCalled', params);
    }
    case 'CallClaimed':
      return t('sentence.callClaimed');
    case 'CallEscalated':
      return t('sentence.callEscalated');
    case 'CallResolved':
      return t('sentence.callResolved');
    case 'CallStatusChanged':
      return t(o.status === 'claimed' ? 'sentence.callClaimed' : o.status === 'escalated' ? 'sentence.callEscalated' : 'sentence.callResolved');
    case 'RulingGiven':
      return t('sentence.ruling', { player: nameOf(s('player')), infraction: s('infraction'), penalty: s('penalty') });
    case 'JudgeNoted':
      return t('sentence.judgeNoted', { at: o.at as number, text: s('text') });
    case 'Nothing':
      return t('sentence.nothing');
    default:
      return t('sentence.unknown');
  }
};

/** A judge's event read as the observation it would be: card ids become the cards' definitions. */
const asObserved = (o: Observed, cardName: (cardId: string) => string | null): Observed => {
  const data = (o.data ?? {}) as Record<string, unknown>;
  // a card nobody has identified has no name: "a card"
  const named = (id: unknown): Card | undefined => {
    if (typeof id !== 'string') return undefined;
    const definition = cardName(id);
    return definition === null ? {} : { definition };
  };
  // a move that names a card as it is seen reads with that name
  const move = (m: Record<string, unknown>): Move => ({
    from: m.from as Zone,
    to: m.to as Zone,
    card: typeof m.definition === 'string' ? { definition: m.definition } : named(m.cardId)!,
  });
  const cards = (ids: unknown) => ((ids as string[]) ?? []).map((id) => named(id)!);
  switch (o.type) {
    case 'CardMoved':
      return { type: o.type, move: move(data) };
    case 'CardsMoved':
      return { type: o.type, moves: ((data.moves as Record<string, unknown>[]) ?? []).map(move) };
    case 'CardsRevealed':
    case 'CardsLookedAt':
      return { ...data, type: o.type, cards: cards(data.cardIds), source: named(data.source) };
    case 'CardStatusChanged':
      return { type: o.type, card: named(data.cardId), status: data };
    case 'ControlChanged':
    case 'CounterChanged':
      return { ...data, type: o.type, card: named(data.cardId), change: data.by, value: data.to };
    case 'EffectStarted':
    case 'TriggerAdded':
      return { ...data, type: o.type, source: named(data.sourceCardId) };
    case 'SearchPerformed':
      return { ...data, type: o.type, found: data.found === null ? null : named(data.found) };
    default:
      return { ...data, type: o.type };
  }
};

interface Status {
  exerted?: boolean;
  damage?: number;
  faceDown?: boolean;
}

/** What a status change left: an observation carries the card as it is now, an event the fields it set. */
const statusSentence = (name: string, status: Status | undefined): string => {
  const parts = [
    status?.exerted === true ? t('status.exerted') : status?.exerted === false ? t('status.ready') : null,
    status?.damage !== undefined ? (status.damage > 0 ? t('status.damage', { damage: status.damage }) : t('status.noDamage')) : null,
    status?.faceDown === true ? t('status.faceDown') : status?.faceDown === false ? t('status.faceUp') : null,
  ].filter(Boolean);
  return t('status.sentence', { card: name, status: parts.length > 0 ? parts.join(t('status.and')) : t('status.changed') });
};

interface CounterChange {
  counter: string;
  on: string;
  value?: number;
  change?: number;
  reason?: string;
}

/** a counter's name in the page's language ("lore": "leyenda"), the raw one where the catalogue has none */
export const counterName = (counter: string): string => {
  const key = `counter.${counter}` as MessageKey;
  const text = t(key);
  return text === key ? counter.replace(/-/g, ' ') : text;
};

/** "1 soul", "2 souls": a counter's singular where the catalogue has one (counter.<name>.one) */
const counterAmount = (counter: string, amount: number | undefined): string => {
  const one = `counter.${counter}.one` as MessageKey;
  return amount === 1 && t(one) !== one ? t(one) : counterName(counter);
};

const counterSentence = (c: CounterChange): string => {
  const counter = counterAmount(c.counter, c.change === undefined ? undefined : Math.abs(c.change));
  const moved =
    c.change === undefined ? t('counter.set', { on: c.on, counter }) : t(c.change >= 0 ? 'counter.gained' : 'counter.lost', { on: c.on, amount: Math.abs(c.change), counter });
  return `${moved}${c.value !== undefined ? t('counter.now', { value: c.value }) : ''}${c.reason ? ` — ${c.reason}` : ''}`;
};

const endedSentence = (o: Record<string, unknown>, nameOf: NameOf): string => {
  const reason = String(o.reason);
  return o.winner ? t('sentence.won', { player: nameOf(String(o.winner)), reason }) : o.draw ? t('sentence.draw', { reason }) : t('sentence.ended', { reason });
};

const shortDuration = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

/** What a status change did, where one sentence can say it of several cards; null where each needs its own (damage, a face turned). */
const statusKind = (status: Status | undefined, observed: boolean): 'exerted' | 'ready' | 'changed' | null => {
  if (status?.damage !== undefined || status?.faceDown !== undefined) return null;
  if (status?.exerted === true) return 'exerted';
  if (status?.exerted === false) return 'ready';
  // an observation carries the card as it is now: not exerted, and nothing says what changed
  return observed ? 'changed' : null;
};

/**
 * What lets a revision join the one before it in the log, as one sentence for one action (paying ink exerts five
 * inkwell cards, five events): both status changes of the same kind, in the same zone for an audience's observation;
 * for the judge's events, of the same step of an import (meta.step): nothing else in an event says which action made it.
 * null: the revision stands alone.
 */
export const groupKey = (o: Observed): string | null => {
  if (o.type !== 'CardStatusChanged') return null;
  if (!('data' in o && 'id' in o)) {
    const zone = o.zone as Zone | undefined;
    const kind = statusKind(o.card as Status | undefined, true);
    return zone === undefined || kind === null ? null : `${zone.zone}|${zone.player ?? ''}|${zone.slot ?? ''}|${kind}`;
  }
  const data = (o.data ?? {}) as Status;
  const kind = statusKind(
    {
      ...(data.exerted !== undefined && { exerted: data.exerted }),
      ...(data.damage !== undefined && { damage: data.damage }),
      ...(data.faceDown !== undefined && { faceDown: data.faceDown }),
    },
    false,
  );
  // only an import says which events one action made: two appends may share a millisecond
  const step = (o.meta as { step?: unknown } | undefined)?.step;
  return kind === null || typeof step !== 'number' ? null : `judge|${step}|${kind}`;
};

/**
 * The sentence of revisions that groupKey joined: "Ink paid: 5 cards exerted" for an audience that sees the inkwell's
 * cards exerted, "3 cards in Ana's play are ready", or for the judge, who knows which cards, "2 cards are exerted: …".
 * One observation: its own sentence.
 */
export const groupSentence = (
  os: readonly Observed[],
  nameOf: NameOf,
  cardName: (cardId: string) => string | null = (id) => id,
  eventName: (eventId: string) => string = (id) => id,
): string => {
  const [first] = os;
  const key = groupKey(first);
  if (os.length === 1 || key === null) return sentenceOf(first, nameOf, cardName, eventName);
  const kind = key.slice(key.lastIndexOf('|') + 1) as 'exerted' | 'ready' | 'changed';
  const status = t(`statusMany.${kind}`);
  if ('data' in first && 'id' in first) {
    const cards = os.map((o) => card(asObserved(o, cardName).card as Card)).join(', ');
    return capital(t('statusMany.named', { count: os.length, status, cards }));
  }
  const zone = first.zone as Zone;
  if (zone.zone === 'inkwell' && kind === 'exerted') return t('statusMany.inkPaid', { count: os.length });
  return capital(t('statusMany.inZone', { count: os.length, zone: zoneName(zone, nameOf), status }));
};
