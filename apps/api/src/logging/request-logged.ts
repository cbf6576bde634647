import { LOGGED_HEADERS, loggedUrl } from './credentials';

interface SerializedRequest {
  readonly id?: unknown;
  readonly method?: string;
  readonly url?: string;
  readonly headers?: Record<string, unknown>;
  readonly remoteAddress?: string;
}

/** A request as its log line shows it: no credential-bearing header, no query value the API does not read. */
export const requestLogged = (req: SerializedRequest) => ({
  id: req.id,
  method: req.method,
  url: loggedUrl(req.url ?? ''),
  headers: Object.fromEntries(LOGGED_HEADERS.filter((name) => req.headers?.[name] !== undefined).map((name) => [name, req.headers![name]])),
  remoteAddress: req.remoteAddress,
});
