import { h } from '../../dom';
import { t } from '../../i18n';
import { s } from '../../svg';
import { HIST_H, HIST_W, PLOT, histogramScale } from './state';

/** The turn-first-played histogram, as SVG bars with titles on labelled axes (games up, turns across), and the same as a table. */
export const histogram = (firstTurns: Record<string, number>) => {
  const { turns, width, height, base, slot, y, ticks, labelled } = histogramScale(firstTurns);
  const bars = turns.map((turn) =>
    s(
      'rect',
      { class: 'bar', x: PLOT.left + (turn - 1) * slot + slot * 0.1, y: y(firstTurns[turn]), width: slot * 0.8, height: base - y(firstTurns[turn]), 'data-turn': turn },
      s('title', {}, t('stats.turnBar', { turn, games: firstTurns[turn] })),
    ),
  );
  const grid = s(
    'g',
    { class: 'grid' },
    ticks.map((games) => s('line', { x1: PLOT.left, x2: PLOT.left + width, y1: y(games), y2: y(games) })),
  );
  const yAxis = s(
    'g',
    { class: 'axis y-axis' },
    s('line', { x1: PLOT.left, x2: PLOT.left, y1: PLOT.top, y2: base }),
    ticks.map((games) => s('text', { x: PLOT.left - 6, y: y(games) + 3, 'text-anchor': 'end' }, String(games))),
    s('text', { class: 'axis-title', x: 0, y: 0, transform: `translate(12 ${PLOT.top + height / 2}) rotate(-90)`, 'text-anchor': 'middle' }, t('stats.games')),
  );
  const xAxis = s(
    'g',
    { class: 'axis x-axis' },
    s('line', { x1: PLOT.left, x2: PLOT.left + width, y1: base, y2: base }),
    labelled.map((turn) => s('text', { x: PLOT.left + (turn - 0.5) * slot, y: base + 14, 'text-anchor': 'middle' }, String(turn))),
    s('text', { class: 'axis-title', x: PLOT.left + width / 2, y: HIST_H - 6, 'text-anchor': 'middle' }, t('stats.turn')),
  );
  return h(
    'figure',
    { class: 'stats-histogram' },
    s(
      'svg',
      { viewBox: `0 0 ${HIST_W} ${HIST_H}`, role: 'img', 'aria-labelledby': 'histogram-title' },
      s('title', { id: 'histogram-title' }, t('stats.histogramTitle')),
      grid,
      bars,
      yAxis,
      xAxis,
    ),
    h('figcaption', {}, t('stats.histogramTitle')),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('stats.turn')), h('th', { scope: 'col' }, t('stats.games')))),
      h(
        'tbody',
        {},
        turns.map((turn) => h('tr', {}, h('td', {}, String(turn)), h('td', {}, String(firstTurns[turn])))),
      ),
    ),
  );
};
