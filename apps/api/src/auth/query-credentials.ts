import type { onRequestHookHandler } from 'fastify';
import { TokenInQuery } from '../errors/http-errors';
import { problemOf } from '../errors/error.filter';
import { isCredentialName } from '../logging/credentials';

/** The first query parameter named like a credential, its name decoded; none when the URL has none. */
export const credentialInQuery = (url: string): string | undefined => {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  for (const pair of url.slice(at + 1).split('&')) {
    const raw = pair.split('=', 1)[0].replace(/\+/g, ' ');
    let name = raw;
    try {
      name = decodeURIComponent(raw);
    } catch {
      // a malformed escape: judged as written
    }
    if (isCredentialName(name)) return name.slice(0, 64);
  }
  return undefined;
};

/** On every request, every route (404s and the viewer's files too): a credential in the URL is refused, 401 TOKEN_IN_QUERY. */
export const refuseQueryCredentials: onRequestHookHandler = (request, reply, done) => {
  const name = credentialInQuery(request.raw.url ?? '');
  if (name === undefined) return done();
  void reply.code(401).send(problemOf(new TokenInQuery(name)));
};
