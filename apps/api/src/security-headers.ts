import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/** The viewer's pages: scripts, styles and requests from this origin only, no inline code, never framed. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** Swagger UI (/docs) writes inline styles; it holds no token the viewer keeps, and is never framed either. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** Any other answer (JSON, event streams, scripts): nothing to run, nothing to frame. */
const OTHER_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The routes that serve pages, by the path they are registered under: the viewer's (serve-viewer.ts) and
 * Swagger UI's (/docs/* also serves its script, styles and images, on which a page's policy does nothing).
 * Decided by route, not by an answer's content type: a 304 has none, and a browser puts the 304's headers
 * on the page it kept.
 */
const PAGE_POLICIES: ReadonlyMap<string, string> = new Map([
  ['/viewer', PAGE_CSP],
  ['/viewer/*', PAGE_CSP],
  ['/docs', DOCS_CSP],
  ['/docs/', DOCS_CSP],
  ['/docs/index.html', DOCS_CSP],
  ['/docs/*', DOCS_CSP],
]);

const cspOf = (request: FastifyRequest): string => PAGE_POLICIES.get(request.routeOptions?.url ?? '') ?? OTHER_CSP;

/**
 * On every answer, errors and Fastify's own included: no MIME sniffing, no Referer leaving with our URLs,
 * no framing, no opener from another origin, a CSP for what its route serves, and nothing a token read kept by a cache.
 */
export const setSecurityHeaders = (request: FastifyRequest, reply: FastifyReply): void => {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Content-Security-Policy', cspOf(request));
  if (request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
};

/** An onSend hook: it runs for every answer, the 415 for a Content-Type with no parser included, which an onRequest hook's headers miss. */
export const securityHeaders: onSendHookHandler = (request, reply, payload, done) => {
  setSecurityHeaders(request, reply);
  done(null, payload);
};
