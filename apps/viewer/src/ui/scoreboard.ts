import type { View } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';
import { renderScore } from './score';

/** The time called and extensions, as everyone at the table knows them. */
const timeLine = (time: View['time']) => {
  const parts = [
    time.called !== null
      ? `${t('score.timeCalled', { turn: time.called.turn })}${time.turnsAfter > 0 ? t(time.turnsAfter === 1 ? 'score.turnSince' : 'score.turnsSince', { count: time.turnsAfter }) : ''}`
      : null,
    ...time.extensions.map((e) => `+${e.seconds % 60 === 0 ? `${e.seconds / 60} min` : `${e.seconds} s`} (${e.reason})`),
  ].filter(Boolean);
  return parts.length === 0 ? null : h('p', { class: 'time', 'data-called': time.called !== null ? 'true' : 'false' }, parts.join(' · '));
};

/** The end as the score bar says it, so every layout of the overlay names the winner. */
const ending = (ended: NonNullable<View['ended']>, nameOf: (player: string) => string): string =>
  ended.winner !== undefined ? t('score.wonBy', { player: nameOf(ended.winner) }) : ended.draw === true ? t('score.drawn') : t('score.gameOver');

/** Where we are, at a glance: each player with their score, the turn and whose it is, the clock's state. */
export const renderScoreboard = (view: View, nameOf: (player: string) => string) =>
  h(
    'section',
    { class: 'scoreboard', 'aria-label': t('score.label') },
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
        ? t('score.beforeFirstTurn')
        : t('score.turn', { turn: view.turn.number, state: view.ended !== null ? ending(view.ended, nameOf) : t('score.toPlay', { player: nameOf(view.turn.player) }) }),
    ),
    timeLine(view.time),
  );
