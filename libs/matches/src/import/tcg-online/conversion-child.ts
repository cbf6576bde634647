import { serveParent } from '@matchlog/store';
import type { ConvertAnswer, ConvertRequest, ChildReady, ThrownReport } from './conversion-protocol';
import { convertUpload } from './convert-upload';

/*
 * A conversion process (forked by conversion-pool.ts with a heap limit): it converts one upload at a time, off the
 * server's event loop and out of its heap, and answers with the result. Whatever the file makes it do, the server
 * only waits: past the time limit it is killed, past the memory limit it dies alone.
 */

const reportOf = (error: unknown): ThrownReport => {
  const { code, message, maxBytes, entries } = (error ?? {}) as { code?: unknown; message?: unknown; maxBytes?: unknown; entries?: unknown };
  return {
    ...(typeof code === 'string' && { code }),
    message: typeof message === 'string' ? message : String(error),
    ...(typeof maxBytes === 'number' && { maxBytes }),
    ...(Array.isArray(entries) && { entries: entries.map(String) }),
  };
};

const converted = ({ upload }: ConvertRequest): ConvertAnswer => {
  try {
    return { kind: 'done', result: convertUpload(upload) };
  } catch (error) {
    return { kind: 'thrown', ...reportOf(error) };
  }
};

serveParent<ConvertRequest, ConvertAnswer | ChildReady>(converted, { kind: 'ready' }, (error) => ({ kind: 'thrown', ...reportOf(error) }));
