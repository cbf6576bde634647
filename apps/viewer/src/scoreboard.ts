import type { View } from './api/client';
import { h } from './dom';
import { renderScore } from './score';

/** The time called and extensions, as everyone at the table knows them. */
const timeLine = (time: View['time']) => {
  const parts = [
    time.called !== null ? `Time called on turn ${time.called.turn}${time.turnsAfter > 0 ? ` · ${time.turnsAfter} turn${time.turnsAfter === 1 ? '' : 's'} since` : ''}` : null,
    ...time.extensions.map((e) => `+${e.seconds % 60 === 0 ? `${e.seconds / 60} min` : `${e.seconds} s`} (${e.reason})`),
  ].filter(Boolean);
  return parts.length === 0 ? null : h('p', { class: 'time', 'data-called': time.called !== null ? 'true' : 'false' }, parts.join(' · '));
};

/** Where we are, at a glance: each player with their score, the turn and whose it is, the clock's state. */
export const renderScoreboard = (view: View, nameOf: (player: string) => string) =>
  h(
    'section',
    { class: 'scoreboard', 'aria-label': 'Score and turn' },
    h(
      'ol',
      { class: 'players' },
      view.players.map((player) =>
        h(
          'li',
          { class: `player${view.turn.player === player.id && view.ended === null ? ' active' : ''}`, 'data-player': player.id },
          h('span', { class: 'name' }, nameOf(player.id)),
          renderScore(view, player.id),
        ),
      ),
    ),
    h(
      'p',
      { class: 'turn', 'data-turn': view.turn.number, 'data-player': view.turn.player ?? '' },
      view.turn.number === 0 || view.turn.player === null
        ? 'Before the first turn'
        : `Turn ${view.turn.number} · ${view.ended !== null ? 'game over' : `${nameOf(view.turn.player)} to play`}`,
    ),
    timeLine(view.time),
  );
