/**
 * RFC 8785 (JCS) for the I-JSON values events are: object keys sorted by UTF-16 code units (as
 * Array.prototype.sort does), no whitespace, strings and numbers as JSON.stringify writes them, which
 * is ECMAScript's serialisation that JCS names. Outside I-JSON it stays JSON.stringify's: undefined,
 * functions and symbols left out of objects, null in arrays and for non-finite numbers; toJSON applied.
 */
export const canonicalJson = (value: unknown): string => write(value) ?? 'null';

// string concatenation, not arrays joined: the chain writes every event through here (docs/performance-history.md)
const write = (value: unknown): string | undefined => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return write((value as { toJSON: () => unknown }).toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // a hole is written as nothing, as the map and join this replaced wrote it
      if (i in value) out += write(value[i]) ?? 'null';
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = '';
  for (const key of keys) {
    const text = write(record[key]);
    if (text !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `{${out}}`;
};
