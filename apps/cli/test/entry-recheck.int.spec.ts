import { formatMatchEntry, parseMatchEntry } from '@matchlog/ledger';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { recheckEntry } from '../src/entry-recheck';

const entry = parseMatchEntry(formatMatchEntry({ kind: 'match-ended', matchId: 'gone', revision: 12, head: 'a'.repeat(64), kid: 'kid' }));

/** The monitor's re-check of a logged match against a server that answers `status` and `body` to every request. */
describe('the monitor re-checking a logged match its server no longer has', () => {
  let server: Server;
  let answer = { status: 404, body: '' };
  let base: string;
  beforeAll(async () => {
    server = createServer((_, response) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('alarms when a matchlog server answers 404 MATCH_NOT_FOUND: a logged match is public, so it was deleted', async () => {
    answer = { status: 404, body: JSON.stringify({ statusCode: 404, code: 'MATCH_NOT_FOUND', message: 'no match "gone"' }) };
    expect(await recheckEntry(base, entry)).toEqual({ alarm: expect.stringContaining('it was deleted after it was logged') });
  });

  it('skips, saying why, where the answer is not a matchlog one (a static host) or the receipt is withheld', async () => {
    answer = { status: 404, body: 'not found' };
    expect(await recheckEntry(base, entry)).toEqual({ skipped: expect.stringContaining('answered 404') });
    answer = { status: 403, body: JSON.stringify({ statusCode: 403, code: 'RECEIPT_WITHHELD' }) };
    expect(await recheckEntry(base, entry)).toEqual({ skipped: expect.stringContaining('answered 403') });
  });
});
