import { MatchEvent } from '@matchlog/domain';
import { EventStore, StorageFull, StoreUnavailable } from '@matchlog/store';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { matchOfTokenStream } from '@matchlog/tokens';
import { openParts, openStores } from '../src/open-parts';
import { lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';
import { TestApp, startTestApp } from './support/test-app';

/**
 * Issue 37 §12: a creation or an import is two appends, the match, then its tokens (their own stream). The store failing
 * between the two must not answer "nothing was done": the match is stored. The answer says so, and the same request
 * again answers 201 with the match's tokens, which work.
 */
const small = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!;
const NDJSON = 'application/x-ndjson';

describe('the store failing between a match and its tokens', () => {
  /** the error the next append to a token stream fails with (the match's own append goes through) */
  let failTokens: Error | undefined;
  const failingBetween = (store: EventStore): EventStore =>
    new Proxy(store, {
      get: (target, name: keyof EventStore) => {
        const member = target[name];
        if (typeof member !== 'function') return member;
        if (name !== 'append') return member.bind(target);
        return (streamId: string, ...rest: unknown[]) => {
          const failure = matchOfTokenStream(streamId) !== null ? failTokens : undefined;
          if (failure) failTokens = undefined;
          return failure ? Promise.reject(failure) : (member as (...a: unknown[]) => unknown).call(target, streamId, ...rest);
        };
      },
    });

  let t: TestApp;
  beforeAll(
    async () =>
      (t = await startTestApp({}, (config) =>
        openParts(config, {
          stores: async () => {
            const stores = await openStores(config);
            return { ...stores, store: failingBetween(stores.store) };
          },
        }),
      )),
  );
  afterAll(() => t.close());

  const outages = [
    ['an outage', () => new StoreUnavailable('test double: PostgreSQL went away'), 503],
    ['a full disk', () => new StorageFull('events.sqlite'), 507],
  ] as const;

  /** The first answer says the match was stored, not "nothing was done"; the same request again gets tokens that work. */
  const storedThenTokens = async (send: () => Promise<{ status: number; body: Record<string, unknown> }>, matchId: string | undefined, status: number) => {
    const first = await send();
    expect([first.status, first.body.code]).toEqual([status, 'TOKENS_NOT_ISSUED']);
    const id = (matchId ?? first.body.matchId) as string;
    expect(first.body).toMatchObject({ matchId: id, revision: expect.any(Number) });
    expect(first.body.message).toContain(`match "${id}" was stored`);
    expect(first.body.message).not.toContain('nothing was');
    await t.http().get(`/matches/${id}/views/judge`).set(t.organizer).expect(200);

    const again = await send();
    expect([again.status, again.body.matchId, again.body.revision]).toEqual([201, id, first.body.revision]);
    const tokens = again.body.tokens as { players: Record<string, string>; judge: string };
    await t.http().get(`/matches/${id}/views/p1`).set(t.bearer(tokens.players.p1)).expect(200);
    await t.http().get(`/matches/${id}/views/judge`).set(t.bearer(tokens.judge)).expect(200);
    // once its tokens are recorded, the same request is what it always was: a match already there
    expect((await send()).status).toBe(409);
  };

  it.each(outages)('POST /matches, its tokens cut by %s: the creation is stored, and sent again answers with its tokens', async (_, error, status) => {
    const body = lorcanaMatch(`create-${status}`);
    failTokens = error();
    await storedThenTokens(() => t.http().post('/matches').set(t.organizer).send(body), body.matchId, status);
  });

  it.each(outages)('POST /matches/import/tcg-online, its tokens cut by %s: the replay is stored, and sent again answers with its tokens', async (_, error, status) => {
    const replay = JSON.parse(small.json);
    const json = small.json.replaceAll(replay.gameId, `${replay.gameId}-${status}`);
    failTokens = error();
    await storedThenTokens(
      () => t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/json').send(json),
      `tcg-online-${replay.gameId}-${status}`,
      status,
    );
  });

  it.each(outages)('POST /matches/import, its tokens cut by %s: the log is stored, and sent again answers with its tokens', async (_, error, status) => {
    const at = { recordedBy: 'organizer', recordedAt: '2026-11-21T14:00:00.000Z' };
    const matchId = `imported-${status}`;
    const log = signedLog(t, matchId, [
      { id: `${matchId}-created`, type: 'MatchCreated', data: lorcanaMatch(), meta: at },
      { id: `${matchId}-turn`, type: 'TurnStarted', data: { player: 'p1', turn: 1 }, meta: at },
    ] as MatchEvent[]);
    failTokens = error();
    await storedThenTokens(() => t.http().post('/matches/import').set(t.organizer).set('Content-Type', NDJSON).send(log), matchId, status);
  });
  it('a game of a series stored without tokens, the next game imported, then the first sent again: its tokens, numbered as it was', async () => {
    const replay = JSON.parse(small.json);
    /** game n of a series of 07's: its ids made its own, every time shifted so that game n began after game n - 1 */
    const game = (n: number) =>
      small.json
        .replaceAll(replay.gameId, `${replay.gameId}-series-${n}`)
        .replaceAll(replay.matchId, `${replay.matchId}-series`)
        .replace(/"(\d{4}-\d\d-\d\dT[\d:.]+Z)"/g, (_, iso: string) => JSON.stringify(new Date(Date.parse(iso) - (10 - n) * 3_600_000).toISOString()))
        .replace(/("timestamp":\s*)(\d{13})/g, (_, key: string, ms: string) => `${key}${Number(ms) - (10 - n) * 3_600_000}`);
    const post = (json: string) => t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/json').send(json);
    failTokens = new StoreUnavailable('test double: PostgreSQL went away');
    expect((await post(game(1))).body.code).toBe('TOKENS_NOT_ISSUED');
    expect((await post(game(2))).status).toBe(201);
    const again = await post(game(1));
    expect([again.status, again.body.matchId]).toEqual([201, `tcg-online-${replay.gameId}-series-1`]);
    const judge = await t.http().get(`/matches/${again.body.matchId}/views/judge`).set(t.bearer(again.body.tokens.judge)).expect(200);
    expect(judge.body.tournament.game).toBe(1);
  });

  it('a creation retried (its event id) once the match has more than its creation: 409, its tokens in force', async () => {
    const body = { ...lorcanaMatch('retried-late'), eventId: 'retried-late-created' };
    const first = await t.http().post('/matches').set(t.organizer).send(body).expect(201);
    // a retry while nothing is recorded yet answers as the first did
    const retried = await t.http().post('/matches').set(t.organizer).send(body).expect(201);
    const recorder = t.bearer(retried.body.tokens.recorder);
    await t
      .http()
      .post('/matches/retried-late/events')
      .set(recorder)
      .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] })
      .expect(201);
    const late = await t.http().post('/matches').set(t.organizer).send(body);
    expect([late.status, late.body.code]).toEqual([409, 'MATCH_ALREADY_EXISTS']);
    expect(late.body.message).toContain('POST /matches/retried-late/tokens');
    await t.http().get('/matches/retried-late/views/p1').set(t.bearer(retried.body.tokens.players.p1)).expect(200);
    await t.http().get('/matches/retried-late/views/p1').set(t.bearer(first.body.tokens.players.p1)).expect(401);
  });
});
