import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { withEventSchemas } from './openapi/event-schemas';
import { Logger } from 'nestjs-pino';
import { ApiConfig } from './config/config';
import { ErrorFilter } from './errors/error.filter';
import { securityHeaders } from './security-headers';
import { BodyDepthPipe } from './validation/body-depth.pipe';
import { validationPipe } from './validation/validation-pipe';

/** Everything main.ts and the e2e tests set up alike: logging, body limit, validation, errors, OpenAPI. */
export const configureApp = (app: NestExpressApplication, config: ApiConfig): NestExpressApplication => {
  app.useLogger(app.get(Logger));
  app.use(securityHeaders);
  app.set('etag', false);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: config.bodyLimit });
  // POST /matches/import: a match log as JSON Lines
  app.useBodyParser('text', { type: 'application/x-ndjson', limit: config.bodyLimit });
  // the depth check first: the ValidationPipe walks a body recursively
  app.useGlobalPipes(new BodyDepthPipe(), validationPipe());
  app.useGlobalFilters(new ErrorFilter());
  const document = new DocumentBuilder()
    .setTitle('matchlog')
    .setDescription(
      'Event-sourced match log for Disney Lorcana, Four Souls and Grand Archive. Record every zone move; read what each audience may know. ' +
        'Event vocabulary: docs/events.md. Errors (docs/errors.md): { statusCode, code, message, details?: [{ path, message }] }, with rule and eventIndex on 422.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'the organizer key, or a player or judge token of the match' })
    .build();
  SwaggerModule.setup('docs', app, () => withEventSchemas(SwaggerModule.createDocument(app, document)));
  return app;
};
