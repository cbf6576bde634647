import type { FastifyInstance } from 'fastify';
import { Authenticator, assertOrganizer } from '@matchlog/matches';
import { problemOf } from '../errors/error.filter';
import { TCG_ONLINE_IMPORT_PATH } from '../matches/import-path';

/** The routes of the organizer alone whose bodies may be large: the imports (a replay up to MATCHLOG_REPLAY_LIMIT). */
const ORGANIZER_BODIES = new Set([TCG_ONLINE_IMPORT_PATH, '/matches/import']);

/**
 * Anyone but the organizer is answered on these routes before one byte of the body is read (issue 37: 8 MB of JSON
 * read and parsed for a request that ends in 401 held the event loop for seconds). The answer is CallerGuard's own:
 * assertOrganizer, 401 or 403, which the guard would give after the body.
 */
export const refuseOthersBeforeTheirBodies = (fastify: FastifyInstance, authenticator: Authenticator): void => {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !ORGANIZER_BODIES.has(request.routeOptions.url ?? '')) return;
    try {
      assertOrganizer(await authenticator.callerOf(request.headers.authorization));
    } catch (error) {
      const problem = problemOf(error);
      return reply.code(problem.statusCode).send(problem);
    }
  });
};
