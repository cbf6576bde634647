import { en } from './en';

export type Language = 'en' | 'es';
export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;

/** English always (the words a key falls back to); Spanish once loadLanguage has fetched it, its own chunk. */
const catalogues: Partial<Record<Language, Record<MessageKey, string>>> = { en };
const stored = (): string | null => {
  try {
    return localStorage.getItem('matchlog.language');
  } catch {
    return null;
  }
};
let current: Language = stored() === 'es' || (stored() === null && typeof navigator !== 'undefined' && navigator.language.startsWith('es')) ? 'es' : 'en';

export const language = (): Language => current;

/** The page's language, kept for the next visit; the page redraws what it shows. */
export const setLanguage = (next: Language): void => {
  current = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  try {
    localStorage.setItem('matchlog.language', next);
  } catch {
    /* a private window without storage keeps the choice for this page only */
  }
};

/** Fetches the catalogue of `next` (the page's language unless told), so that t() speaks it: main.ts awaits it before loading a page. */
export const loadLanguage = async (next: Language = current): Promise<void> => {
  if (next === 'es') catalogues.es ??= (await import('./es')).es;
};

/** Spanish contracts "a el" and "de el" once a zone's name (with its article) is in place. */
const contracted = (text: string): string => (current === 'es' ? text.replace(/\b(a|de) el\b/g, (_, word: string) => (word === 'a' ? 'al' : 'del')) : text);

/**
 * The one message catalogue: a key, its text in the page's language, `{name}` placeholders filled from params.
 * A key built at run time (a zone's or counter's name) that the catalogue lacks comes back as itself.
 */
export const t = (key: MessageKey, params: Params = {}): string =>
  contracted(((catalogues[current] ?? en)[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)));
