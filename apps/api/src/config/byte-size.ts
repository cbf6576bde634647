const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '1mb', '64kb', '512b', '2048' as a number of bytes (as Express's body-parser read them); null for anything else. */
export const bytesOf = (size: string): number | null => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(size);
  if (!match) return null;
  const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()]);
  return bytes > 0 ? bytes : null;
};
