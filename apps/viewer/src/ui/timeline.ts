import { h } from '../dom';
import { t } from '../i18n';

export interface Timeline {
  readonly element: HTMLElement;
  go(revision: number): void;
  /** a later head: the slider reaches it */
  extend(head: number): void;
  head(): number;
}

const SPEEDS = [0.5, 1, 2, 4, 8];

/**
 * A slider over revisions 0…head, step back and forward, play and pause at a chosen speed (events per
 * second). Keyboard anywhere on the page but in a field: ← and → step, space plays or pauses.
 */
export const timeline = (initialHead: number, at: number, onChange: (revision: number) => void): Timeline => {
  let head = initialHead;
  let current = at;
  let timer: ReturnType<typeof setInterval> | null = null;
  const slider = h('input', { type: 'range', min: 0, max: head, value: at, 'aria-label': t('timeline.revision'), name: 'revision' });
  const position = h('output', { 'aria-live': 'off' });
  const play = h('button', { type: 'button', class: 'play', 'aria-pressed': 'false' }, t('timeline.play'));
  const speed = h(
    'select',
    { name: 'speed', 'aria-label': t('timeline.speed') },
    SPEEDS.map((s) => h('option', { value: s, selected: s === 1 }, `${s}×`)),
  );
  const go = (revision: number) => {
    current = Math.max(0, Math.min(head, revision));
    slider.value = String(current);
    slider.setAttribute('aria-valuetext', t('timeline.revisionOf', { current, head }));
    position.textContent = `${current} / ${head}`;
    onChange(current);
  };
  const pause = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = t('timeline.play');
    play.setAttribute('aria-pressed', 'false');
  };
  const start = () => {
    if (current >= head) go(0);
    timer = setInterval(() => (current >= head ? pause() : go(current + 1)), 1000 / Number(speed.value));
    play.textContent = t('timeline.pause');
    play.setAttribute('aria-pressed', 'true');
  };
  const toggle = () => (timer === null ? start() : pause());
  slider.addEventListener('input', () => go(Number(slider.value)));
  play.addEventListener('click', toggle);
  speed.addEventListener('change', () => timer !== null && (pause(), start()));
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target !== slider && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    // space on a focused button presses that button
    if (target.tagName === 'BUTTON' && event.key === ' ') return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + (event.key === 'ArrowRight' ? 1 : -1));
    } else if (event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  });
  const element = h(
    'div',
    { class: 'timeline', role: 'group', 'aria-label': t('timeline.label') },
    h('button', { type: 'button', 'aria-label': t('timeline.back'), onclick: () => go(current - 1) }, '◀'),
    slider,
    h('button', { type: 'button', 'aria-label': t('timeline.forward'), onclick: () => go(current + 1) }, '▶'),
    play,
    speed,
    position,
  );
  return {
    element,
    go,
    extend: (next) => {
      head = Math.max(head, next);
      slider.max = String(head);
    },
    head: () => head,
  };
};
