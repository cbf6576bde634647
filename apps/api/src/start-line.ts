import type { ApiConfig } from './config/config';

/**
 * The one line a start says at info, for the person who started it: where the viewer, the API docs, the
 * data and the organizer key are. The key itself never: a generated one is read from its file.
 */
export const startLine = (config: Pick<ApiConfig, 'dataDir' | 'store' | 'organizerKeyFile'>, port: number): string => {
  const base = `http://localhost:${port}`;
  const key = config.organizerKeyFile !== null ? `organizer key in ${config.organizerKeyFile}` : 'organizer key from MATCHLOG_ORGANIZER_KEY';
  return `matchlog listening on ${base}: viewer ${base}/viewer/, API docs ${base}/docs, data in ${config.dataDir} (store: ${config.store}), ${key}`;
};
