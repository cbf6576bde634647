/** An entry of a zip's central directory: its name and the CRC-32 it declares for its uncompressed bytes. */
export interface ZipEntry {
  readonly name: string;
  readonly crc: number;
}

const u16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/**
 * The central directory's entries, in order (APPNOTE.txt 4.3.12, 4.3.16), as fflate reads them to unzip; null when
 * there is none to read here (no end record, or a zip64 one: tcg.online's fflate writes neither for a replay).
 */
export const zipEntries = (zip: Uint8Array): ZipEntry[] | null => {
  let end = zip.length - 22;
  const stop = Math.max(0, end - 0xffff);
  while (end >= stop && u32(zip, end) !== 0x06054b50) end--;
  if (end < stop) return null;
  const count = u16(zip, end + 10);
  let at = u32(zip, end + 16);
  if (count === 0xffff || at === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== 0x02014b50) return null;
    const nameLength = u16(zip, at + 28);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, crc: u32(zip, at + 16) });
    at += 46 + nameLength + u16(zip, at + 30) + u16(zip, at + 32);
  }
  return entries;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO 3309, as zip uses it). */
export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
