/** English, the catalogue's reference: every key of the viewer's text is here first. */
export const en = {
  'nav.matches': '← Matches',
  'controls.language': 'Language ',
} as const;
