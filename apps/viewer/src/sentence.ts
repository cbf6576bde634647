/**
 * One revision's observation as a sentence, naming a card only where this audience's observation names
 * it. The judge's feed holds the events themselves: those read as `event.type`, with the names they carry.
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

const card = (c: Card | undefined | null, fallback = 'a card'): string => c?.definition ?? fallback;
const zoneName = (z: Zone, nameOf: (p: string) => string) =>
  z.player !== undefined ? `${nameOf(z.player)}'s ${z.zone}` : z.slot !== undefined ? `${z.zone} ${z.slot}` : `the ${z.zone}`;

const moveSentence = (m: Move, nameOf: (p: string) => string): string => {
  const who = nameOf(m.from.player ?? m.to.player ?? '');
  const mover = m.from.player ?? m.to.player;
  if (mover !== undefined && m.from.zone === 'deck' && m.to.zone === 'hand' && m.to.player === mover) return `${who} drew ${card(m.card, '')}`.trim();
  if (m.to.zone === 'inkwell') return `${nameOf(m.to.player ?? mover ?? '')} inked ${card(m.card)}`;
  if (m.from.zone === 'hand' && (m.to.zone === 'play' || m.to.zone === 'field')) return `${who} played ${card(m.card)}`;
  if (m.to.zone === 'discard') return `${card(m.card, 'A card').replace(/^a /, 'A ')} went to ${zoneName(m.to, nameOf)}`;
  return `${card(m.card, 'A card').replace(/^a /, 'A ')} moved from ${zoneName(m.from, nameOf)} to ${zoneName(m.to, nameOf)}`;
};

/** `cardName`: for the judge, who reads events, a recorder card id's definition (the judge's view has them all). */
export const sentenceOf = (o: Observed, nameOf: (player: string) => string, cardName: (cardId: string) => string = (id) => id): string => {
  if ('data' in o && 'id' in o) return eventSentence(o, nameOf, cardName);
  const s = (field: string) => o[field] as string;
  switch (o.type) {
    case 'MatchStarted':
      return `The match began: ${(o.players as { id: string }[]).map((p) => nameOf(p.id)).join(' vs ')}`;
    case 'CardMoved':
      return moveSentence(o.move as Move, nameOf);
    case 'CardsMoved': {
      const moves = (o.moves as Move[]) ?? [];
      return moves.length === 1 ? moveSentence(moves[0], nameOf) : `${moves.length + ((o.unseen as { arrived: unknown[] } | undefined)?.arrived.length ?? 0)} cards moved`;
    }
    case 'ZoneShuffled':
      return `${zoneName(o.zone as Zone, nameOf)} was shuffled`;
    case 'CardsRevealed':
      return `Revealed: ${(o.cards as Card[]).map((c) => card(c)).join(', ') || 'cards'}`;
    case 'CardsLookedAt':
      return `${nameOf(s('player'))} looked at ${(o.cards as Card[]).length + ((o.unnamed as number) ?? 0)} card(s)`;
    case 'CardStatusChanged':
      return statusSentence(card(o.card as Card, 'A card'), o.card as Status);
    case 'ControlChanged':
      return `${nameOf(s('controller'))} took control of ${card(o.card as Card)}`;
    case 'TurnStarted':
      return `Turn ${o.turn as number}: ${nameOf(s('player'))}`;
    case 'EffectStarted':
      return `${nameOf(s('player'))} began ${s('kind') === 'action' ? 'an action' : 'an ability'}${o.source ? ` of ${card(o.source as Card)}` : ''}`;
    case 'EffectResolved':
      return 'The effect resolved';
    case 'TriggerAdded':
      return `${nameOf(s('player'))}'s ${s('ability')} was added${o.source ? ` from ${card(o.source as Card)}` : ''}`;
    case 'TriggerResolved':
      return `${nameOf(s('player'))} resolved a triggered ability`;
    case 'TriggerRemoved':
      return `A triggered ability was removed (${s('reason')})`;
    case 'SearchPerformed':
      return `${nameOf(s('player'))} searched ${zoneName(o.zone as Zone, nameOf)}${o.found ? ` and found ${card(o.found as Card)}` : ''}`;
    case 'PlayerLeft':
      return `${nameOf(s('player'))} left the match`;
    case 'MatchEnded':
      return endedSentence(o, nameOf);
    case 'CounterChanged':
      return counterSentence({ ...(o as unknown as CounterChange), on: o.player !== undefined ? nameOf(s('player')) : card(o.card as Card, 'a card') });
    case 'TimeCalled':
      return `Time was called during turn ${o.turn as number}`;
    case 'TimeExtended':
      return extendedSentence(o.seconds as number, s('reason'));
    case 'Nothing':
      return 'Nothing this audience could see';
    default:
      return o.type;
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
    status?.exerted === true ? 'is exerted' : status?.exerted === false ? 'is ready' : null,
    status?.damage !== undefined ? (status.damage > 0 ? `has ${status.damage} damage` : 'has no damage') : null,
    status?.faceDown === true ? 'is face down' : null,
  ].filter(Boolean);
  return `${name} ${parts.length > 0 ? parts.join(' and ') : 'changed status'}`;
};

interface CounterChange {
  counter: string;
  on: string;
  value?: number;
  change?: number;
  by?: number;
  to?: number;
  reason?: string;
}

const counterSentence = (c: CounterChange): string => {
  const change = c.change ?? c.by;
  const value = c.value ?? c.to;
  const moved = change === undefined ? `${c.on}'s ${c.counter} was set` : `${c.on} ${change >= 0 ? 'gained' : 'lost'} ${Math.abs(change)} ${c.counter}`;
  return `${moved}${value !== undefined ? ` (now ${value})` : ''}${c.reason ? ` — ${c.reason}` : ''}`;
};

const endedSentence = (o: Record<string, unknown>, nameOf: (player: string) => string): string =>
  o.winner ? `${nameOf(String(o.winner))} won (${String(o.reason)})` : o.draw ? `The game was a draw (${String(o.reason)})` : `The match ended (${String(o.reason)})`;

const extendedSentence = (seconds: number, reason: string): string => `Time extended by ${seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`} (${reason})`;

/** A judge reads events: `{ id, type, data }`. */
const eventSentence = (o: Observed, nameOf: (player: string) => string, cardName: (cardId: string) => string): string => {
  const data = (o.data ?? {}) as Record<string, unknown>;
  if (o.type === 'MatchCreated') return `The match was created: ${((data.players as { id: string }[]) ?? []).map((p) => nameOf(p.id)).join(' vs ')}`;
  if (o.type === 'CardMoved') return moveSentence({ from: data.from as Zone, to: data.to as Zone, card: { definition: cardName(String(data.cardId)) } }, nameOf);
  if (o.type === 'TurnStarted') return `Turn ${data.turn as number}: ${nameOf(String(data.player))}`;
  if (o.type === 'MatchEnded') return endedSentence(data, nameOf);
  if (o.type === 'CardStatusChanged') return statusSentence(cardName(String(data.cardId)), data as Status);
  if (o.type === 'CounterChanged')
    return counterSentence({ ...(data as unknown as CounterChange), on: data.player !== undefined ? nameOf(String(data.player)) : cardName(String(data.cardId)) });
  if (o.type === 'TimeCalled') return 'Time was called';
  if (o.type === 'TimeExtended') return extendedSentence(data.seconds as number, String(data.reason));
  return `${o.type}${data.player ? ` by ${nameOf(String(data.player))}` : ''}`;
};
