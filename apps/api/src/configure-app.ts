import type { FastifyError, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { UnsupportedMediaTypeException } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { withEventSchemas } from './openapi/event-schemas';
import { registerResponseSchemas, withResponseSchemas } from './openapi/response-schemas';
import { withPublicOperationsMarked } from './openapi/security.decorators';
import { Logger } from 'nestjs-pino';
import { bytesOf } from './config/byte-size';
import { ApiConfig } from './config/config';
import { corsOptionsOf } from './cors';
import { BadUrl, TokenInQuery, UrlTooLong } from './errors/http-errors';
import { ErrorFilter, problemOf } from './errors/error.filter';
import { credentialInQuery, refuseQueryCredentials } from './auth/query-credentials';
import { quietBoot } from './logging/quiet-boot-logger';
import { securityHeaders, setSecurityHeaders } from './security-headers';
import { BodyDepthPipe } from './validation/body-depth.pipe';
import { TCG_ONLINE_IMPORT_PATH } from './matches/replay-import.controller';
import { refuseOthersBeforeTheirBodies } from './auth/organizer-before-body';
import { Authenticator, DEFAULT_REPLAY_LIMIT } from '@matchlog/matches';
import { AJV_OPTIONS, attachSchemaVerdicts } from './validation/route-schema.guard';
import { validationPipe } from './validation/validation-pipe';
import { serveViewer } from './viewer/serve-viewer';
import { registerWitness } from './witness/witness-routes';

/**
 * The HTTP layer: Fastify, refusing bodies over MATCHLOG_BODY_LIMIT (413) whatever their type. While
 * it shuts down it still answers the requests its open connections bring (graceful-shutdown.ts
 * closes those connections), where Fastify's default answers them 503.
 */
export const httpAdapterFor = (config: ApiConfig): FastifyAdapter =>
  new FastifyAdapter({
    bodyLimit: bytesOf(config.bodyLimit) ?? undefined,
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    ajv: AJV_OPTIONS,
  });

/** The longest id (128 characters, ID in the domain), every character %-escaped: Fastify's default of 100 would not route a valid id. */
const MAX_PARAM_LENGTH = 128 * 3;

const frameworkProblem = (error: FastifyError): Error =>
  error.code === 'FST_ERR_BAD_URL' ? new BadUrl() : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new UrlTooLong(MAX_PARAM_LENGTH) : error;

/** What Fastify refuses before routing (a malformed URL): the one error shape, the security headers, and no credential let through. */
const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const name = credentialInQuery(request.raw.url ?? '');
  const problem = problemOf(name !== undefined ? new TokenInQuery(name) : frameworkProblem(error));
  setSecurityHeaders(request, reply);
  void reply.code(problem.statusCode).send(problem);
};

/** Everything main.ts and the e2e tests set up alike: logging, headers, CORS, bodies, validation, errors, OpenAPI. */
export const configureApp = (app: NestFastifyApplication, config: ApiConfig): NestFastifyApplication => {
  app.useLogger(quietBoot(app.get(Logger)));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', refuseQueryCredentials);
  refuseOthersBeforeTheirBodies(fastify, app.get(Authenticator));
  fastify.addHook('onSend', securityHeaders);
  attachSchemaVerdicts(fastify);
  registerResponseSchemas(fastify);
  serveViewer(fastify);
  app.enableCors(corsOptionsOf(config));
  // POST /matches/import/tcg-online: a replay may be larger than other bodies (MATCHLOG_REPLAY_LIMIT), and may come zipped
  const replayLimit = bytesOf(config.replayLimit ?? '') ?? DEFAULT_REPLAY_LIMIT;
  fastify.addHook('onRoute', (route) => {
    if (route.url === TCG_ONLINE_IMPORT_PATH) route.bodyLimit = replayLimit;
  });
  fastify.addContentTypeParser(['application/zip', 'application/x-zip-compressed'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // and a replay sent as JSON comes as its text: the conversion process parses it, never the event loop (issue 37)
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning || 'error', onConstructorPoisoning || 'error');
  app.useBodyParser<RawServerDefault>('application/json', {}, (request, body, done) => {
    const text = body.toString('utf8');
    return request.routeOptions?.url === TCG_ONLINE_IMPORT_PATH ? done(null, text) : parseJson(request, text, done);
  });
  // POST /matches/import: a match log as JSON Lines, handed to the controller as text
  fastify.addContentTypeParser('application/x-ndjson', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // JSON only besides: a form (what plain `curl -d` sends) or plain text is a 415 that says to send JSON,
  // not a body validated as if it were JSON. Registered through Nest, which would otherwise parse forms
  fastify.removeContentTypeParser('text/plain');
  app.useBodyParser('application/x-www-form-urlencoded', {}, (_request, _body, done) => done(new UnsupportedMediaTypeException(), undefined));
  // the depth check first: the ValidationPipe walks a body recursively (a route schema's body: RouteSchemaGuard)
  app.useGlobalPipes(new BodyDepthPipe(), validationPipe());
  app.useGlobalFilters(new ErrorFilter());
  if (config.witness) registerWitness(fastify, config.witness);
  const document = new DocumentBuilder()
    .setTitle('matchlog')
    .setDescription(
      'Event-sourced match log for Disney Lorcana, Four Souls and Grand Archive. Record every zone move; read what each audience may know. ' +
        'Event vocabulary: docs/reference/events.md. Errors (docs/reference/errors.md): { statusCode, code, message, details?: [{ path, message }] }, with rule and eventIndex on 422.',
    )
    .setVersion('0.1.0')
    // relative: the server that serves this document, wherever it is reached
    .addServer('/', 'this server')
    // addBearerAuth would add bearerFormat: 'JWT'; the tokens are opaque
    .addSecurity('bearer', { type: 'http', scheme: 'bearer', description: 'the organizer key or a match token (a player or judge token): opaque' })
    .build();
  SwaggerModule.setup('docs', app, () => withPublicOperationsMarked(withResponseSchemas(withEventSchemas(SwaggerModule.createDocument(app, document)))));
  return app;
};
