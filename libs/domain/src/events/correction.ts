import { evolve } from '../state/evolve';
import { zoneIndexOf } from '../state/layout';
import { MatchLayout, MatchState } from '../state/match-state';
import { EventDataByType, MatchEvent, Move } from './events';

/** The event types a correction may be: those whose `data` carries `corrects` (vocabulary.ts). */
export type CorrectingType = 'CardMoved' | 'CardsMoved' | 'CardStatusChanged' | 'CounterChanged' | 'ControlChanged';

export type CorrectingEvent = { [T in CorrectingType]: { readonly type: T; readonly data: EventDataByType[T] } }[CorrectingType];

/** Whether an event of this type may name an event it corrects. */
export const isCorrecting = (type: string): type is CorrectingType =>
  type === 'CardMoved' || type === 'CardsMoved' || type === 'CardStatusChanged' || type === 'CounterChanged' || type === 'ControlChanged';

/** The id of the event this one corrects, if it is a correction. */
export const correctedId = (event: { readonly type: string; readonly data?: unknown }): string | undefined => {
  if (!isCorrecting(event.type)) return undefined;
  const corrects = (event.data as { corrects?: unknown } | null | undefined)?.corrects;
  return typeof corrects === 'string' ? corrects : undefined;
};

/** The move that puts a card back where `move` took it from, as it lay in `before` (its place in an ordered zone, its face, its status, its want of a name). */
const undoMove = (layout: MatchLayout, before: MatchState, move: Move): { move: Move; status: { exerted?: boolean; damage?: number } | null } | null => {
  const card = layout.cardIndex.get(move.cardId);
  const from = zoneIndexOf(layout, move.from);
  if (card === undefined || from === undefined) return null;
  const was = before.cards[card];
  const zone = layout.zones[from].definition;
  const at = before.zones[from].indexOf(card);
  const back: Move = {
    cardId: move.cardId,
    from: move.to,
    to: move.from,
    ...(zone.ordered && at >= 0 && { position: at }),
    ...(was.faceDown !== (zone.defaultFace === 'down') && { faceDown: was.faceDown }),
    // the move named a card nobody had identified: the name goes back with it
    ...(typeof move.definition === 'string' && was.definition === null && { definition: null }),
  };
  const status = was.exerted || was.damage > 0 ? { ...(was.exerted && { exerted: true }), ...(was.damage > 0 && { damage: was.damage }) } : null;
  return { move: back, status };
};

/**
 * The events that undo `event`, given the match as it was just before it, each marked as correcting it: a
 * correction is a new event, never a rewritten log. Moves go back to where they were (their place in an
 * ordered zone, their face) and get back the status the move cleared; a status, a counter or a controller
 * gets back its value. Empty for an event no event undoes (a shuffle, a reveal, a turn, the end). Pure.
 */
export const correctionOf = (before: MatchState, event: MatchEvent): CorrectingEvent[] => {
  const layout = before.layout;
  if (layout === null) return [];
  const corrects = event.id;
  switch (event.type) {
    case 'CardMoved':
    case 'CardsMoved': {
      const moves = event.type === 'CardMoved' ? [event.data] : event.data.moves;
      const undone: { move: Move; status: { exerted?: boolean; damage?: number } | null }[] = [];
      let state = before;
      for (const move of moves) {
        const back = undoMove(layout, state, move);
        if (back === null) return [];
        undone.push(back);
        state = evolve(state, { id: corrects, type: 'CardMoved', data: move });
      }
      undone.reverse();
      const moved: CorrectingEvent =
        undone.length === 1 ? { type: 'CardMoved', data: { ...undone[0].move, corrects } } : { type: 'CardsMoved', data: { moves: undone.map((u) => u.move), corrects } };
      const statuses: CorrectingEvent[] = undone.flatMap(({ move, status }) =>
        status === null ? [] : [{ type: 'CardStatusChanged' as const, data: { cardId: move.cardId, ...status, corrects } }],
      );
      return [moved, ...statuses];
    }
    case 'CardStatusChanged': {
      const card = layout.cardIndex.get(event.data.cardId);
      if (card === undefined) return [];
      const was = before.cards[card];
      const { exerted, damage, faceDown } = event.data;
      return [
        {
          type: 'CardStatusChanged',
          data: {
            cardId: event.data.cardId,
            ...(exerted !== undefined && { exerted: was.exerted }),
            ...(damage !== undefined && { damage: was.damage }),
            ...(faceDown !== undefined && { faceDown: was.faceDown }),
            corrects,
          },
        },
      ];
    }
    case 'CounterChanged': {
      const { counter, player, cardId } = event.data;
      if (player !== undefined) return [{ type: 'CounterChanged', data: { counter, player, to: before.counters[player]?.[counter] ?? 0, corrects } }];
      const card = cardId === undefined ? undefined : layout.cardIndex.get(cardId);
      if (card === undefined) return [];
      return [{ type: 'CounterChanged', data: { counter, cardId, to: before.cards[card].counters[counter] ?? 0, corrects } }];
    }
    case 'ControlChanged': {
      const card = layout.cardIndex.get(event.data.cardId);
      const controller = card === undefined ? null : before.cards[card].controller;
      return controller === null ? [] : [{ type: 'ControlChanged', data: { cardId: event.data.cardId, controller, corrects } }];
    }
    default:
      return [];
  }
};
