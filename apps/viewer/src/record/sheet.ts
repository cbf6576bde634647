import { h } from '../dom';

/** the sheet on screen, if any: there is never more than one */
let current: HTMLElement | null = null;

/** Whether a sheet is open: while one is, the screen records nothing else. */
export const sheetOpen = (): boolean => current !== null;

/**
 * Shows `sheet` over the page, modal: a backdrop covers the page, and everything behind is inert (no tap, key or
 * focus reaches it) until the sheet closes. Never two at once: while one is open, this shows nothing and returns
 * null. Otherwise it returns the sheet's close, which gives the page back.
 */
export const showSheet = (sheet: HTMLElement): (() => void) | null => {
  if (current !== null) return null;
  current = sheet;
  const behind = [...document.body.children].filter((element) => !element.hasAttribute('inert'));
  for (const element of behind) element.setAttribute('inert', '');
  const backdrop = h('div', { class: 'sheet-backdrop' }, sheet);
  document.body.append(backdrop);
  return () => {
    if (current !== sheet) return;
    backdrop.remove();
    for (const element of behind) element.removeAttribute('inert');
    current = null;
  };
};
