import type { en } from './en';

/** Spanish: every key of the English catalogue (the type refuses a missing one). */
export const es: Record<keyof typeof en, string> = {
  'nav.matches': '← Partidas',
  'controls.language': 'Idioma ',
  // void
  'void.headline': 'Anulada',
  'void.reason': 'La organización anuló esta partida: no cuenta para nada ({reason}).',
  'void.sentence': 'La organización anuló la partida ({reason})',
};
