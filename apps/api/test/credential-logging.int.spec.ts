import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'fs';
import { request } from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from './support/fixtures';
import { ROOT, START_COMMAND, freePort } from '@matchlog/testkit';

/** A raw request: the path exactly as written (malformed escapes included), any headers, any body. */
const send = (port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

// issue 15 §3: keys and tokens sent every way a client might, then the log file read whole
describe('no credential in any log line, at the most verbose level', () => {
  const key = `${randomBytes(24).toString('base64')}+/=`;
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let logFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-credlog-'));
    port = await freePort();
    logFile = join(dir, 'server.log');
    const out = openSync(logFile, 'w');
    child = spawn(process.execPath, START_COMMAND, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'trace', PORT: String(port), MATCHLOG_DATA_DIR: join(dir, 'data'), MATCHLOG_ORGANIZER_KEY: key },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    for (
      let i = 0;
      i < 300 &&
      !(await send(port, 'GET', '/health').then(
        (r) => r.status === 200,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(() => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses credential-shaped query parameters in any case, on every route, and logs none of what was sent', async () => {
    const created = await send(port, 'POST', '/matches', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, JSON.stringify(lorcanaMatch('cred-1')));
    expect(created.status).toBe(201);
    const { tokens } = JSON.parse(created.body) as { tokens: { players: Record<string, string>; judge: string; recorder: string } };
    const secrets = [key, tokens.players.p1, tokens.judge, tokens.recorder];
    const forms = (secret: string) => [secret, encodeURIComponent(secret), secret.replace(/[+/=]/g, (c) => encodeURIComponent(c).toLowerCase())];

    for (const secret of secrets) {
      const value = encodeURIComponent(secret);
      for (const [path, name] of [
        [`/matches/cred-1?token=${value}`, 'token'],
        [`/matches/cred-1?access_token=${value}`, 'access_token'],
        [`/matches/cred-1?Authorization=Bearer%20${value}`, 'Authorization'],
        [`/matches/cred-1?AUTHORIZATION=${value}`, 'AUTHORIZATION'],
        [`/matches/cred-1/views/p1?Token=${value}`, 'Token'],
        [`/matches?API-KEY=${value}`, 'API-KEY'],
        [`/matches?apiKey=${value}`, 'apiKey'],
        [`/matches/cred-1?%74oken=${value}`, 'token'],
        [`/matches/cred-1?audience=public&key=${value}&key=x`, 'key'],
        [`/nowhere?token=${value}`, 'token'],
        [`/viewer/?access_token=${value}`, 'access_token'],
        [`/health?bearer=${value}`, 'bearer'],
        [`/matches/%zz?token=${value}`, 'token'],
      ]) {
        const answer = await send(port, 'GET', path);
        expect({ path, status: answer.status }).toEqual({ path, status: 401 });
        expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 401, code: 'TOKEN_IN_QUERY' });
        expect(JSON.parse(answer.body).message).toContain(`"${name}"`);
      }
      // in the headers, the path, an innocent-looking parameter, a body that does not parse
      await send(port, 'GET', '/matches/cred-1/views/p1', {
        Authorization: `Bearer ${secret}`,
        Cookie: `session=${secret}`,
        'X-Api-Key': secret,
        'Proxy-Authorization': `Bearer ${secret}`,
        Referer: `http://x/?token=${value}`,
      });
      await send(port, 'GET', '/matches/cred-1/views/judge', { authorization: `bearer ${secret}` });
      await send(port, 'GET', `/matches/${value}`);
      await send(port, 'GET', `/matches/cred-1/views/public?x=${value}&audience=${value}`);
      await send(port, 'GET', `/matches/cred-1/events?audience=${value}`);
      await send(
        port,
        'POST',
        '/matches/cred-1/events',
        { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        `{"expectedRevision": 1, "events": [{"type": "${secret}"`,
      );
      await send(
        port,
        'POST',
        '/matches/cred-1/events',
        { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        JSON.stringify({ expectedRevision: 1, events: [{ type: secret, data: {} }] }),
      );
      await send(port, 'GET', `/matches/cred-1/views/${value}`, { authorization: `Bearer ${secret}` });
      await send(port, 'GET', '/matches/cred-1', { authorization: `Basic ${Buffer.from(`u:${secret}`).toString('base64')}` });
    }
    // the server logged requests (so the test reads a real log), and none of the secrets in any form
    await new Promise((r) => setTimeout(r, 300));
    const log = readFileSync(logFile, 'utf8');
    expect(log.match(/request completed/g)?.length ?? 0).toBeGreaterThan(30);
    expect(log).toContain('"url":"/matches/cred-1?token=[redacted]"');
    for (const secret of secrets) for (const form of forms(secret)) expect(log.includes(form) ? `${form} in the log` : 'absent').toBe('absent');
  });
});
