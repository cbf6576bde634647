import { h, replaceChildren } from './dom';
import { renderMatch } from './match-page';
import { renderPicker } from './picker';
import { routeOf } from './route';

const root = document.getElementById('app')!;
const route = routeOf(location);
if (route.page === 'matches') renderPicker(root);
else
  renderMatch(root, route.matchId, route.audience, route.at, route.live).catch((error: Error) =>
    replaceChildren(root, h('h1', {}, 'Something went wrong'), h('p', { role: 'alert' }, error.message)),
  );
