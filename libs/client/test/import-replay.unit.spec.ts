import { MatchlogClient, MatchlogError } from '@matchlog/client';
import { fakeFetch, recordedSleep } from './support/fake-fetch';

const BASE = 'http://matchlog.test';
const answer = { matchId: 'tcg-online-g1', revision: 12, tokens: { players: { p1: 'a', p2: 'b' }, judge: 'j', recorder: 'r' }, exposes: [] };

describe('MatchlogClient.importTcgOnline', () => {
  const clientWith = (fetch: typeof globalThis.fetch) => new MatchlogClient({ baseUrl: BASE, token: 'organizer-key', fetch, sleep: recordedSleep().sleep });

  it('sends a .zip as it is, as application/zip, and replay.json as application/json, with the series numbers', async () => {
    const server = fakeFetch(() => ({ status: 201, json: answer }));
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 0xff]);
    expect(await clientWith(server.fetch).importTcgOnline(zip, { game: 2, bestOf: 3 })).toEqual(answer);
    expect(server.calls[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/zip', authorization: 'Bearer organizer-key' } });
    expect(server.calls[0].body).toBe(zip);
    expect(server.calls[0].url.pathname).toBe('/matches/import/tcg-online');
    expect(Object.fromEntries(server.calls[0].url.searchParams)).toEqual({ game: '2', bestOf: '3' });
    await clientWith(server.fetch).importTcgOnline('{"version":2}');
    expect(server.calls[1]).toMatchObject({ headers: { 'content-type': 'application/json' }, body: '{"version":2}' });
  });

  it('a game imported before: a MatchlogError REPLAY_ALREADY_IMPORTED naming the match, never retried', async () => {
    const server = fakeFetch(() => ({ status: 409, json: { statusCode: 409, code: 'REPLAY_ALREADY_IMPORTED', message: 'imported before', matchId: 'tcg-online-g1' } }));
    const refused = await clientWith(server.fetch)
      .importTcgOnline('{}')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MatchlogError);
    expect(refused).toMatchObject({ code: 'REPLAY_ALREADY_IMPORTED', status: 409, body: { matchId: 'tcg-online-g1' } });
    expect(server.calls).toHaveLength(1);
  });
});
