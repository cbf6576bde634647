import { MAX_JSON_DEPTH, depthExceeds } from '@matchlog/audit';
import { BodyTooDeep, ValidationFailed } from '@matchlog/matches';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { SchemaError, schemaProblems } from '../schemas/schema-problems';

type Checked = FastifyRequest & { validationError?: Error & { validation?: SchemaError[] } };

/**
 * A request's body, after the guard and before any pipe or handler: refused when nested deeper than
 * any request of this API (before anything recursive walks it), then when its route schema refused it.
 * Fastify checks a route's schema (@RouteSchema) before Nest runs; every route keeps going with the
 * verdict attached, so the guard decides who may ask first (an anonymous write learns nothing from
 * validation messages).
 */
@Injectable()
export class RouteSchemaInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Checked>();
    if (depthExceeds(request.body, MAX_JSON_DEPTH)) throw new BodyTooDeep(MAX_JSON_DEPTH);
    const failed = request.validationError;
    if (failed) throw new ValidationFailed(schemaProblems(failed.validation ?? []));
    return next.handle();
  }
}

/** Every route with a schema attaches its validation error instead of answering it (see above). */
export const attachSchemaVerdicts = (fastify: FastifyInstance): void => {
  fastify.addHook('onRoute', (route) => {
    if (route.schema) route.attachValidation = true;
  });
};

/** Ajv as the route schemas want it: every problem, nothing removed or coerced in a body, no defaults added. */
export const AJV_OPTIONS = { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false, useDefaults: false, keywords: ['example'] } };
