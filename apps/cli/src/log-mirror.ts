import { ENTRIES_LEVEL, TILE_HEIGHT, Tile, openCheckpoint, tileOfTree, tilePath, verifierFromKey } from '@matchlog/ledger';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { logSourceOf } from './log-source';

export const LOG_MIRROR_USAGE = `usage: matchlog log mirror <dir> [--server URL]

Copies a matchlog server's transparency log into <dir>, in the C2SP tlog-tiles layout the server serves
under /log/: <dir>/checkpoint, <dir>/tile/<L>/<N>[.p/<W>], <dir>/tile/entries/<N>[.p/<W>]. The
checkpoint is checked against the server's key (GET /log/key) and written last; a full tile already in
<dir> is kept (it never changes), so a mirror run again fetches only what is new.

--server  the API's URL (default http://localhost:3000)

exit codes: 0 mirrored; 1 the server refused, could not be reached, or its checkpoint did not verify; 2 usage`;

/** Every tile of the tree of `size` entries, one at a time: the hash tiles of each level, then the entry bundles. */
export function* tilesIn(size: number): Generator<Tile> {
  for (let level = 0; Math.floor(size / 2 ** (TILE_HEIGHT * level)) > 0; level++)
    for (let n = 0, tile = tileOfTree(level, 0, size); tile !== undefined; tile = tileOfTree(level, ++n, size)) yield tile;
  for (let n = 0, tile = tileOfTree(0, 0, size); tile !== undefined; tile = tileOfTree(0, ++n, size)) yield { ...tile, level: ENTRIES_LEVEL };
}

export const tilesOf = (size: number): Tile[] => [...tilesIn(size)];

/** A file of the log, its read bounded in time and size (log-source.ts): a server that stalls or floods is an error. */
const fetcherOf = (base: string, timeoutMs?: number) => {
  const source = logSourceOf(base, { timeoutMs });
  return async (path: string): Promise<Buffer> => {
    const data = await source.read(path);
    if (!data) throw new Error(`GET ${base}${path}: 404`);
    return Buffer.from(data);
  };
};

const written = (file: string, data: Uint8Array): void => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, data);
  renameSync(`${file}.part`, file);
};

export const logMirror = async (argv: readonly string[], say: (line: string) => void = console.log, { timeoutMs }: { timeoutMs?: number } = {}): Promise<number> => {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { server: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${LOG_MIRROR_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    say(LOG_MIRROR_USAGE);
    return 0;
  }
  const server = (parsed.values.server ?? 'http://localhost:3000').replace(/\/+$/, '');
  if (parsed.positionals.length !== 1 || !/^https?:\/\//.test(server)) {
    console.error(LOG_MIRROR_USAGE);
    return 2;
  }
  const [dir] = parsed.positionals;
  const base = `${server}/log/`;
  try {
    const fetched = fetcherOf(base, timeoutMs);
    const vkey = (await fetched('key')).toString('utf8').trim();
    const note = await fetched('checkpoint');
    const { checkpoint } = openCheckpoint(note, [verifierFromKey(vkey)]);
    let count = 0;
    for (const tile of tilesIn(checkpoint.size)) {
      const file = join(dir, tilePath(tile));
      if (tile.width === 256 && existsSync(file)) continue;
      written(file, await fetched(tilePath(tile)));
      count++;
    }
    written(join(dir, 'checkpoint'), note);
    say(`mirrored ${checkpoint.origin} at size ${checkpoint.size} into ${dir}: ${count} tile(s) fetched`);
    return 0;
  } catch (error) {
    console.error(`matchlog log mirror: ${(error as Error).message}`);
    return 1;
  }
};
