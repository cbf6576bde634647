import type { Clock } from '../clock';
import { h } from '../dom';
// `t` names a turn here
import { t as tr } from '../i18n';
import { s } from '../svg';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 26, bottom: 28 };

export const duration = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return m === 0 ? `${rest} s` : rest === 0 ? `${m} min` : `${m} min ${String(rest).padStart(2, '0')} s`;
};

/** The turn under way at an instant, by the turns' start and end. */
const turnAt = (clock: Clock, at: string) => clock.turns.find((t) => t.start <= at && at <= t.end)?.turn;

/**
 * The clock as a picture for the judge: one bar per turn, its height the turn's seconds, coloured by
 * player; the slow-turn line, time called and each extension marked; a text alternative beside it.
 */
export const renderClock = (clock: Clock, nameOf: (player: string) => string) => {
  const seats = [...new Set(clock.players.map((p) => p.player))];
  // the scale reaches the next whole minute, ticked every minute (every 5 past 10)
  const minutes = Math.max(1, Math.ceil(Math.max(clock.slowTurnSeconds, ...clock.turns.map((t) => t.seconds)) / 60));
  const most = minutes * 60;
  const step = minutes > 10 ? 5 : minutes > 5 ? 2 : 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(clock.turns.length, 1);
  const x = (index: number) => PAD.left + index * slot;
  const y = (seconds: number) => PAD.top + plotH - (seconds / most) * plotH;
  const slow = new Set(clock.slowTurns.map((t) => t.turn));
  const indexOf = (turn: number | undefined) => clock.turns.findIndex((t) => t.turn === turn);
  const bars = clock.turns.map((t, i) =>
    s(
      'rect',
      {
        class: `bar seat-${seats.indexOf(t.player)}${t.afterTime ? ' after-time' : ''}${slow.has(t.turn) ? ' slow' : ''}`,
        x: x(i) + slot * 0.12,
        y: y(t.seconds),
        width: slot * 0.76,
        height: Math.max(PAD.top + plotH - y(t.seconds), 1),
        'data-turn': t.turn,
      },
      s(
        'title',
        {},
        `${tr('clock.bar', { turn: t.turn, player: nameOf(t.player), duration: duration(t.seconds) })}${t.afterTime ? tr('clock.barAfterTime') : ''}${slow.has(t.turn) ? tr('clock.barSlow') : ''}`,
      ),
    ),
  );
  const called = indexOf(clock.timeCalled?.turn);
  const marker = (index: number, kind: string, label: string) =>
    s(
      'g',
      { class: `marker ${kind}` },
      s('line', { x1: x(index) + slot / 2, x2: x(index) + slot / 2, y1: PAD.top - 4, y2: PAD.top + plotH }),
      s('text', { x: x(index) + slot / 2, y: PAD.top - 8 }, label),
    );
  const ticks = Array.from({ length: Math.floor(minutes / step) + 1 }, (_, i) => i * step * 60).map((v) => [
    s('line', { class: 'grid', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(v), y2: y(v) }),
    s('text', { class: 'tick', x: PAD.left - 6, y: y(v) + 4 }, `${v / 60} min`),
  ]);
  const svg = s(
    'svg',
    { class: 'clock-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-labelledby': 'clock-title clock-desc' },
    s('title', { id: 'clock-title' }, tr('clock.chartTitle')),
    s(
      'desc',
      { id: 'clock-desc' },
      `${tr('clock.desc', {
        count: clock.turns.length,
        players: clock.players.map((p) => tr('clock.descPlayer', { player: nameOf(p.player), duration: duration(p.seconds), turns: p.turns })).join('; '),
      })}${clock.timeCalled ? tr('clock.descCalled', { turn: clock.timeCalled.turn }) : ''}`,
    ),
    s('line', { class: 'axis', x1: PAD.left, x2: WIDTH - PAD.right, y1: PAD.top + plotH, y2: PAD.top + plotH }),
    ticks.flat(),
    s('line', { class: 'slow-line', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(clock.slowTurnSeconds), y2: y(clock.slowTurnSeconds) }),
    bars,
    clock.turns.map((t, i) => s('text', { class: 'turn-label', x: x(i) + slot / 2, y: HEIGHT - PAD.bottom + 16 }, String(t.turn))),
    called >= 0 && marker(called, 'time-called', tr('clock.timeMarker')),
    clock.extensions.map((e) => {
      const index = indexOf(turnAt(clock, e.at));
      return index >= 0 ? marker(index, 'extension', `+${duration(e.seconds)}`) : null;
    }),
  );
  return h(
    'section',
    { class: 'clock', 'aria-label': tr('clock.title') },
    h('h2', {}, tr('clock.title')),
    h(
      'ul',
      { class: 'legend' },
      seats.map((player, i) => h('li', { class: `seat-${i}` }, nameOf(player))),
      h('li', { class: 'slow-key' }, tr('clock.slowKey', { duration: duration(clock.slowTurnSeconds) })),
      clock.turns.some((t) => t.afterTime) && h('li', { class: 'after-key' }, tr('clock.afterKey')),
    ),
    svg,
    h(
      'table',
      { class: 'clock-totals' },
      h('caption', {}, clock.times === 'imported' ? tr('clock.totalsImported') : tr('clock.totals')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, tr('clock.player')),
          h('th', { scope: 'col' }, tr('clock.time')),
          h('th', { scope: 'col' }, tr('clock.turns')),
          h('th', { scope: 'col' }, tr('clock.longest')),
        ),
      ),
      h(
        'tbody',
        {},
        clock.players.map((p) =>
          h(
            'tr',
            { 'data-player': p.player },
            h('th', { scope: 'row' }, nameOf(p.player)),
            h('td', {}, duration(p.seconds)),
            h('td', {}, p.turns),
            h('td', {}, duration(p.longestTurn)),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'clock-notes' },
      [
        clock.timeCalled ? tr('clock.called', { turn: clock.timeCalled.turn, revision: clock.timeCalled.revision }) : tr('clock.notCalled'),
        clock.afterTime
          ? clock.afterTime.turnsAllowed !== null && clock.afterTime.minutesAllowed !== null
            ? tr('clock.afterOfOrMinutes', {
                played: clock.afterTime.turnsPlayed,
                allowed: clock.afterTime.turnsAllowed,
                minutes: clock.afterTime.minutesAllowed,
                elapsed: duration(clock.afterTime.secondsSinceCalled),
              })
            : clock.afterTime.turnsAllowed !== null
              ? tr('clock.afterOf', { played: clock.afterTime.turnsPlayed, allowed: clock.afterTime.turnsAllowed })
              : tr(clock.afterTime.turnsPlayed === 1 ? 'clock.afterOne' : 'clock.afterMany', { played: clock.afterTime.turnsPlayed })
          : null,
        ...clock.extensions.map((e) => tr('clock.extended', { duration: duration(e.seconds), revision: e.revision, reason: e.reason })),
      ]
        .filter(Boolean)
        .join(' '),
    ),
  );
};
