import { canonicalJson } from '@matchlog/audit';
import { createHash } from 'crypto';
import type { FastifyReply } from 'fastify';

/**
 * A polled answer's ETag (a hash of its canonical JSON): the desk polls, and a poll whose If-None-Match names the
 * answer it already has gets a 304 with no body. Undefined: send the body.
 */
export const answerPolled = <T>(reply: FastifyReply, ifNoneMatch: string | undefined, body: T): T | undefined => {
  const etag = `"${createHash('sha256')
    .update(canonicalJson(body as never))
    .digest('hex')
    .slice(0, 32)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'private, no-cache');
  if (ifNoneMatch === undefined || !ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return body;
  reply.status(304);
  return undefined;
};
