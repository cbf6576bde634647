// first: a link's #token= leaves the address before any other module runs or the page fetches anything
import './take-fragment-token';
import { h, replaceChildren } from './dom';
import { language, t } from './i18n';
import { renderCall } from './desk/call-page';
import { renderDesk } from './desk/desk-page';
import { renderMatch } from './match-page';
import { renderNewMatch } from './new-match-page';
import { renderOrganize } from './organize-page';
import { renderOverlay } from './overlay-page';
import { renderPicker } from './picker';
import { renderRecorder } from './record/recorder-page';
import { renderRound } from './round-page';
import { routeOf } from './route';
import { renderStats } from './stats-page';

const root = document.getElementById('app')!;
document.documentElement.lang = language();
const route = routeOf(location);
const failed = (error: Error) =>
  replaceChildren(root, h('h1', {}, t('page.failed')), h('p', { role: 'alert', 'data-code': (error as { code?: string }).code ?? '' }, error.message));
if (route.page === 'matches') renderPicker(root);
else if (route.page === 'record') renderRecorder(root, route.matchId).catch(failed);
else if (route.page === 'round') renderRound(root, route.event, route.round).catch(failed);
else if (route.page === 'overlay') renderOverlay(root, route.matchId, route.search).catch(failed);
else if (route.page === 'newMatch') renderNewMatch(root);
else if (route.page === 'organize') renderOrganize(root, route.matchId).catch(failed);
else if (route.page === 'desk') renderDesk(root, route.event, route.all, route.history).catch(failed);
else if (route.page === 'call') renderCall(root, route.matchId, route.callId, route.event, route.at).catch(failed);
else if (route.page === 'stats') renderStats(root, route.game, route.card).catch(failed);
else renderMatch(root, route.matchId, route.audience, route.at, route.live).catch(failed);
