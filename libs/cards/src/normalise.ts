const ZERO_WIDTH = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;
const APOSTROPHES = /['`\u00B4\u2018\u2019\u02BC\uFF07]/g;
const MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * A card name as it is compared: compatibility forms folded (NFKC: fullwidth letters), zero-width characters dropped,
 * accents, case and apostrophes ignored, and any run of punctuation, dashes (hyphen, en, em) or spaces made one space.
 * "Elsa – Snow  Queen", "ELSA - SNOW QUEEN" and "Ｅlsa - Snow Queen" are all "elsa snow queen".
 */
export const normaliseName = (text: string): string =>
  text.replace(ZERO_WIDTH, '').normalize('NFKC').normalize('NFD').replace(MARKS, '').toLowerCase().replace(APOSTROPHES, '').replace(NOT_LETTER_OR_DIGIT, ' ').trim();

/** What names are matched on: the normalised name without its spaces ("Hei Hei" and the card files' "HeiHei" are one name). */
export const nameKey = (text: string): string => normaliseName(text).replace(/ /g, '');
