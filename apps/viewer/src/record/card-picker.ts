import fuzzysort from 'fuzzysort';
import { h, replaceChildren } from '../dom';
import { t } from '../i18n';

export interface Choice {
  /** what a tap picks: a card id, a definition, or UNKNOWN */
  readonly value: string;
  readonly label: string;
  /** what the search matches: the card's name */
  readonly name: string;
}

/** The choice that stands for a card the recorder cannot see (a face-down card of a hand). */
export const UNKNOWN = '\u0000unknown';

/** The choices whose names match the search, best first (fuzzysort); all of them for an empty search. */
export const searched = (choices: readonly Choice[], query: string, limit = 30): Choice[] =>
  query.trim() === '' ? choices.slice(0, limit) : fuzzysort.go(query, choices, { key: 'name', limit, threshold: 0.2 }).map((result) => result.obj);

/**
 * A sheet over the screen: a title, a search box (fuzzy, by name) and one large button per choice; Escape or
 * Cancel closes it with null. The search box has the focus, so a keyboard types a name and presses Enter for the first.
 */
export const pickOne = (title: string, choices: readonly Choice[]): Promise<string | null> =>
  new Promise((resolve) => {
    const list = h('div', { class: 'pick-list', role: 'list' });
    const search = h('input', { type: 'search', class: 'pick-search', 'aria-label': t('recorder.search'), placeholder: t('recorder.search'), autocomplete: 'off' });
    const close = (value: string | null) => {
      sheet.remove();
      resolve(value);
    };
    const show = () => {
      const found = searched(choices, search.value);
      replaceChildren(
        list,
        found.length === 0
          ? h('p', {}, t('recorder.noMatch'))
          : found.map((choice) => h('button', { type: 'button', class: 'pick', role: 'listitem', 'data-value': choice.value, onclick: () => close(choice.value) }, choice.label)),
      );
    };
    search.addEventListener('input', show);
    search.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const first = searched(choices, search.value)[0];
      if (first) close(first.value);
    });
    const sheet = h(
      'div',
      { class: 'sheet', role: 'dialog', 'aria-modal': 'true', 'aria-label': title },
      h('h2', {}, title),
      search,
      list,
      h('button', { type: 'button', class: 'cancel', onclick: () => close(null) }, t('recorder.cancel')),
    );
    sheet.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close(null);
    });
    document.body.append(sheet);
    show();
    if (choices.length > 6) search.focus();
    else (list.querySelector('button') as HTMLButtonElement | null)?.focus();
  });

/** A sheet asking a yes or no: the question, and two buttons. */
export const confirmSheet = (message: string, yes: string, no: string): Promise<boolean> =>
  new Promise((resolve) => {
    const close = (answer: boolean) => {
      sheet.remove();
      resolve(answer);
    };
    const sheet = h(
      'div',
      { class: 'sheet', role: 'alertdialog', 'aria-modal': 'true', 'aria-label': message },
      h('p', { role: 'alert' }, message),
      h('button', { type: 'button', class: 'confirm-yes', onclick: () => close(true) }, yes),
      h('button', { type: 'button', class: 'cancel', onclick: () => close(false) }, no),
    );
    sheet.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close(false);
    });
    document.body.append(sheet);
    (sheet.querySelector('.cancel') as HTMLButtonElement).focus();
  });
