import { ValidationPipe } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ApiConfig } from './config/config';
import { ErrorFilter } from './errors/error.filter';

/** Everything main.ts and the e2e tests set up alike: logging, body limit, validation, errors, OpenAPI. */
export const configureApp = (app: NestExpressApplication, config: ApiConfig): NestExpressApplication => {
  app.useLogger(app.get(Logger));
  app.set('etag', false);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: config.bodyLimit });
  // POST /matches/import: a match log as JSON Lines
  app.useBodyParser('text', { type: 'application/x-ndjson', limit: config.bodyLimit });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.useGlobalFilters(new ErrorFilter());
  const document = new DocumentBuilder()
    .setTitle('matchlog')
    .setDescription(
      'Event-sourced match log for Disney Lorcana, Four Souls and Grand Archive. Record every zone move; read what each audience may know. ' +
        'Event vocabulary: docs/events.md. Errors: { statusCode, error, code, message, rule?, path?, eventIndex? }.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'the organizer key, or a player or judge token of the match' })
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, document));
  return app;
};
