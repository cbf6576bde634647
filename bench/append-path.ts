import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'fs';
import { Session } from 'inspector/promises';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { AppModule } from '../apps/api/src/app.module';
import { ApiConfig } from '../apps/api/src/config/config';
import { configureApp, httpAdapterFor } from '../apps/api/src/configure-app';
import { openParts } from '../apps/api/src/open-parts';

/**
 * node -r @swc-node/register bench/append-path.ts — which of our files one append runs code in, and
 * which libraries, read from V8's precise coverage (call counts) around exactly one
 * POST /matches/:id/events of 10 events after 200 warm-up appends. Not a timing: a map of the path.
 */
const ROOT = join(__dirname, '..');
const KEY = 'bench-organizer-key-000000000000000000';

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-append-path-'));
  const config = { port: 0, dataDir, store: 'sqlite', catalog: { kind: 'sqlite' }, organizerKey: KEY, organizerKeyFile: null, bodyLimit: '1mb', corsOrigins: '*' } as ApiConfig;
  process.env.LOG_LEVEL = 'silent';
  const app = configureApp(await NestFactory.create<NestFastifyApplication>(AppModule.with(await openParts(config)), httpAdapterFor(config), { logger: false }), config);
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const created = {
    game: 'lorcana',
    players: [{ id: 'p1' }, { id: 'p2' }],
    cards: [{ cardId: 'c1', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
  };
  await fastify.inject({ method: 'POST', url: '/matches', headers, payload: { matchId: 'm', ...created } });
  let revision = 1;
  const append = async () => {
    const events = Array.from({ length: 10 }, (_, i) => ({ type: 'TurnStarted', data: { player: i % 2 ? 'p2' : 'p1', turn: revision + i } }));
    const res = await fastify.inject({ method: 'POST', url: '/matches/m/events', headers, payload: { expectedRevision: revision, events } });
    if (res.statusCode !== 201) throw new Error(res.body);
    revision += 10;
  };
  for (let i = 0; i < 200; i++) await append();

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await session.post('Profiler.takePreciseCoverage');
  await append();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');

  const files = result
    .filter((script) => script.url.startsWith('file://') && !script.url.includes('node_modules') && script.functions.some((f) => f.ranges[0].count > 0))
    .map((script) => relative(ROOT, new URL(script.url).pathname))
    .filter((file) => /^(apps|libs)\//.test(file))
    .sort();
  const room = (file: string) => file.split('/').slice(0, 2).join('/');
  const rooms = [...new Set(files.map(room))];
  console.log(`one append of 10 events ran code in ${files.length} of our files, in ${rooms.length} rooms:`);
  for (const r of rooms)
    console.log(
      `  ${r}: ${files.filter((f) => room(f) === r).length} (${files
        .filter((f) => room(f) === r)
        .map((f) => f.split('/').pop())
        .join(', ')})`,
    );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
