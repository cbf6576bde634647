import { EventType } from '../events/events';

type Field = 'string' | 'string?' | 'number' | 'number?' | 'boolean?' | 'zone' | 'zone?' | 'strings' | 'strings?' | 'position?' | 'string|null' | 'moves' | 'players' | 'cards' | 'object?';

/** The fields of each event's data. The HTTP layer checks the same with DTOs; this is the domain's own guard. */
const shapes: Record<EventType, Record<string, Field>> = {
  MatchCreated: { game: 'string', players: 'players', cards: 'cards', tournament: 'object?', publicDeckLists: 'boolean?' },
  CardMoved: { cardId: 'string', from: 'zone', to: 'zone', position: 'position?', faceDown: 'boolean?', reason: 'string?', source: 'string?', characteristic: 'string?' },
  CardsMoved: { moves: 'moves' },
  ZoneShuffled: { zone: 'zone', order: 'strings', salt: 'string?', commitment: 'string?' },
  CardsRevealed: { cardIds: 'strings', to: 'strings?' },
  CardsLookedAt: { player: 'string', cardIds: 'strings', source: 'string?' },
  CardStatusChanged: { cardId: 'string', exerted: 'boolean?', damage: 'number?', faceDown: 'boolean?' },
  ControlChanged: { cardId: 'string', controller: 'string' },
  TurnStarted: { player: 'string', turn: 'number' },
  EffectStarted: { effectId: 'string', player: 'string', kind: 'string', sourceCardId: 'string?' },
  EffectResolved: { effectId: 'string' },
  TriggerAdded: { triggerId: 'string', player: 'string', sourceCardId: 'string', ability: 'string', kind: 'string?', targets: 'strings?' },
  TriggerResolved: { triggerId: 'string', player: 'string' },
  TriggerRemoved: { triggerId: 'string', reason: 'string' },
  SearchPerformed: { player: 'string', zone: 'zone', criteria: 'string?', found: 'string|null' },
  PlayerLeft: { player: 'string' },
  MatchEnded: { winner: 'string?', reason: 'string' },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isZone = (value: unknown): boolean =>
  isObject(value) && typeof value.zone === 'string' && (value.player === undefined || typeof value.player === 'string') && (value.slot === undefined || Number.isInteger(value.slot));
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The path of the first field that does not have its shape, or null when the data is well formed. */
const badField = (fields: Record<string, Field>, data: Record<string, unknown>, path: string): string | null => {
  for (const [name, field] of Object.entries(fields)) {
    const value = data[name];
    const at = `${path}.${name}`;
    const optional = field.endsWith('?');
    if (value === undefined && optional) continue;
    const kind = optional ? field.slice(0, -1) : field;
    const ok =
      kind === 'string' ? typeof value === 'string'
      : kind === 'number' ? typeof value === 'number' && Number.isFinite(value)
      : kind === 'boolean' ? typeof value === 'boolean'
      : kind === 'zone' ? isZone(value)
      : kind === 'strings' ? isStrings(value)
      : kind === 'position' ? value === 'top' || value === 'bottom' || Number.isInteger(value)
      : kind === 'string|null' ? value === null || typeof value === 'string'
      : kind === 'object' ? isObject(value)
      : kind === 'players' ? Array.isArray(value) && value.every((p) => isObject(p) && typeof p.id === 'string')
      : kind === 'moves' ? Array.isArray(value) && value.length > 0
      : kind === 'cards' ? Array.isArray(value)
      : false;
    if (!ok) return at;
    if (kind === 'moves') {
      for (const [i, move] of (value as unknown[]).entries()) {
        const bad = isObject(move) ? badField(shapes.CardMoved, move, `${at}[${i}]`) : `${at}[${i}]`;
        if (bad) return bad;
      }
    }
    if (kind === 'cards') {
      for (const [i, card] of (value as unknown[]).entries()) {
        if (!isObject(card)) return `${at}[${i}]`;
        const bad = badField({ cardId: 'string', definition: 'string', zone: 'zone', faceDown: 'boolean?' }, card, `${at}[${i}]`);
        if (bad) return bad;
        if (card.owner !== null && typeof card.owner !== 'string') return `${at}[${i}].owner`;
      }
    }
  }
  return null;
};

export const malformedField = (type: EventType, data: unknown): string | null =>
  isObject(data) ? badField(shapes[type], data, 'data') : 'data';
