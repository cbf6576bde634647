import { ConvertOptions, ConvertedReplay, StepRevisions, convertTcgOnlineReplay, stepRevisions } from './convert-replay';
import { Refused } from './refusal';
import { AudienceExposure, replayExposure } from './replay-exposure';
import { DEFAULT_REPLAY_LIMIT, replayOfUpload } from './replay-upload';

/** An upload as the import receives it: replay.json's text or parsed JSON, or the bytes of a zip. */
export interface ReplayUpload {
  readonly body: unknown;
  readonly zipped: boolean;
  /** MATCHLOG_REPLAY_LIMIT in bytes: the most replay.json may weigh once unzipped */
  readonly maxBytes?: number;
  readonly options?: ConvertOptions;
}

/** An upload converted: the match and its events, what the file exposes, and where each step is in the match. */
export interface UploadConverted {
  readonly ok: true;
  readonly converted: ConvertedReplay;
  readonly exposes: readonly AudienceExposure[];
  readonly steps: readonly StepRevisions[];
}

/**
 * All the import does before it writes: the upload read (JSON or zip), its patches applied and its steps turned into
 * events, exposures and step revisions. A replay it cannot explain is a Refused value; an upload it cannot read throws
 * (ReplayUnreadable, ReplayTooLarge, ReplayEntriesAmbiguous). Pure, but its cost is the file's to decide: the server and
 * the CLI run it in a conversion process (conversion-pool.ts), never on the event loop.
 */
export const convertUpload = ({ body, zipped, maxBytes = DEFAULT_REPLAY_LIMIT, options = {} }: ReplayUpload): UploadConverted | Refused => {
  const converted = convertTcgOnlineReplay(replayOfUpload(body, zipped, maxBytes), options);
  if (!converted.ok) return converted;
  return { ok: true, converted, exposes: replayExposure(converted), steps: stepRevisions(converted) };
};
