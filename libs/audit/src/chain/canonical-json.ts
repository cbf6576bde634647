/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does) and no
 * whitespace. Strings, numbers, booleans and null are written as JSON.stringify writes them, and so
 * are undefined, functions and symbols (left out of objects, null in arrays) and toJSON: the same
 * value always gives the same text, whatever order its keys were built in.
 */
export const canonicalJson = (value: unknown): string => write(value) ?? 'null';

const write = (value: unknown): string | undefined => {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return write((value as { toJSON: () => unknown }).toJSON());
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const text = write(record[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
};
