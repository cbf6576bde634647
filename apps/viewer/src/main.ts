// first: a link's #token= leaves the address before any other module runs or the page fetches anything
import './take-fragment-token';
import { h, replaceChildren } from './dom';
import { language, loadLanguage, t } from './i18n';
import { Route, routeOf } from './route';

const root = document.getElementById('app')!;
document.documentElement.lang = language();
const failed = (error: Error) =>
  replaceChildren(root, h('h1', {}, t('page.failed')), h('p', { role: 'alert', 'data-code': (error as { code?: string }).code ?? '' }, error.message));

/** Each route's page is a chunk of its own (scripts/build.js), fetched here: a route downloads only the code it runs. */
const show = async (route: Route): Promise<void> => {
  if (route.page === 'matches') return (await import('./pages/matches/page')).renderPicker(root);
  if (route.page === 'record') return (await import('./pages/recorder/page')).renderRecorder(root, route.matchId);
  if (route.page === 'round') return (await import('./pages/round/page')).renderRound(root, route.event, route.round);
  if (route.page === 'overlay') return (await import('./pages/overlay/page')).renderOverlay(root, route.matchId, route.search);
  if (route.page === 'newMatch') return (await import('./pages/new-match/page')).renderNewMatch(root);
  if (route.page === 'organize') return (await import('./pages/organize/page')).renderOrganize(root, route.matchId);
  if (route.page === 'desk') return (await import('./pages/desk/page')).renderDesk(root, route.event, route.all, route.history);
  if (route.page === 'call') return (await import('./pages/call/page')).renderCall(root, route.matchId, route.callId, route.event, route.at);
  if (route.page === 'stats') return (await import('./pages/stats/page')).renderStats(root, route.game, route.card);
  return (await import('./pages/match/page')).renderMatch(root, route.matchId, route.audience, route.at, route.live);
};
// the words first: a page may call t() as its chunk loads
loadLanguage()
  .then(() => show(routeOf(location)))
  .catch(failed);
