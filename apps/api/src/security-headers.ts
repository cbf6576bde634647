import type { onSendHookHandler } from 'fastify';

/**
 * On every response: no MIME sniffing, no Referer leaving with our URLs, and nothing a token read
 * kept by a browser or a proxy cache. An onSend hook: it also runs for the answers Fastify gives
 * before its onRequest hooks (a Content-Type it has no parser for).
 */
export const securityHeaders: onSendHookHandler = (request, reply, payload, done) => {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  if (request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
  done(null, payload);
};
