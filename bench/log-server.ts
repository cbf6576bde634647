import 'reflect-metadata';
import { LogReader, LogSequencer } from '@matchlog/matches';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../apps/api/src/app.module';
import { ApiConfig } from '../apps/api/src/config/config';
import { configureApp, httpAdapterFor } from '../apps/api/src/configure-app';
import { LOG_READER, LOG_SEQUENCER } from '../apps/api/src/ledger/log-parts';
import { openParts } from '../apps/api/src/open-parts';

const KEY = 'bench-organizer-key-000000000000000000';
const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const CREATED = {
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [
    { cardId: 'c1', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'deck', player: 'p1' } },
    { cardId: 'c2', owner: 'p2', definition: 'Moana - Of Motunui', zone: { zone: 'deck', player: 'p2' } },
  ],
};

/** The real server in this process (SQLite store and catalog, fastify.inject), its log's sequencer and reader. */
export const startServer = async (logIntervalMs: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-bench-log-'));
  const config = {
    port: 0,
    dataDir,
    store: 'sqlite',
    catalog: { kind: 'sqlite' },
    organizerKey: KEY,
    organizerKeyFile: null,
    bodyLimit: '1mb',
    corsOrigins: '*',
    logIntervalMs,
  } as ApiConfig;
  process.env.LOG_LEVEL = 'silent';
  const app = configureApp(await NestFactory.create<NestFastifyApplication>(AppModule.with(await openParts(config)), httpAdapterFor(config), { logger: false }), config);
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await fastify.inject({ method, url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  return {
    sequencer: app.get<LogSequencer>(LOG_SEQUENCER),
    reader: app.get<LogReader>(LOG_READER),
    create: (matchId: string) => call('POST', '/matches', { matchId, ...CREATED }),
    /** `appends` appends of 10 moves each after the creation's revision 1 */
    play: async (matchId: string, appends: number) => {
      for (let a = 0; a < appends; a++) {
        const events = Array.from({ length: 10 }, (_, i) => ({ type: 'TurnStarted', data: { player: i % 2 ? 'p2' : 'p1', turn: a * 10 + i + 1 } }));
        await call('POST', `/matches/${matchId}/events`, { expectedRevision: 1 + a * 10, events });
      }
    },
    end: (matchId: string, revision: number) =>
      call('POST', `/matches/${matchId}/events`, { expectedRevision: revision, events: [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }] }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
