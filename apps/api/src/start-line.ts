import type { ApiConfig } from './config/config';

/**
 * The one line a start says at info, for the person who started it: where the viewer, the API docs, the
 * data and the organizer key are, and where a phone on the venue's network opens the viewer (`addresses`:
 * MATCHLOG_PUBLIC_URL, or the LAN addresses; none: only this machine can). The key itself never: a generated
 * one is read from its file.
 */
export const startLine = (config: Pick<ApiConfig, 'dataDir' | 'store' | 'organizerKeyFile'>, port: number, addresses: readonly string[] = []): string => {
  const base = `http://localhost:${port}`;
  const key = config.organizerKeyFile !== null ? `organizer key in ${config.organizerKeyFile}` : 'organizer key from MATCHLOG_ORGANIZER_KEY';
  const phones =
    addresses.length > 0
      ? `phones open ${addresses.map((address) => `${address}/viewer/`).join(' or ')}`
      : "no address but this machine: set MATCHLOG_PUBLIC_URL, or join the venue's network, for phones to open links";
  return `matchlog listening on ${base}: viewer ${base}/viewer/, API docs ${base}/docs, data in ${config.dataDir} (store: ${config.store}), ${key}; ${phones}`;
};
