/** Errors of the HTTP transport itself, before any route runs; error.filter.ts maps them with the application's. */
/** A URL Fastify cannot decode (a malformed %-escape): nothing was routed. */
export class BadUrl extends Error {
  readonly code = 'BAD_URL';
  constructor() {
    super('the URL is not valid: every % in it must start an escape of two hex digits (%25 for a % itself)');
  }
}

/** A path segment longer than any id, even with every character %-escaped: nothing was routed. */
export class UrlTooLong extends Error {
  readonly code = 'URL_TOO_LONG';
  constructor(readonly maxParamLength: number) {
    super(`a path parameter is longer than ${maxParamLength} characters: match, player, card and event ids are at most 128 characters`);
  }
}

/** A token sent in the URL, where logs, proxies and browser history keep it. */
export class TokenInQuery extends Error {
  readonly code = 'TOKEN_IN_QUERY';
  constructor(readonly parameter: string) {
    super(`send the token in the Authorization header (Authorization: Bearer <token>), never in the URL: remove the "${parameter}" query parameter`);
  }
}
