import type { View } from '@matchlog/client';
import { h } from '../dom';
import { zoneLabel, zoneName } from '../games';
import { t } from '../i18n';
import { counterName } from '../sentence';
import { printedFacts } from '../games/card-facts';

type Zone = View['zones'][string];
type Card = Zone['cards'][number];

const handleOf = (card: Card): string => ('handle' in card ? card.handle : card.cardId);
/** Whether this audience can tell which card it is: a face-down card it may look at shows its face, marked face down; one it may not, its back. */
const identified = (card: Card): boolean => card.definition !== undefined;

/** Damage and counters on the card, as badges: what a viewer looks for first. */
const badges = (card: Card) => {
  const counters = Object.entries(card.counters ?? {}).filter(([, value]) => value !== 0);
  return [
    card.damage ? h('span', { class: 'badge damage', 'data-damage': card.damage, title: t('board.damage', { damage: card.damage }) }, card.damage) : null,
    ...counters.map(([counter, value]) =>
      h('span', { class: 'badge counter', 'data-counter': counter, title: `${value} ${counterName(counter)}` }, `${value} ${counterName(counter)}`),
    ),
  ];
};

const cardFace = (card: Card, nameOf: (player: string) => string, game: string | null | undefined) => {
  // a judge's card names its owner and controller always: say so only where they differ
  const controller = 'owner' in card ? (card.controller !== card.owner ? card.controller : null) : card.controller;
  // a seen card says face down only in a public zone; the judge's cards say it of every deck and hand
  const faceDown = card.faceDown === true && !('owner' in card);
  const marks = [
    faceDown && t('board.faceDown'),
    card.exerted && t('board.exerted'),
    controller ? t('board.controlledBy', { player: nameOf(controller) }) : null,
    // the judge keeps the recorder's id at hand, on hover
    'cardId' in card ? card.cardId : null,
  ].filter(Boolean);
  return h(
    'li',
    { class: `card named${card.exerted ? ' exerted' : ''}${faceDown ? ' face-down' : ''}`, 'data-handle': handleOf(card), title: marks.join(' · ') || undefined },
    h(
      'div',
      { class: 'face', 'data-ink': card.printed?.ink?.toLowerCase() },
      // a long name is cut short on the face (styles.css), never over the printed numbers; the whole of it on hover
      h('span', { class: 'card-name', title: card.definition }, card.definition),
      printedFacts(game, card.printed),
      badges(card),
    ),
  );
};

/** One back for a card this audience cannot identify; `count` makes it the back of a pile ("Deck · 52"). */
const cardBack = (card: Card, label?: string, count?: number) =>
  h(
    'li',
    {
      class: `card back${card.exerted ? ' exerted' : ''}`,
      'data-handle': handleOf(card),
      'data-count': count,
      'aria-label': count === undefined ? t('board.faceDownCard') : t('board.hiddenPile', { count }),
    },
    h('div', { class: 'face' }, count !== undefined && h('span', { class: 'pile' }, label, h('strong', {}, count)), badges(card)),
  );

/** A card that shows nothing but its back: runs of them, in a zone this audience cannot look into, are one pile. */
const plainBack = (card: Card): boolean => !identified(card) && !card.faceDown && !card.exerted && !card.damage && card.counters === undefined;

const zoneSection = (key: string, zone: Zone, nameOf: (player: string) => string, game: string | null | undefined) => {
  const label = zoneLabel(zone.zone);
  const items = [];
  for (let index = 0; index < zone.cards.length; index++) {
    const card = zone.cards[index];
    let end = index;
    while (plainBack(card) && end + 1 < zone.cards.length && plainBack(zone.cards[end + 1])) end++;
    // a face-down card in a public zone is one back; a run of cards nobody here can tell apart, one pile
    items.push(
      identified(card)
        ? cardFace(card, nameOf, game)
        : end > index
          ? cardBack(card, label, end - index + 1)
          : plainBack(card) && zone.count === 1
            ? cardBack(card, label, 1)
            : cardBack(card),
    );
    index = end;
  }
  return h(
    'section',
    { class: 'zone', 'data-zone': key, 'data-name': zone.zone.zone, 'data-count': zone.count, 'aria-label': t('board.zoneAria', { zone: label, count: zone.count }) },
    h('h3', {}, t('board.zoneCount', { zone: label, count: zone.count })),
    h('ol', { class: 'cards' }, items),
  );
};

/** Four Souls' empty slots, collapsed to one line: "Empty: Shop 3–9, Monster 2–9". */
const emptySlots = (zones: [string, Zone][]) => {
  const empty = new Map<string, number[]>();
  for (const [, zone] of zones) if (zone.zone.slot !== undefined && zone.count === 0) empty.set(zone.zone.zone, [...(empty.get(zone.zone.zone) ?? []), zone.zone.slot]);
  if (empty.size === 0) return null;
  const ranges = [...empty].map(([name, slots]) => {
    const sorted = slots.sort((a, b) => a - b);
    const contiguous = sorted.at(-1)! - sorted[0] === sorted.length - 1;
    return `${zoneName(name)} ${contiguous && sorted.length > 1 ? `${sorted[0]}–${sorted.at(-1)}` : sorted.join(', ')}`;
  });
  return h('p', { class: 'empty-slots' }, t('board.emptySlots', { slots: ranges.join(' · ') }));
};

/** Zones the queue panel stands for (the bag, the stack): shown there, and as a zone only while they hold cards. */
const QUEUE_ZONES = new Set(['bag', 'stack', 'effects-stack']);

/** The zones whose cards a compact board shows: what is in play (Four Souls' slots too: their topmost cards are in play, "In Play") and in hand; every other zone is its count. */
const SHOWN_WHEN_COMPACT = new Set(['play', 'field', 'hand', 'shop-slot', 'monster-slot', 'room-slot']);

/** A zone as its name and count alone ("Inkwell · 7"): a compact board's deck, inkwell, discard. */
const zoneCount = (key: string, zone: Zone) => {
  const label = zoneLabel(zone.zone);
  return h(
    'section',
    { class: 'zone counted', 'data-zone': key, 'data-name': zone.zone.zone, 'data-count': zone.count, 'aria-label': t('board.zoneAria', { zone: label, count: zone.count }) },
    h('h3', {}, t('board.zoneCount', { zone: label, count: zone.count })),
  );
};

export interface BoardOptions {
  /** the overlay's board: cards in play and in hand, every other zone as its count, so real hands and boards fit a 1920×1080 frame */
  readonly compact?: boolean;
}

/** Every zone of every player, in the order the game's ruleset lays them out, then the shared zones. */
export const renderBoard = (view: View, nameOf: (player: string) => string = (id) => view.players.find((p) => p.id === id)?.name ?? id, options: BoardOptions = {}) => {
  const section = (key: string, zone: Zone) => (options.compact && !SHOWN_WHEN_COMPACT.has(zone.zone.zone) ? zoneCount(key, zone) : zoneSection(key, zone, nameOf, view.game));
  const entries = Object.entries(view.zones);
  const seats = view.players.map((player) =>
    h(
      'section',
      { class: `seat${view.turn.player === player.id ? ' active' : ''}`, 'data-player': player.id, 'aria-label': t('board.seatAria', { player: nameOf(player.id) }) },
      h('h2', {}, nameOf(player.id), view.turn.player === player.id && view.ended === null ? h('span', { class: 'turn-badge' }, t('board.activeSeat')) : null),
      h(
        'div',
        { class: 'zones' },
        entries.filter(([, zone]) => zone.zone.player === player.id).map(([key, zone]) => section(key, zone)),
      ),
    ),
  );
  // the queue panel shows the bag and the stack; empty slots are one line
  const shared = entries.filter(
    ([, zone]) => zone.zone.player === undefined && !(zone.count === 0 && (zone.zone.slot !== undefined || (QUEUE_ZONES.has(zone.zone.zone) && view.queue !== null))),
  );
  const empty = emptySlots(entries.filter(([, zone]) => zone.zone.player === undefined));
  return h(
    'div',
    { class: `board${options.compact ? ' compact' : ''}`, 'data-game': view.game ?? '', 'data-seats': view.players.length },
    seats,
    (shared.length > 0 || empty) &&
      h(
        'section',
        { class: 'seat shared', 'aria-label': t('board.shared') },
        h('h2', {}, t('board.shared')),
        h(
          'div',
          { class: 'zones' },
          shared.map(([key, zone]) => section(key, zone)),
        ),
        empty,
      ),
  );
};
