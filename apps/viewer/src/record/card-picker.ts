import fuzzysort from 'fuzzysort';
import { h, replaceChildren } from '../dom';
import { t } from '../i18n';
import { showSheet } from './sheet';

export interface Choice {
  /** what a tap picks: a card id, a definition, or UNKNOWN */
  readonly value: string;
  readonly label: string;
  /** what the search matches: the card's name */
  readonly name: string;
  /** offered after the others, shown dimmed: it takes an override (an exerted character, offered.ts) */
  readonly muted?: boolean;
}

/** The choice that stands for a card the recorder cannot see (a face-down card of a hand). */
export const UNKNOWN = '\u0000unknown';

/** The choices whose names match the search, best first (fuzzysort); all of them for an empty search. */
export const searched = (choices: readonly Choice[], query: string, limit = 30): Choice[] =>
  query.trim() === '' ? choices.slice(0, limit) : fuzzysort.go(query, choices, { key: 'name', limit, threshold: 0.2 }).map((result) => result.obj);

/**
 * A sheet over the screen, modal (sheet.ts): a title, a search box (fuzzy, by name) and one large button per choice; Escape or
 * Cancel closes it with null. The search box has the focus, so a keyboard types a name and presses Enter for the first.
 */
export const pickOne = (title: string, choices: readonly Choice[]): Promise<string | null> =>
  new Promise((resolve) => {
    const list = h('div', { class: 'pick-list', role: 'list' });
    const search = h('input', { type: 'search', class: 'pick-search', 'aria-label': t('recorder.search'), placeholder: t('recorder.search'), autocomplete: 'off' });
    const close = (value: string | null) => {
      hide?.();
      resolve(value);
    };
    const show = () => {
      const found = searched(choices, search.value);
      replaceChildren(
        list,
        found.length === 0
          ? h('p', {}, t('recorder.noMatch'))
          : found.map((choice) =>
              h(
                'button',
                { type: 'button', class: choice.muted ? 'pick muted' : 'pick', role: 'listitem', 'data-value': choice.value, onclick: () => close(choice.value) },
                choice.label,
              ),
            ),
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
    // sheets never stack: while another is open, this one is not shown, and picks nothing
    const hide = showSheet(sheet);
    if (hide === null) return resolve(null);
    show();
    if (choices.length > 6) search.focus();
    else (list.querySelector('button') as HTMLButtonElement | null)?.focus();
  });

/** A sheet asking a yes or no, modal too: the question, and two buttons; no when another sheet is open. */
export const confirmSheet = (message: string, yes: string, no: string): Promise<boolean> =>
  new Promise((resolve) => {
    const close = (answer: boolean) => {
      hide?.();
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
    const hide = showSheet(sheet);
    if (hide === null) return resolve(false);
    (sheet.querySelector('.cancel') as HTMLButtonElement).focus();
  });
