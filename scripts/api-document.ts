import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { AppModule } from '../apps/api/src/app.module';
import { ApiConfig } from '../apps/api/src/config/config';
import { configureApp, httpAdapterFor } from '../apps/api/src/configure-app';
import { openParts } from '../apps/api/src/open-parts';

/** The OpenAPI document the API serves at /docs-json, from an app over a throwaway data directory. */
export const apiDocument = async (): Promise<unknown> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-openapi-'));
  const config = {
    port: 0,
    dataDir,
    store: 'sqlite',
    catalog: { kind: 'sqlite' },
    organizerKey: 'openapi-document-key-0000000000000000',
    organizerKeyFile: null,
    bodyLimit: '1mb',
    corsOrigins: '*',
  } as ApiConfig;
  const app = configureApp(await NestFactory.create<NestFastifyApplication>(AppModule.with(await openParts(config)), httpAdapterFor(config), { logger: false }), config);
  try {
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    await fastify.ready();
    return (await fastify.inject({ method: 'GET', url: '/docs-json' })).json();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
