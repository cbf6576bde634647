import { h } from '../dom';
import { t } from '../i18n';

/**
 * The board beside its log. On a narrow screen (styles.css) the two are tabs of one panel: the log is a tap
 * away, not far below the board. A wide screen shows both and hides the tabs.
 */
export const stage = (board: HTMLElement, side: HTMLElement) => {
  const panels = [
    { id: 'stage-board', key: 'board' as const, label: t('board.tabBoard'), element: board },
    { id: 'stage-log', key: 'log' as const, label: t('board.tabLog'), element: side },
  ];
  const wrapper = h('div', { class: 'stage', 'data-tab': 'board' });
  const tabs = panels.map(({ id, key, label }, index) =>
    h(
      'button',
      { type: 'button', role: 'tab', id: `${id}-tab`, 'aria-controls': id, 'aria-selected': String(index === 0), tabindex: index === 0 ? 0 : -1, onclick: () => select(key) },
      label,
    ),
  );
  const select = (key: 'board' | 'log') => {
    wrapper.dataset.tab = key;
    panels.forEach((panel, index) => {
      tabs[index].setAttribute('aria-selected', String(panel.key === key));
      tabs[index].tabIndex = panel.key === key ? 0 : -1;
    });
  };
  const tablist = h('div', { class: 'stage-tabs', role: 'tablist', 'aria-label': t('board.tabs') }, tabs);
  tablist.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = wrapper.dataset.tab === 'board' ? 1 : 0;
    select(panels[next].key);
    tabs[next].focus();
  });
  for (const { id, element } of panels) {
    element.id = id;
    element.setAttribute('role', 'tabpanel');
    element.setAttribute('aria-labelledby', `${id}-tab`);
  }
  wrapper.append(tablist, board, side);
  return wrapper;
};
