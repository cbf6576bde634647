import { LedgerError } from './ledger-error';
import { TILE_WIDTH } from './tile';

/** The largest entry an entry bundle can hold: its length is a big-endian uint16. */
export const MAX_ENTRY_SIZE = 0xffff;

/** C2SP tlog-tiles entry bundle: each entry as a big-endian uint16 length and its bytes, at most 256 entries. */
export const encodeEntryBundle = (entries: readonly Uint8Array[]): Buffer => {
  if (entries.length < 1 || entries.length > TILE_WIDTH) throw new LedgerError('INVALID_INPUT', `an entry bundle holds 1 to ${TILE_WIDTH} entries, not ${entries.length}`);
  return Buffer.concat(
    entries.flatMap((entry) => {
      if (entry.length > MAX_ENTRY_SIZE) throw new LedgerError('INVALID_INPUT', `an entry of ${entry.length} bytes is over the ${MAX_ENTRY_SIZE} an entry bundle holds`);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(entry.length);
      return [length, entry];
    }),
  );
};

/** The entries of a bundle; `width`, when given, is how many it must hold (the tile path's width). */
export const decodeEntryBundle = (bundle: Uint8Array, width?: number): Buffer[] => {
  const bytes = Buffer.from(bundle.buffer, bundle.byteOffset, bundle.byteLength);
  const entries: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 2 > bytes.length) throw new LedgerError('MALFORMED_ENTRY_BUNDLE', `the entry bundle ends inside the length of entry ${entries.length}`);
    const length = bytes.readUInt16BE(at);
    if (at + 2 + length > bytes.length) throw new LedgerError('MALFORMED_ENTRY_BUNDLE', `entry ${entries.length} claims ${length} bytes, past the bundle's end`);
    entries.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (entries.length > TILE_WIDTH || (width !== undefined && entries.length !== width))
    throw new LedgerError('MALFORMED_ENTRY_BUNDLE', `the entry bundle holds ${entries.length} entries, not ${width ?? `at most ${TILE_WIDTH}`}`);
  return entries;
};
