import 'reflect-metadata';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { AppParts } from '../../src/compose-parts';
import { ApiConfig } from '../../src/config/config';
import { configureApp, httpAdapterFor } from '../../src/configure-app';
import { openParts } from '../../src/open-parts';

export const ORGANIZER = 'test-organizer-key';

/** The real app over a real SQLite store and catalog in a fresh temporary directory (or parts `open` makes). */
export const startTestApp = async (overrides: Partial<ApiConfig> = {}, open: (config: ApiConfig) => Promise<AppParts> = (config) => openParts(config)) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-e2e-'));
  const config: ApiConfig = {
    port: 0,
    dataDir,
    store: 'sqlite',
    catalog: { kind: 'sqlite' },
    organizerKey: ORGANIZER,
    organizerKeyFile: null,
    bodyLimit: '1mb',
    corsOrigins: '*',
    ...overrides,
  };
  const parts = await open(config);
  const module = await Test.createTestingModule({ imports: [AppModule.with(parts)] }).compile();
  const app = configureApp(module.createNestApplication<NestFastifyApplication>(httpAdapterFor(config), { bufferLogs: true }), config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const http = () => request(app.getHttpServer());
  return {
    app,
    http,
    dataDir,
    organizer: { Authorization: `Bearer ${ORGANIZER}` },
    bearer: (token: string) => ({ Authorization: `Bearer ${token}` }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The real parts, stamping events with a test's time. */
export const partsWithTime =
  (time: { now(): number }) =>
  (config: ApiConfig): Promise<AppParts> =>
    openParts(config, { time });

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
