import { MatchlogError } from '@matchlog/client';
import type { MatchDetail, View } from '@matchlog/client';
import { api } from '../../api/client';
import { renderBoard } from '../../ui/board';
import { delayAmount, delayBadge } from '../../ui/delay-badge';
import { h, replaceChildren } from '../../dom';
import { gameLabel } from '../../game-label';
import { t } from '../../i18n';
import { overlayOptions } from '../../overlay-options';
import { renderScoreboard } from '../../ui/scoreboard';
import { sentenceOf } from '../../sentence';
import { tokenFor } from '../../tokens';

type Observed = { type: string; [field: string]: unknown };

/** how many of the latest actions the full layout lists */
const RECENT = 5;
/** how far back the first read of actions reaches to find RECENT that say something */
const LOOK_BACK = 30;
const BROADCAST = 'broadcast';
/** how often an overlay opened before its match is there (404 while a delay holds it back) asks again */
const NOT_THERE_RETRY_MS = 5000;

/** `seconds=300, events=0` (GET /matches/:id/views/broadcast's Broadcast-Delay header) as the match set its delay. */
const delayOf = (header: string | null): MatchDetail['broadcastDelay'] => {
  if (header === null) return undefined;
  const number = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(header)?.[1] ?? 0);
  return { seconds: number('seconds'), events: number('events') };
};

/**
 * The broadcast's latest view, as any request of the page makes it (the token in the Authorization header only),
 * read here by hand for the header that says how far behind the match it runs.
 */
const firstView = async (matchId: string, token: string | undefined): Promise<{ view: View; delay: MatchDetail['broadcastDelay'] }> => {
  const answer = await fetch(`/matches/${encodeURIComponent(matchId)}/views/${BROADCAST}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = (await answer.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!answer.ok) throw new MatchlogError(body?.code ?? 'HTTP_ERROR', answer.status, body, body?.message ?? `${answer.status} ${answer.statusText}`);
  return { view: body as unknown as View, delay: delayOf(answer.headers.get('Broadcast-Delay')) };
};

/**
 * The broadcast overlay (/viewer/overlay/:matchId), an OBS browser source of 1920×1080 on a transparent page:
 * the match as its broadcast audience sees it, through the broadcast's own delay, live. It reads that audience's
 * view and observations only (never the match's detail, which is at the head), so nothing it loads is past the
 * delayed revision. `?layout=scorebug|board|full`, and the event's colours (`?accent=%23ff0066&text=…`, overlay-options.ts).
 */
export const renderOverlay = async (root: HTMLElement, matchId: string, search: URLSearchParams): Promise<void> => {
  const options = overlayOptions(search);
  const page = document.documentElement;
  page.classList.add('overlay');
  // CSSOM, which the page's CSP allows: each value is a colour that passed the check
  for (const [property, colour] of Object.entries(options.theme)) page.style.setProperty(property, colour);
  root.className = `overlay-root layout-${options.layout}`;
  if (options.ignored.length > 0) root.dataset.ignored = options.ignored.join(' ');
  const token = tokenFor(matchId, BROADCAST);
  let first: Awaited<ReturnType<typeof firstView>>;
  try {
    first = await firstView(matchId, token);
  } catch (error) {
    const known = error instanceof MatchlogError;
    // a match inside its delay window is not there for the broadcast (as a missing one): wait for the table, and ask again
    if (known && error.code === 'MATCH_NOT_FOUND') {
      root.dataset.waiting = 'true';
      setTimeout(() => void renderOverlay(root, matchId, search), NOT_THERE_RETRY_MS);
      return replaceChildren(
        root,
        h('section', { class: 'overlay-waiting', role: 'status', 'data-code': error.code }, h('h2', {}, t('overlay.waiting')), h('p', {}, t('overlay.waitingNotThere'))),
      );
    }
    const locked = known && token === undefined && (error.status === 401 || error.status === 403) && error.code !== 'BROADCAST_DELAYED';
    return replaceChildren(
      root,
      h(
        'p',
        { class: 'overlay-message', role: 'alert', 'data-code': known ? error.code : '' },
        locked ? t('overlay.needsLink') : known ? `${error.message} (${error.code})` : String(error),
      ),
    );
  }
  const client = api(token);
  let view = first.view;
  const nameOf = (player: string) => view.players.find((p) => p.id === player)?.name ?? player;
  const scorebug = h('div', { class: 'overlay-scorebug' });
  const board = h('div', { class: 'overlay-board' });
  const log = h('ol', { class: 'overlay-log', 'aria-label': t('overlay.recent') });
  const recent: { revision: number; sentence: string }[] = [];
  const badge = delayBadge(first.delay);
  /** inside the delay window, before anything but the match's creation has reached the broadcast: the overlay says it waits, and why */
  const waiting = () => view.revision <= 1 && view.ended === null;
  const waitingPanel = () => {
    const delay = delayAmount(first.delay);
    return h(
      'section',
      { class: 'overlay-waiting', role: 'status' },
      h('h2', {}, t('overlay.waiting')),
      view.players.length > 0 ? h('p', { class: 'waiting-players' }, view.players.map((player) => nameOf(player.id)).join(t('sentence.vs'))) : null,
      h('p', {}, delay ? t('overlay.waitingWhy', { delay }) : t('overlay.waitingNoDelay')),
    );
  };
  const draw = () => {
    root.dataset.revision = String(view.revision);
    const game = view.tournament?.game !== undefined || view.tournament?.table !== undefined ? h('p', { class: 'overlay-game' }, gameLabel(view.tournament)) : null;
    replaceChildren(scorebug, renderScoreboard(view, nameOf), game, badge);
    root.dataset.waiting = String(waiting());
    if (options.layout !== 'scorebug') replaceChildren(board, waiting() ? waitingPanel() : renderBoard(view, nameOf, { compact: true }));
    if (options.layout === 'full')
      replaceChildren(
        log,
        recent.slice(-RECENT).map((entry) => h('li', { 'data-revision': entry.revision }, entry.sentence)),
      );
  };
  const heard = (revision: number, observation: Observed) => {
    if (observation.type === 'Nothing') return;
    recent.push({ revision, sentence: sentenceOf(observation, nameOf) });
    recent.splice(0, Math.max(0, recent.length - RECENT));
  };
  replaceChildren(root, scorebug, options.layout !== 'scorebug' ? board : null, options.layout === 'full' ? log : null);
  if (options.layout === 'full' && view.revision > 0) {
    const page = await client.events(matchId, BROADCAST, Math.max(0, view.revision - LOOK_BACK), view.revision);
    for (const { revision, observation } of page.observations) heard(revision, observation as Observed);
  }
  draw();
  // each revision once, in order, as the delay lets it out (the feed holds back what the view does)
  const feed = client.follow(
    matchId,
    BROADCAST,
    async ({ revision, observation }) => {
      if (revision <= view.revision) return;
      view = await client.view(matchId, BROADCAST, revision);
      heard(revision, observation as Observed);
      draw();
    },
    { from: view.revision, onState: (state) => (root.dataset.live = state) },
  );
  // the stream shows the last state it had rather than an error; the page's data says why it stopped
  feed.done.then(
    () => (root.dataset.live = 'ended'),
    (error: Error) => (root.dataset.live = `failed: ${error.message}`),
  );
};
