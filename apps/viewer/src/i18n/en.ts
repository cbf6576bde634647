/** English, the catalogue's reference: every key of the viewer's text is here first. */
export const en = {
  'nav.matches': '← Matches',
  'controls.language': 'Language ',
  // void
  'void.headline': 'Void',
  'void.reason': 'The organizer voided this match: it counts for nothing ({reason}).',
  'void.sentence': 'The organizer voided the match ({reason})',
} as const;
