import { MatchlogError } from '@matchlog/client';
import type { MatchDetail, View } from '@matchlog/client';
import { api } from '../../api/client';
import { delayBadge } from '../../ui/delay-badge';
import { replaceChildren } from '../../dom';
import { overlayOptions } from '../../overlay-options';
import { tokenFor } from '../../tokens';
import { store } from '../store';
import { Observed, delayOf, isNew, next, opened } from './state';
import { failedView, notThereView, overlayAreas, overlayView, paint } from './view';

/** how far back the first read of actions reaches to find RECENT that say something */
const LOOK_BACK = 30;
const BROADCAST = 'broadcast';
/** how often an overlay opened before its match is there (404 while a delay holds it back) asks again */
const NOT_THERE_RETRY_MS = 5000;

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
  const html = document.documentElement;
  html.classList.add('overlay');
  // CSSOM, which the page's CSP allows: each value is a colour that passed the check
  for (const [property, colour] of Object.entries(options.theme)) html.style.setProperty(property, colour);
  root.className = `overlay-root layout-${options.layout}`;
  if (options.ignored.length > 0) root.dataset.ignored = options.ignored.join(' ');
  const token = tokenFor(matchId, BROADCAST);
  let first: Awaited<ReturnType<typeof firstView>>;
  try {
    first = await firstView(matchId, token);
  } catch (error) {
    // a match inside its delay window is not there for the broadcast (as a missing one): wait for the table, and ask again
    if (error instanceof MatchlogError && error.code === 'MATCH_NOT_FOUND') {
      root.dataset.waiting = 'true';
      setTimeout(() => void renderOverlay(root, matchId, search), NOT_THERE_RETRY_MS);
      return replaceChildren(root, notThereView(error.code));
    }
    return replaceChildren(root, failedView(error, token !== undefined));
  }
  const client = api(token);
  const page = store(opened(first.view), next);
  const areas = overlayAreas();
  const badge = delayBadge(first.delay);
  const draw = () => paint(root, areas, page.get(), options, first.delay, badge);
  replaceChildren(root, overlayView(areas, options));
  const at = page.get().view.revision;
  if (options.layout === 'full' && at > 0) {
    const read = await client.events(matchId, BROADCAST, Math.max(0, at - LOOK_BACK), at);
    for (const { revision, observation } of read.observations) page.dispatch({ type: 'heard', revision, observation: observation as Observed });
  }
  draw();
  page.listen((action) => (action.type === 'arrived' ? draw() : undefined));
  // each revision once, in order, as the delay lets it out (the feed holds back what the view does)
  const feed = client.follow(
    matchId,
    BROADCAST,
    async ({ revision, observation }) => {
      if (!isNew(page.get(), revision)) return;
      const view = await client.view(matchId, BROADCAST, revision);
      page.dispatch({ type: 'arrived', revision, view, observation: observation as Observed });
    },
    { from: at, onState: (state) => (root.dataset.live = state) },
  );
  // the stream shows the last state it had rather than an error; the page's data says why it stopped
  feed.done.then(
    () => (root.dataset.live = 'ended'),
    (error: Error) => (root.dataset.live = `failed: ${error.message}`),
  );
};
