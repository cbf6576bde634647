/**
 * Where a credential can stand in a request besides the Authorization header, and how to keep it out of
 * a log line. One list for the refusal (TOKEN_IN_QUERY, auth/query-credentials.ts) and the redaction below.
 */

/** A query parameter name a client would put a token in: any case, with or without _ or -. */
export const isCredentialName = (name: string): boolean => /token|bearer|auth|key|secret|password|credential|jwt|session/.test(name.toLowerCase().replace(/[-_.\s]/g, ''));

/** The query parameters this API reads: their values are kept in a log line, every other value is not. */
const LOGGED_PARAMETERS = new Set(['audience', 'at', 'from', 'to', 'limit', 'game', 'round', 'status', 'lang']);

/** The headers a request log line keeps: none that can carry a credential (Authorization, Cookie, Referer, X-Api-Key…). */
export const LOGGED_HEADERS = ['host', 'user-agent', 'content-type', 'content-length', 'accept', 'accept-language', 'last-event-id', 'origin'];

/** A URL as a log line may hold it: its path, and of its query only the names, with the values of the parameters above. */
export const loggedUrl = (url: string): string => {
  const at = url.indexOf('?');
  const path = redactTokens(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name, value] = pair.split('=', 2);
      return value === undefined ? name : `${name}=${LOGGED_PARAMETERS.has(name) ? redactTokens(value) : '[redacted]'}`;
    });
  return `${path}?${query.join('&')}`;
};

/** Match tokens (mlt_…) and bearer credentials wherever they stand in a text. */
export const redactTokens = (text: string): string => text.replace(/mlt_[A-Za-z0-9_-]+/g, 'mlt_[redacted]').replace(/(bearer)(\s|%20|\+)+[^\s"',&]+/gi, '$1 [redacted]');
