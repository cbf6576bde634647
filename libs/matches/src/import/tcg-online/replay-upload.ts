import { strFromU8, unzipSync } from 'fflate';
import { ReplayEntriesAmbiguous, ReplayTooLarge, ReplayUnreadable } from '../../errors';
import { crc32, zipEntries } from './zip-directory';

/** The most replay.json may weigh, sent as JSON or unzipped, unless MATCHLOG_REPLAY_LIMIT says otherwise: the 168-step sample is 1.2 MB. */
export const DEFAULT_REPLAY_LIMIT = 8 * 1024 * 1024;

/**
 * The replay.json of an upload: the parsed JSON body as it is, or the one entry replay.json of a zip (tcg.online's
 * download, FORMAT.md §0). The zip is never inflated past `maxBytes`: an entry that says it is larger is refused
 * unread, and one that lies about its size is cut at the size it gave (then it is not JSON). A zip with two entries
 * named replay.json is refused, naming them (tools disagree on which is the game), and the entry's CRC-32 is checked.
 */
export const replayOfUpload = (body: unknown, zipped: boolean, maxBytes: number = DEFAULT_REPLAY_LIMIT): unknown => {
  if (!zipped) return body;
  if (!(body instanceof Uint8Array)) throw new ReplayUnreadable('send the .zip tcg.online downloads as application/zip');
  let declared: number | undefined;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(body, {
      filter: (file) => {
        if (file.name !== 'replay.json') return false;
        declared = file.originalSize;
        return file.originalSize <= maxBytes;
      },
    });
  } catch (error) {
    throw new ReplayUnreadable(
      `the body is not a zip that opens (${error instanceof Error ? error.message : String(error)}): send the .zip tcg.online downloads, or its replay.json as application/json`,
    );
  }
  if (declared !== undefined && declared > maxBytes) throw new ReplayTooLarge(maxBytes);
  const directory = zipEntries(body);
  if (directory === null) throw new ReplayUnreadable("the zip's central directory can not be read: send the .zip tcg.online downloads, as it is");
  const named = directory.map((e, i) => ({ ...e, i })).filter((e) => e.name === 'replay.json');
  if (named.length > 1) throw new ReplayEntriesAmbiguous(named.map((e) => `${e.name} (entry ${e.i + 1} of ${directory.length})`));
  const entry = entries['replay.json'];
  if (entry === undefined || named.length === 0) throw new ReplayUnreadable('the zip holds no replay.json: send the .zip tcg.online downloads, as it is');
  if (crc32(entry) !== named[0].crc) throw new ReplayUnreadable("replay.json in the zip is damaged (its CRC-32 does not match the zip's): download it again");
  try {
    return strFromU8(entry);
  } catch {
    throw new ReplayUnreadable('replay.json in the zip is not UTF-8 text');
  }
};
