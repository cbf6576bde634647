import { create } from 'qrcode';
import { s } from '../svg';

/** the light margin a reader needs around the code, in modules */
const QUIET = 4;

/**
 * `text` as a QR code in SVG, drawn with DOM APIs (the page's CSP allows no inline markup): one path of a unit
 * square per dark module, on a light square with its quiet zone. `data-text` holds what it encodes.
 */
export const qrCode = (text: string, label: string): SVGSVGElement => {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let dark = '';
  for (let row = 0; row < size; row++) for (let column = 0; column < size; column++) if (modules.get(row, column)) dark += `M${column + QUIET} ${row + QUIET}h1v1h-1z`;
  const side = size + 2 * QUIET;
  return s(
    'svg',
    { class: 'qr', viewBox: `0 0 ${side} ${side}`, role: 'img', 'aria-label': label, 'data-text': text, 'shape-rendering': 'crispEdges' },
    s('rect', { width: side, height: side, fill: '#fff' }),
    s('path', { d: dark, fill: '#000' }),
  ) as SVGSVGElement;
};
