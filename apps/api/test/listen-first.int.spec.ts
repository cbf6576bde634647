import { freePort } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiConfig } from '../src/config/config';
import { serve } from '../src/serve';

/** Issue 37 §14: the server listens first, then catches up with the log, so a liveness probe never finds the port closed. */
describe('a start listens before it catches up with the log', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'matchlog-listen-first-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers /health at once and /health/ready 503 while the catch-up runs; ready once it is done', async () => {
    const port = await freePort();
    const config: ApiConfig = { port, dataDir, store: 'sqlite', catalog: { kind: 'sqlite' }, organizerKey: 'k', organizerKeyFile: null, bodyLimit: '1mb', corsOrigins: '*' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let catchingUp!: () => void;
    const holding = new Promise<void>((resolve) => (catchingUp = resolve));
    const serving = serve(config, { beforeCatchUp: () => (catchingUp(), held) });
    await holding;

    const base = `http://localhost:${port}`;
    const health = await fetch(`${base}/health`);
    expect([health.status, (await health.json()).status]).toEqual([200, 'ok']);
    const starting = await fetch(`${base}/health/ready`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('5');
    expect((await starting.json()).reasons).toEqual(['the server is starting: it is catching up with the log']);

    release();
    const app = await serving;
    try {
      const ready = await fetch(`${base}/health/ready`);
      expect([ready.status, (await ready.json()).status]).toEqual([200, 'ready']);
    } finally {
      await app.close();
    }
  });
});
