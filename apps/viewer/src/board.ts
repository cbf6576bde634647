import type { View } from './api/client';
import { h } from './dom';
import { t } from './i18n';
import { counterName, zoneTitle } from './sentence';

type Zone = View['zones'][string];
type Card = Zone['cards'][number];

/** Hidden zones longer than this show as a stack with its count, not one back per card. */
const STACKED = 10;

const nameOf = (card: Card): string | undefined => card.definition;
const handleOf = (card: Card): string => ('handle' in card ? card.handle : card.cardId);

const cardItem = (card: Card) => {
  const name = nameOf(card);
  // a judge's card names its owner and controller always: say so only where they differ
  const controller = 'owner' in card ? (card.controller !== card.owner ? card.controller : null) : card.controller;
  const marks = [
    card.faceDown && !('owner' in card) && t('board.faceDown'),
    card.exerted && t('board.exerted'),
    controller ? t('board.controlledBy', { player: controller }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return name !== undefined && !(card.faceDown && !('cardId' in card))
    ? h(
        'li',
        { class: `card named${card.exerted ? ' exerted' : ''}`, 'data-handle': handleOf(card), title: marks || undefined },
        name,
        marks && h('span', { class: 'marks' }, ` (${marks})`),
        badges(card),
      )
    : h('li', { class: 'card back', 'data-handle': handleOf(card), 'aria-label': t('board.unknownCard', { handle: handleOf(card) }) }, handleOf(card));
};

/** Damage and counters on the card, as badges: what a viewer looks for first. */
const badges = (card: Card) => {
  const counters = Object.entries(card.counters ?? {}).filter(([, value]) => value !== 0);
  return [
    card.damage
      ? h('span', { class: 'badge damage', 'data-damage': card.damage, title: t('board.damage', { damage: card.damage }) }, ` ${t('board.damage', { damage: card.damage })}`)
      : null,
    ...counters.map(([counter, value]) =>
      h('span', { class: 'badge counter', 'data-counter': counter, title: `${value} ${counterName(counter)}` }, ` ${value} ${counterName(counter)}`),
    ),
  ];
};

const zoneSection = (key: string, zone: Zone) => {
  const hidden = zone.cards.filter((card) => nameOf(card) === undefined).length;
  const stacked = zone.count > STACKED && hidden === zone.count;
  const label = `${zoneTitle(zone.zone.zone)}${zone.zone.slot !== undefined ? ` ${zone.zone.slot}` : ''}`;
  return h(
    'section',
    { class: 'zone', 'data-zone': key, 'data-count': zone.count, 'aria-label': t(zone.count === 1 ? 'board.zoneOne' : 'board.zoneMany', { zone: label, count: zone.count }) },
    h('h3', {}, label, h('span', { class: 'count' }, ` ${zone.count}`)),
    stacked ? h('p', { class: 'stack' }, t('board.stack', { count: zone.count })) : h('ol', { class: 'cards' }, zone.cards.map(cardItem)),
  );
};

/** Every zone of every player, in the order the game's ruleset lays them out, then the shared zones. */
export const renderBoard = (view: View) => {
  const entries = Object.entries(view.zones);
  const nameOfPlayer = (id: string) => view.players.find((p) => p.id === id)?.name ?? id;
  const seats = view.players.map((player) =>
    h(
      'section',
      { class: `seat${view.turn.player === player.id ? ' active' : ''}`, 'data-player': player.id, 'aria-label': t('board.zonesOf', { player: nameOfPlayer(player.id) }) },
      h('h2', {}, nameOfPlayer(player.id), view.turn.player === player.id ? h('span', { class: 'turn-badge' }, t('board.active')) : null),
      h(
        'div',
        { class: 'zones' },
        entries.filter(([, zone]) => zone.zone.player === player.id).map(([key, zone]) => zoneSection(key, zone)),
      ),
    ),
  );
  const shared = entries.filter(([, zone]) => zone.zone.player === undefined);
  return h(
    'div',
    { class: 'board' },
    seats,
    shared.length > 0 &&
      h(
        'section',
        { class: 'seat shared', 'aria-label': t('board.sharedZones') },
        h('h2', {}, t('board.shared')),
        h(
          'div',
          { class: 'zones' },
          shared.map(([key, zone]) => zoneSection(key, zone)),
        ),
      ),
  );
};
