/** How much of the match the overlay shows: the score bar alone, the bar and the board, or both with the last actions. */
export type OverlayLayout = 'scorebug' | 'board' | 'full';

export interface OverlayOptions {
  readonly layout: OverlayLayout;
  /** CSS custom property → colour, only colours that passed COLOUR */
  readonly theme: Readonly<Record<string, string>>;
  /** the options the address gave that were not taken (an unknown layout, a value that is not a colour) */
  readonly ignored: readonly string[];
}

const LAYOUTS: readonly OverlayLayout[] = ['scorebug', 'board', 'full'];

/** The event's colours, by the name the address gives them (`?accent=%23ff0066`). */
const THEME: Readonly<Record<string, string>> = {
  accent: '--overlay-accent',
  text: '--overlay-text',
  panel: '--overlay-panel',
  seat1: '--seat-0',
  seat2: '--seat-1',
  seat3: '--seat-2',
  seat4: '--seat-3',
};

/** #rgb, #rgba, #rrggbb or #rrggbbaa and nothing else: a value can never close a declaration or name a url(). */
const COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The overlay's layout and theme from its address: anything not a known layout or a hex colour is left out (and named in `ignored`). */
export const overlayOptions = (search: URLSearchParams): OverlayOptions => {
  const ignored: string[] = [];
  const asked = search.get('layout');
  const layout = LAYOUTS.find((l) => l === asked) ?? 'full';
  if (asked !== null && asked !== layout) ignored.push('layout');
  const theme: Record<string, string> = {};
  for (const [name, property] of Object.entries(THEME)) {
    const value = search.get(name);
    if (value === null) continue;
    if (COLOUR.test(value.trim())) theme[property] = value.trim();
    else ignored.push(name);
  }
  return { layout, theme, ignored };
};
