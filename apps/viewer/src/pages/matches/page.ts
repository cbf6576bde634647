import type { ListMatchesQuery } from '@matchlog/client';
import { api } from '../../api/client';
import { h, replaceChildren } from '../../dom';
import { t } from '../../i18n';
import { store } from '../store';
import { FIELDS, addressOf, next, opened, searchOf } from './state';
import { pickerView, resultsView, searchForm } from './view';

/** The catalog: search by player, tournament and game, then open a match (as public; the audience is chosen there). The search is kept in the address. */
export const renderPicker = (root: HTMLElement): void => {
  const results = h('ol', { class: 'matches', 'aria-label': t('picker.title') });
  const status = h('p', { role: 'status' });
  const page = store(opened, next);
  page.listen((action, state) => {
    status.textContent = state.status;
    if (action.type === 'found') replaceChildren(results, resultsView(state));
  });
  const typed = () => {
    const data = new FormData(form);
    return searchOf((name) => String(data.get(name) ?? ''));
  };
  const search = async () => {
    const parameters = typed();
    page.dispatch({ type: 'searching' });
    try {
      page.dispatch({ type: 'found', matches: (await api().matches({ ...parameters, limit: 50 } as ListMatchesQuery)).matches });
    } catch (error) {
      page.dispatch({ type: 'failed', message: (error as Error).message });
    }
  };
  const form = searchForm(new URLSearchParams(location.search), (event) => {
    event.preventDefault();
    // a new entry per search: Back returns to the previous one, Reload keeps this one
    const address = addressOf(typed());
    if (address !== `${location.pathname}${location.search}`) history.pushState(null, '', address);
    void search();
  });
  window.addEventListener('popstate', () => {
    const now = new URLSearchParams(location.search);
    for (const name of FIELDS) (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value = now.get(name) ?? '';
    void search();
  });
  replaceChildren(root, pickerView(form, status, results));
  void search();
};
