import { strFromU8, unzipSync } from 'fflate';
import { ReplayTooLarge, ReplayUnreadable } from '../../errors';

/** The most replay.json may weigh, sent as JSON or unzipped, unless MATCHLOG_REPLAY_LIMIT says otherwise: the 168-step sample is 1.2 MB. */
export const DEFAULT_REPLAY_LIMIT = 8 * 1024 * 1024;

/**
 * The replay.json of an upload: the parsed JSON body as it is, or the one entry replay.json of a zip (tcg.online's
 * download, FORMAT.md §0). The zip is never inflated past `maxBytes`: an entry that says it is larger is refused
 * unread, and one that lies about its size is cut at the size it gave (then it is not JSON).
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
  const entry = entries['replay.json'];
  if (entry === undefined) throw new ReplayUnreadable('the zip holds no replay.json: send the .zip tcg.online downloads, as it is');
  try {
    return strFromU8(entry);
  } catch {
    throw new ReplayUnreadable('replay.json in the zip is not UTF-8 text');
  }
};
