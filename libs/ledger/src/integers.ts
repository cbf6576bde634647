import { LedgerError } from './ledger-error';

/**
 * Tree sizes and indexes are JavaScript numbers, so every shift is arithmetic (bitwise operators stop at 32 bits).
 * A stored-hash index is about twice the leaf count, so the leaf count is capped at 2^52.
 */
export const MAX_TREE_SIZE = 2 ** 52;

export const shiftRight = (n: number, k: number): number => Math.floor(n / 2 ** k);
export const shiftLeft = (n: number, k: number): number => n * 2 ** k;
export const isOdd = (n: number): boolean => n % 2 === 1;

export const trailingZeros = (n: number): number => {
  if (n === 0) return 64;
  let count = 0;
  for (let m = n; m % 2 === 0; m /= 2) count++;
  return count;
};

export const assertCount = (what: string, n: number, max = MAX_TREE_SIZE): void => {
  if (!Number.isSafeInteger(n) || n < 0 || n > max) throw new LedgerError('INVALID_INPUT', `${what} must be an integer from 0 to ${max}, not ${n}`);
};

/** An ASCII decimal with no leading zeroes (unless it is 0), as the C2SP formats write sizes, indexes and times. */
export const parseDecimal = (text: string, max = Number.MAX_SAFE_INTEGER): number | undefined => {
  if (!/^(0|[1-9][0-9]*)$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= max ? n : undefined;
};
