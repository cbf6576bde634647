import { h, replaceChildren } from './dom';
import { language, t } from './i18n';
import { renderMatch } from './match-page';
import { renderPicker } from './picker';
import { renderRound } from './round-page';
import { routeOf } from './route';
import { renderStats } from './stats-page';

const root = document.getElementById('app')!;
document.documentElement.lang = language();
const route = routeOf(location);
const failed = (error: Error) =>
  replaceChildren(root, h('h1', {}, t('page.failed')), h('p', { role: 'alert', 'data-code': (error as { code?: string }).code ?? '' }, error.message));
if (route.page === 'matches') renderPicker(root);
else if (route.page === 'round') renderRound(root, route.event, route.round).catch(failed);
else if (route.page === 'stats') renderStats(root, route.game, route.card).catch(failed);
else renderMatch(root, route.matchId, route.audience, route.at, route.live).catch(failed);
