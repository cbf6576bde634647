import { EventRefused, MatchlogClient, MatchlogError, NetworkError, RevisionConflict } from '@matchlog/client';
import { counterIds, fakeFetch, recordedSleep } from './support/fake-fetch';

const BASE = 'http://matchlog.test';
const turn = (turn: number) => ({ type: 'TurnStarted' as const, data: { player: 'p1', turn } });
const problem = (statusCode: number, code: string, extra: Record<string, unknown> = {}) => ({ statusCode, code, message: `${code} happened`, ...extra });

const clientWith = (fetch: typeof globalThis.fetch, retry?: { attempts?: number }) => {
  const sleep = recordedSleep();
  const newId = jest.fn(counterIds());
  return { client: new MatchlogClient({ baseUrl: BASE, token: 'rec-token', fetch, sleep: sleep.sleep, newId, retry }), waits: sleep.waits, newId };
};

describe('MatchlogClient.append', () => {
  it('gives each event an id once, before the first try, and sends the very same body on every retry', async () => {
    const server = fakeFetch((_, i) =>
      i === 0
        ? { networkError: true }
        : i === 1
          ? { status: 503, json: problem(503, 'STORE_UNAVAILABLE') }
          : i === 2
            ? { status: 504, json: problem(504, 'STORE_TIMEOUT') }
            : { status: 201, json: { matchId: 'm1', revision: 4 } },
    );
    const { client, newId } = clientWith(server.fetch);
    const appended = await client.append('m1', 2, [turn(1), { ...turn(2), id: 'mine' }]);
    expect(newId).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(4);
    expect(new Set(server.calls.map((c) => c.body)).size).toBe(1);
    expect(JSON.parse(server.calls[0].body!)).toEqual({
      expectedRevision: 2,
      events: [
        { ...turn(1), id: 'e1' },
        { ...turn(2), id: 'mine' },
      ],
    });
    expect(server.calls[0]).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer rec-token', 'content-type': 'application/json' } });
    expect(server.calls[0].url.pathname).toBe('/matches/m1/events');
    expect(appended).toEqual({
      matchId: 'm1',
      revision: 4,
      events: [
        { ...turn(1), id: 'e1' },
        { ...turn(2), id: 'mine' },
      ],
    });
  });

  it('waits the seconds Retry-After says, else the backoff: 100 ms doubling to 5 s', async () => {
    const server = fakeFetch((_, i) =>
      i === 0
        ? { status: 503, json: problem(503, 'STORE_UNAVAILABLE'), headers: { 'Retry-After': '7' } }
        : i < 8
          ? { networkError: true }
          : { status: 201, json: { matchId: 'm1', revision: 2 } },
    );
    const { client, waits } = clientWith(server.fetch, { attempts: 9 });
    await client.append('m1', 1, [turn(1)]);
    expect(waits).toEqual([7000, 200, 400, 800, 1600, 3200, 5000, 5000]);
  });

  it('a Retry-After is waited within bounds: never more than 30 s, never less than the backoff; one that is not seconds or an IMF-fixdate is the backoff', async () => {
    const answers = ['86400', '-1', '1.5', 'Thu, 01 Jan 1970 00:00:00 GMT'];
    const server = fakeFetch((_, i) =>
      i < answers.length ? { status: 503, json: problem(503, 'STORE_UNAVAILABLE'), headers: { 'Retry-After': answers[i] } } : { status: 201, json: { matchId: 'm1', revision: 2 } },
    );
    const { client, waits } = clientWith(server.fetch, { attempts: 9 });
    await client.append('m1', 1, [turn(1)]);
    expect(waits).toEqual([30_000, 200, 400, 800]);
  });

  it('a 200 that is not the API (a captive portal’s page) is no success: retried, then a NetworkError; a write never follows a redirect', async () => {
    const server = fakeFetch(() => ({ status: 200, html: '<html>Log in to Venue-WiFi</html>' }));
    const { client } = clientWith(server.fetch, { attempts: 3 });
    const error = await client.append('m1', 1, [turn(1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_ANSWER' });
    expect(server.calls.map((call) => call.redirect)).toEqual(['error', 'error', 'error']);
    const json = fakeFetch(() => ({ status: 201, json: { hello: 'portal' } }));
    await expect(clientWith(json.fetch).client.append('m1', 1, [turn(1)])).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER' });
  });

  it('a 502 from a proxy in front is retried like a 503', async () => {
    const server = fakeFetch((_, i) => (i === 0 ? { status: 502, json: null } : { status: 201, json: { matchId: 'm1', revision: 2 } }));
    expect((await clientWith(server.fetch).client.append('m1', 1, [turn(1)])).revision).toBe(2);
  });

  it('on 409 REVISION_CONFLICT throws RevisionConflict with the current revision, and does not retry', async () => {
    const server = fakeFetch(() => ({ status: 409, json: problem(409, 'REVISION_CONFLICT', { expectedRevision: 3, currentRevision: 5 }) }));
    const { client, waits } = clientWith(server.fetch);
    const error = await client.append('m1', 3, [turn(1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionConflict);
    expect(error).toMatchObject({ code: 'REVISION_CONFLICT', status: 409, expectedRevision: 3, currentRevision: 5 });
    expect(server.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each([
    [400, 'VALIDATION_FAILED', MatchlogError],
    [401, 'UNAUTHENTICATED', MatchlogError],
    [409, 'DUPLICATE_EVENT_ID', MatchlogError],
    [413, 'APPEND_TOO_LARGE', MatchlogError],
    [422, 'CARD_NOT_IN_ZONE', EventRefused],
  ])('never retries a %i (%s): the error carries the server code and body', async (status, code, kind) => {
    const body = problem(status, code, status === 422 ? { rule: 'Lorcana 1.2', eventIndex: 0 } : {});
    const server = fakeFetch(() => ({ status, json: body }));
    const { client } = clientWith(server.fetch);
    const error = await client.append('m1', 1, [turn(1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect(error).not.toBeInstanceOf(RevisionConflict);
    expect(error).toMatchObject({ code, status, body, message: `${code} happened` });
    expect(server.calls).toHaveLength(1);
  });

  it('gives up after the attempts with a NetworkError carrying the last answer', async () => {
    const down = fakeFetch(() => ({ networkError: true }));
    const error = await clientWith(down.fetch)
      .client.append('m1', 1, [turn(1)])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(down.calls).toHaveLength(8);
    const unavailable = fakeFetch(() => ({ status: 503, json: problem(503, 'STORE_UNAVAILABLE') }));
    const last = await clientWith(unavailable.fetch, { attempts: 3 })
      .client.append('m1', 1, [turn(1)])
      .catch((e: unknown) => e);
    expect(last).toBeInstanceOf(NetworkError);
    expect(last).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503 });
    expect(unavailable.calls).toHaveLength(3);
  });

  it('reads a non-JSON error page (a proxy in between) as HTTP_<status>', async () => {
    const server = fakeFetch(() => ({ status: 404 }));
    const error = await clientWith(server.fetch)
      .client.view('m1', 'public')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP_404', status: 404 });
  });
});

describe('MatchlogClient.createMatch', () => {
  it('retries with the same matchId and eventId, given or drawn once', async () => {
    const server = fakeFetch((_, i) =>
      i === 0 ? { status: 504, json: problem(504, 'STORE_TIMEOUT') } : { status: 201, json: { matchId: 'e1', revision: 1, tokens: { players: {} } } },
    );
    const { client, newId } = clientWith(server.fetch);
    await client.createMatch({ game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] } as any);
    expect(newId).toHaveBeenCalledTimes(2);
    expect(server.calls.map((c) => JSON.parse(c.body!))).toEqual([
      { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [], matchId: 'e1', eventId: 'e2' },
      { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [], matchId: 'e1', eventId: 'e2' },
    ]);
  });

  it('sends deck lists as text, without cards, as the API reads them', async () => {
    const server = fakeFetch(() => ({ status: 201, json: { matchId: 'e1', revision: 1, tokens: { players: {} } } }));
    const { client } = clientWith(server.fetch);
    const deckLists = { p1: '4 Elsa - Snow Queen', p2: '4 Be Prepared' };
    await client.createMatch({ game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], deckLists }, { matchId: 'm1', eventId: 'ev1' });
    expect(JSON.parse(server.calls[0].body!)).toEqual({ game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], deckLists, matchId: 'm1', eventId: 'ev1' });
  });
});
