import type { onSendHookHandler } from 'fastify';

/**
 * On every response: no MIME sniffing, no Referer leaving with our URLs, and nothing a token read
 * kept by a browser or a proxy cache. An onSend hook: it runs for every answer, the 415 for a
 * Content-Type with no parser included, which an onRequest hook's headers miss.
 */
export const securityHeaders: onSendHookHandler = (request, reply, payload, done) => {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  if (request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
  done(null, payload);
};
