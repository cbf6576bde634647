import { MAX_JSON_DEPTH, depthExceeds } from '@matchlog/audit';
import { BodyTooDeep, ValidationFailed } from '@matchlog/matches';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SchemaError, schemaProblems } from '../schemas/schema-problems';

type Checked = FastifyRequest & { validationError?: Error & { validation?: SchemaError[] } };

/**
 * A body with a route schema (@AcceptsBody), after the caller guard and before any pipe: refused when
 * nested deeper than any request of this API (before anything recursive walks it), then when its
 * schema refused it. Fastify checks a route's schema before Nest runs; such a route keeps going with
 * the verdict attached, so the caller guard decides who may ask first (an anonymous write learns
 * nothing from validation messages). Only on those routes: every other request pays nothing for it.
 */
@Injectable()
export class RouteSchemaGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Checked>();
    if (depthExceeds(request.body, MAX_JSON_DEPTH)) throw new BodyTooDeep(MAX_JSON_DEPTH);
    const failed = request.validationError;
    if (failed) throw new ValidationFailed(schemaProblems(failed.validation ?? []));
    return true;
  }
}

/** Every route with a schema attaches its validation error instead of answering it (see above). */
export const attachSchemaVerdicts = (fastify: FastifyInstance): void => {
  fastify.addHook('onRoute', (route) => {
    if (route.schema?.body) route.attachValidation = true;
  });
};

/** Ajv as the route schemas want it: every problem, nothing removed or coerced in a body, no defaults added. */
export const AJV_OPTIONS = { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false, useDefaults: false, keywords: ['example'] } };
