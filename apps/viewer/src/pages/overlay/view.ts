import { MatchlogError } from '@matchlog/client';
import type { MatchDetail } from '@matchlog/client';
import { renderBoard } from '../../ui/board';
import { delayAmount, delayBadge } from '../../ui/delay-badge';
import { h, replaceChildren } from '../../dom';
import { gameLabel } from '../../game-label';
import { t } from '../../i18n';
import type { OverlayOptions } from '../../overlay-options';
import { renderScoreboard } from '../../ui/scoreboard';
import { OverlayState, RECENT, nameIn, needsLink, waiting } from './state';

type Nodes = (Node | string | null | undefined)[];

/** The parts of the overlay each revision redraws; the layout leaves out the board, or the log. */
export const overlayAreas = () => ({
  scorebug: h('div', { class: 'overlay-scorebug' }),
  board: h('div', { class: 'overlay-board' }),
  log: h('ol', { class: 'overlay-log', 'aria-label': t('overlay.recent') }),
});
export type OverlayAreas = ReturnType<typeof overlayAreas>;

export const overlayView = (areas: OverlayAreas, options: OverlayOptions): Nodes => [
  areas.scorebug,
  options.layout !== 'scorebug' ? areas.board : null,
  options.layout === 'full' ? areas.log : null,
];

const waitingPanel = (state: OverlayState, delay: MatchDetail['broadcastDelay']) => {
  const amount = delayAmount(delay);
  const nameOf = nameIn(state.view);
  return h(
    'section',
    { class: 'overlay-waiting', role: 'status' },
    h('h2', {}, t('overlay.waiting')),
    state.view.players.length > 0 ? h('p', { class: 'waiting-players' }, state.view.players.map((player) => nameOf(player.id)).join(t('sentence.vs'))) : null,
    h('p', {}, amount ? t('overlay.waitingWhy', { delay: amount }) : t('overlay.waitingNoDelay')),
  );
};

/** The overlay redrawn from the state: the score bar with the game and the delay's badge, the board (or the wait), the last actions. */
export const paint = (
  root: HTMLElement,
  areas: OverlayAreas,
  state: OverlayState,
  options: OverlayOptions,
  delay: MatchDetail['broadcastDelay'],
  badge: ReturnType<typeof delayBadge>,
): void => {
  const { view } = state;
  const nameOf = nameIn(view);
  root.dataset.revision = String(view.revision);
  const game = view.tournament?.game !== undefined || view.tournament?.table !== undefined ? h('p', { class: 'overlay-game' }, gameLabel(view.tournament)) : null;
  replaceChildren(areas.scorebug, renderScoreboard(view, nameOf), game, badge);
  root.dataset.waiting = String(waiting(state));
  if (options.layout !== 'scorebug') replaceChildren(areas.board, waiting(state) ? waitingPanel(state, delay) : renderBoard(view, nameOf, { compact: true }));
  if (options.layout === 'full')
    replaceChildren(
      areas.log,
      state.recent.slice(-RECENT).map((entry) => h('li', { 'data-revision': entry.revision }, entry.sentence)),
    );
};

/** A match inside its delay window is not there for the broadcast (as a missing one): the overlay waits for the table. */
export const notThereView = (code: string): Nodes => [
  h('section', { class: 'overlay-waiting', role: 'status', 'data-code': code }, h('h2', {}, t('overlay.waiting')), h('p', {}, t('overlay.waitingNotThere'))),
];

export const failedView = (error: unknown, token: boolean): Nodes => {
  const known = error instanceof MatchlogError;
  const text = known && needsLink(error.status, error.code, token) ? t('overlay.needsLink') : known ? `${error.message} (${error.code})` : String(error);
  return [h('p', { class: 'overlay-message', role: 'alert', 'data-code': known ? error.code : '' }, text)];
};
