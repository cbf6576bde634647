import { Rate } from './wilson';

const isRate = (value: unknown): value is Rate => typeof value === 'object' && value !== null && 'games' in value && 'rate' in value && 'low' in value;

/** One row flattened: a rate becomes `<name>`, `<name>Low`, `<name>High`, `<name>Games`, `<name>Wins`, `<name>LowSample`; objects become JSON. */
const flatten = (row: object): Record<string, unknown> => {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (isRate(value)) {
      flat[key] = value.rate;
      flat[`${key}Low`] = value.low;
      flat[`${key}High`] = value.high;
      flat[`${key}Games`] = value.games;
      flat[`${key}Wins`] = value.wins;
      flat[`${key}LowSample`] = value.lowSample;
    } else if (typeof value === 'object' && value !== null) flat[key] = JSON.stringify(value);
    else flat[key] = value;
  }
  return flat;
};

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // a leading =, +, - or @ would be a formula in a spreadsheet (CSV injection): quoted with an apostrophe
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV: a header of every column any row has, in first-seen order, then one line per row. */
export const toCsv = (rows: readonly object[]): string => {
  const flat = rows.map(flatten);
  const columns: string[] = [];
  for (const row of flat) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return [columns.join(','), ...flat.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n';
};
