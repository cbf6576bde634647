import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'fs';
import { join } from 'path';

/** dist/viewer: beside the compiled API (dist/apps/api/src/viewer → dist/viewer), or under the checkout when the API runs from source. */
export const viewerDir = (): string | null =>
  [join(__dirname, '..', '..', '..', '..', 'viewer'), join(__dirname, '..', '..', '..', '..', 'dist', 'viewer')].find((dir) => existsSync(join(dir, 'index.html'))) ?? null;

/** Revalidated on every visit (an ETag makes that a 304): index.html and app.js carry no hash in their names (the chunks do), so a page must never run with an older build's script. */
const revalidated = (reply: { header(name: string, value: string): unknown }) => reply.header('Cache-Control', 'no-cache');

/**
 * The web replay viewer at /viewer (and / redirects there): its built files as they are, and index.html for every other path
 * under it (a deep link such as /viewer/<matchId>?audience=p1&at=20 is the page's own route; so is
 * /viewer/index.html, whose headers are then the page's: security-headers.ts decides them by route).
 */
export const serveViewer = (fastify: FastifyInstance, dir: string | null = viewerDir()): void => {
  if (dir === null) return;
  // not awaited: awaiting a registration here, outside a plugin, stalls Fastify's boot
  void fastify.register(fastifyStatic, {
    root: dir,
    prefix: '/viewer/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    cacheControl: false,
    setHeaders: revalidated,
  });
  const page = (_request: unknown, reply: { sendFile(file: string): unknown; header(name: string, value: string): unknown }) => {
    revalidated(reply);
    return reply.sendFile('index.html');
  };
  fastify.get('/viewer', page);
  fastify.get('/viewer/*', page);
  // where a person who types the server's address lands
  fastify.get('/', (_request, reply) => reply.redirect('/viewer/'));
};
