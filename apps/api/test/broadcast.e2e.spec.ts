import fc from 'fast-check';
import { readFileSync } from 'fs';
import { join } from 'path';
import { TimeSource } from '../src/time-source';
import { PUBLIC_BROADCAST_MIN_SECONDS } from '@matchlog/domain';
import { openParts } from '../src/open-parts';
import { P1_SECRETS, draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** The server's time, under the test's control: it stamps recordedAt and measures the broadcast delay. */
const time = {
  at: Date.parse('2026-11-23T12:00:00.000Z'),
  now() {
    return this.at;
  },
} satisfies TimeSource & { at: number };

const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

describe('the broadcast audience over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, (config) => openParts(config, { time }));
  });
  afterAll(() => t.close());

  const get = (path: string, token?: string) => (token ? t.http().get(path).set(t.bearer(token)) : t.http().get(path));
  const create = async (matchId: string, extra: object = {}) =>
    (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch(matchId), ...extra })
        .expect(201)
    ).body;
  const append = async (matchId: string, expectedRevision: number, events: object[]) =>
    t.http().post(`/matches/${matchId}/events`).set(t.organizer).send({ expectedRevision, events }).expect(201);
  const named = (view: { zones: Record<string, { cards: { definition?: string }[] }> }) =>
    Object.values(view.zones).flatMap((z) => z.cards.map((c) => c.definition).filter(Boolean));

  it('a match created with no broadcast options has no broadcast audience: 404 on its views, observations and queue, for any caller', async () => {
    const { tokens } = await create('bc-none');
    await append('bc-none', 1, [draw('c01')]);
    for (const token of [undefined, tokens.players.p1, tokens.judge])
      for (const path of ['/matches/bc-none/views/broadcast?at=2', '/matches/bc-none/events?audience=broadcast', '/matches/bc-none/queue?audience=broadcast']) {
        const refused = (await get(path, token).expect(404)).body;
        expect(refused).toMatchObject({ code: 'AUDIENCE_NOT_FOUND' });
        expect(refused.message).toContain('use public, p1, p2, judge');
      }
    await t.http().get('/matches/bc-none/views/broadcast').set(t.organizer).expect(404);
    expect((await get('/matches/bc-none').expect(200)).body.audiences).toEqual(['public', 'p1', 'p2', 'judge']);
    expect((await get('/matches/bc-none').expect(200)).body).not.toHaveProperty('broadcastDelay');
    expect(
      (
        await t
          .http()
          .post('/matches/bc-none/tokens')
          .set(t.organizer)
          .send({ roles: ['broadcast'] })
          .expect(400)
      ).body.code,
    ).toBe('VALIDATION_FAILED');
  });

  it(`a public broadcast runs at least ${PUBLIC_BROADCAST_MIN_SECONDS} s behind: refused with less, 422 BROADCAST_DELAY_TOO_SHORT; a token broadcast may have any delay`, async () => {
    for (const [i, options] of [
      { broadcastAccess: 'public' },
      { broadcastDelay: { events: 50 } },
      { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS - 1 } },
      { broadcastAccess: 'public', broadcastDelay: { events: 3, seconds: 30 } },
    ].entries()) {
      const refused = (
        await t
          .http()
          .post('/matches')
          .set(t.organizer)
          .send({ ...lorcanaMatch(`bc-short-${i}`), ...options })
          .expect(422)
      ).body;
      expect(refused).toMatchObject({ code: 'BROADCAST_DELAY_TOO_SHORT', rule: 'matchlog', details: [{ path: 'data.broadcastDelay.seconds' }] });
      expect(refused.message).toContain('broadcastAccess to "token"');
      await get(`/matches/bc-short-${i}`).expect(404);
    }
    await create('bc-min', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    // the match's entry is held back as its broadcast is (no spoilers around the delay): not there for the public until then
    await get('/matches/bc-min').expect(404);
    time.at += PUBLIC_BROADCAST_MIN_SECONDS * 1000;
    const summary = (await get('/matches/bc-min').expect(200)).body;
    expect(summary.audiences).toEqual(['public', 'broadcast', 'p1', 'p2', 'judge']);
    // how far behind it runs is no secret: the viewer shows it as a badge
    expect(summary.broadcastDelay).toEqual({ seconds: PUBLIC_BROADCAST_MIN_SECONDS });
    const live = await create('bc-token-live', { broadcastAccess: 'token' });
    expect((await get('/matches/bc-token-live/views/broadcast', live.tokens.broadcast).expect(200)).body.revision).toBe(1);
  });

  it(`a public broadcast is anyone's ${PUBLIC_BROADCAST_MIN_SECONDS} s behind, without a token: both hands by name, no deck card; never with a player's token, during the match or after it`, async () => {
    const { tokens } = await create('bc-open', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    await append('bc-open', 1, [draw('c01')]);
    // inside its window the match is not there for anyone the delay holds back (as a missing match)
    expect((await get('/matches/bc-open/views/broadcast').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    time.at += PUBLIC_BROADCAST_MIN_SECONDS * 1000;
    const view = (await get('/matches/bc-open/views/broadcast').expect(200)).body;
    expect(view).toMatchObject({ audience: 'broadcast', revision: 2 });
    expect(named(view).sort()).toEqual([...P1_SECRETS, 'Moana - Of Motunui'].sort());
    expect(JSON.stringify(view)).not.toMatch(/Stitch|Maleficent|"c0\d"/);
    const observed = (await get('/matches/bc-open/events?audience=broadcast').expect(200)).body;
    expect(observed.observations.map((o: { revision: number }) => o.revision)).toEqual([1, 2]);
    expect(JSON.stringify(observed.observations[1])).toContain('Ariel - On Human Legs');
    expect((await get('/matches/bc-open/queue?audience=broadcast').expect(200)).body.revision).toBe(2);
    const refusals = async () => {
      for (const player of [tokens.players.p1, tokens.players.p2])
        for (const path of ['/matches/bc-open/views/broadcast?at=1', '/matches/bc-open/events?audience=broadcast', '/matches/bc-open/queue?audience=broadcast']) {
          const refused = (await get(path, player).expect(403)).body;
          expect(refused).toMatchObject({ code: 'FORBIDDEN' });
          expect(refused.message).toContain("a player's token never reads the broadcast");
        }
    };
    await refusals();
    await append('bc-open', 2, [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }]);
    time.at += PUBLIC_BROADCAST_MIN_SECONDS * 1000;
    await refusals();
    // a player of another match (the next game of a best-of-three) is refused too
    const next = await create('bc-open-game-2', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    expect((await get('/matches/bc-open/views/broadcast', next.tokens.players.p2).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await get('/matches/bc-open/views/broadcast', tokens.judge).expect(200)).body.revision).toBe(3);
  });

  it("with broadcastAccess: 'token', only its broadcast token, the judge and the organizer read it; a player's token does not", async () => {
    const { tokens } = await create('bc-token', { broadcastAccess: 'token' });
    expect(tokens.broadcast).toMatch(/^mlt_/);
    expect((await get('/matches/bc-token/views/broadcast', tokens.broadcast).expect(200)).body.audience).toBe('broadcast');
    await get('/matches/bc-token/views/public', tokens.broadcast).expect(200);
    await get('/matches/bc-token/views/broadcast', tokens.judge).expect(200);
    await t.http().get('/matches/bc-token/views/broadcast').set(t.organizer).expect(200);
    expect((await get('/matches/bc-token/views/broadcast').expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await get('/matches/bc-token/views/broadcast', tokens.players.p1).expect(403)).body.code).toBe('FORBIDDEN');
    await get('/matches/bc-token/events?audience=broadcast').expect(401);
    await get('/matches/bc-token/queue?audience=broadcast', tokens.players.p2).expect(403);
    // the broadcast token reads no seat and no other match's broadcast
    await get('/matches/bc-token/views/p1', tokens.broadcast).expect(403);
    const other = await create('bc-token-2', { broadcastAccess: 'token' });
    await get('/matches/bc-token-2/views/broadcast', tokens.broadcast).expect(403);
    // re-issued, the old one stops working; a match without token access has no broadcast role
    const again = (
      await t
        .http()
        .post('/matches/bc-token/tokens')
        .set(t.organizer)
        .send({ roles: ['broadcast'] })
        .expect(201)
    ).body.tokens;
    await get('/matches/bc-token/views/broadcast', tokens.broadcast).expect(401);
    await get('/matches/bc-token/views/broadcast', again.broadcast).expect(200);
    const refused = (
      await t
        .http()
        .post('/matches/bc-open/tokens')
        .set(t.organizer)
        .send({ roles: ['broadcast'] })
        .expect(400)
    ).body;
    expect(refused.details[0].message).toContain('"judge", "recorder" or a role of this match (p1, p2)');
    expect(other.tokens.broadcast).not.toBe(tokens.broadcast);
  });

  it('with a delay of 3 events: views, queue and observations stop 3 events short, BROADCAST_DELAYED past that; not for the judge or the organizer', async () => {
    const { tokens } = await create('bc-delay', { broadcastDelay: { events: 3 }, broadcastAccess: 'token' });
    await append('bc-delay', 1, [turn(1), draw('c01'), turn(2), turn(3), turn(4)]);
    const bc = tokens.broadcast;
    expect((await get('/matches/bc-delay/views/broadcast', bc).expect(200)).body.revision).toBe(3);
    // the view says how far behind it runs (the overlay's badge), never how far the match is
    expect((await get('/matches/bc-delay/views/broadcast?at=2', bc).expect(200)).headers['broadcast-delay']).toBe('seconds=0, events=3');
    expect((await get('/matches/bc-delay/views/public').expect(200)).headers).not.toHaveProperty('broadcast-delay');
    expect((await get('/matches/bc-delay/queue?audience=broadcast', bc).expect(200)).body.revision).toBe(3);
    const observed = (await get('/matches/bc-delay/events?audience=broadcast', bc).expect(200)).body;
    expect(observed.to).toBe(3);
    expect(observed.observations.map((o: { revision: number }) => o.revision)).toEqual([1, 2, 3]);
    const past = (await get('/matches/bc-delay/views/broadcast?at=4', bc).expect(403)).body;
    expect(past).toMatchObject({ statusCode: 403, code: 'BROADCAST_DELAYED', details: [{ path: 'at' }] });
    expect(past.message).toContain('shows revision 3 now');
    expect((await get('/matches/bc-delay/events?audience=broadcast&to=6', bc).expect(403)).body.code).toBe('BROADCAST_DELAYED');
    expect((await get('/matches/bc-delay/queue?audience=broadcast&at=5', bc).expect(403)).body.code).toBe('BROADCAST_DELAYED');
    expect((await get('/matches/bc-delay/views/broadcast?at=2', bc).expect(200)).body.revision).toBe(2);
    // past the head is still out of range, for everyone
    expect((await get('/matches/bc-delay/views/broadcast?at=7', tokens.judge).expect(400)).body.code).toBe('REVISION_OUT_OF_RANGE');
    expect((await get('/matches/bc-delay/views/broadcast', tokens.judge).expect(200)).body.revision).toBe(6);
    expect((await t.http().get('/matches/bc-delay/events?audience=broadcast').set(t.organizer).expect(200)).body.to).toBe(6);
    // the public view is held back as far (no spoilers around the delay), but for the match's players, who know the head
    expect((await get('/matches/bc-delay/views/public').expect(200)).body.revision).toBe(3);
    expect((await get('/matches/bc-delay/views/public', tokens.players.p2).expect(200)).body.revision).toBe(6);
    expect((await get('/matches/bc-delay/views/p1', tokens.players.p1).expect(200)).body.revision).toBe(6);
  });

  it("no broadcast payload served at time t holds an observation newer than the delay allows at t, public or by token; never a player's (appends and time steps at random)", async () => {
    let match = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('public', 'token'),
        fc.record({ events: fc.nat(4), seconds: fc.nat(20) }),
        fc.array(fc.oneof(fc.record({ append: fc.integer({ min: 1, max: 3 }) }), fc.record({ wait: fc.integer({ min: 0, max: 12000 }) })), { minLength: 4, maxLength: 14 }),
        async (access, drawn, steps) => {
          const matchId = `bc-prop-${++match}`;
          // a public broadcast runs at least PUBLIC_BROADCAST_MIN_SECONDS behind: its seconds and waits are scaled to match
          const scale = access === 'public' ? 30 : 1;
          const delay = { events: drawn.events, seconds: access === 'public' ? PUBLIC_BROADCAST_MIN_SECONDS + drawn.seconds : drawn.seconds };
          const { tokens } = await create(matchId, { broadcastDelay: delay, broadcastAccess: access });
          const bc = access === 'token' ? tokens.broadcast : undefined;
          /** recordedAt of each revision as the test's time said when it was appended (revision 1: MatchCreated) */
          const recorded = [NaN, time.at];
          for (const step of steps) {
            if ('wait' in step) time.at += step.wait * scale;
            else {
              await append(
                matchId,
                recorded.length - 1,
                Array.from({ length: step.append }, (_, i) => turn(recorded.length + i)),
              );
              for (let i = 0; i < step.append; i++) recorded.push(time.at);
            }
            const head = recorded.length - 1;
            let allowed = Math.max(0, head - delay.events);
            while (allowed > 0 && recorded[allowed] > time.at - delay.seconds * 1000) allowed--;
            // a match nothing of which is shown yet is not there (404, as a missing match): for a delay that holds its public side back, as here by default
            if (allowed === 0) {
              for (const path of ['views/broadcast', 'queue?audience=broadcast', 'events?audience=broadcast', 'views/broadcast?at=1'])
                expect((await get(`/matches/${matchId}/${path}`, bc).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
              continue;
            }
            const view = (await get(`/matches/${matchId}/views/broadcast`, bc).expect(200)).body;
            const queue = (await get(`/matches/${matchId}/queue?audience=broadcast`, bc).expect(200)).body;
            const observed = (await get(`/matches/${matchId}/events?audience=broadcast`, bc).expect(200)).body;
            expect([view.revision, queue.revision, observed.to]).toEqual([allowed, allowed, allowed]);
            for (const { revision } of observed.observations) expect(revision).toBeLessThanOrEqual(allowed);
            if (allowed < head) expect((await get(`/matches/${matchId}/views/broadcast?at=${allowed + 1}`, bc).expect(403)).body.code).toBe('BROADCAST_DELAYED');
            expect((await get(`/matches/${matchId}/views/broadcast?at=0`, tokens.players.p1).expect(403)).body.code).toBe('FORBIDDEN');
          }
        },
      ),
      { numRuns: 16 },
    );
  });

  it("the README's stream walk-through: the Lorcana example with 5 events and 30 s of delay, by its broadcast token", async () => {
    const example = (file: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'examples', 'lorcana', file), 'utf8'));
    const created = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...example('match.json'), broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' })
        .expect(201)
    ).body;
    const id = created.matchId;
    const bc = created.tokens.broadcast;
    await t.http().post(`/matches/${id}/events`).set(t.organizer).send(example('events.json')).expect(201);
    // nothing shown yet: the match is not there for the broadcast's token, as one never created (so at=55 tells nothing either)
    for (const path of ['views/broadcast', 'views/broadcast?at=55']) expect((await get(`/matches/${id}/${path}`, bc).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    time.at += 30_000;
    // the match has ended and its end is 30 s old: the delay in events lets the rest out (no event follows an end to push them)
    expect((await get(`/matches/${id}/views/broadcast`, bc).expect(200)).body.revision).toBe(55);
    expect((await get(`/matches/${id}/events?audience=broadcast&from=0&to=3`, bc).expect(200)).body.observations).toHaveLength(3);
    expect((await get(`/matches/${id}/queue?audience=broadcast`, bc).expect(200)).body.revision).toBe(55);
    // at revision 20 the broadcast names both hands; spectators name neither
    const public20 = (await get(`/matches/${id}/views/public?at=20`).expect(200)).body;
    const hand = (view: { zones: Record<string, { cards: { definition?: string }[] }> }, key: string) => view.zones[key].cards.filter((c) => c.definition).length;
    const broadcast20 = (await get(`/matches/${id}/views/broadcast?at=20`, bc).expect(200)).body;
    expect([hand(broadcast20, 'hand@p1'), hand(broadcast20, 'hand@p2')]).toEqual([broadcast20.zones['hand@p1'].count, broadcast20.zones['hand@p2'].count]);
    expect([hand(public20, 'hand@p1'), hand(public20, 'hand@p2')]).toEqual([0, 0]);
    expect(named(broadcast20).length).toBeGreaterThan(named(public20).length);
  });

  it('MatchCreated keeps the settings in the log: a malformed delay is refused naming the field', async () => {
    const bad = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch('bc-bad'), broadcastDelay: { seconds: -5 } })
        .expect(422)
    ).body;
    expect(bad).toMatchObject({ code: 'MALFORMED_EVENT', details: [{ path: 'data.broadcastDelay.seconds' }] });
    const created = (await t.http().get('/matches/bc-delay/events?audience=judge&to=1').set(t.organizer).expect(200)).body;
    expect(created.observations[0].observation.data.broadcastDelay).toEqual({ events: 3 });
  });

  it('a player may not take the id "broadcast"', async () => {
    const match = lorcanaMatch('bc-reserved');
    const body = { ...match, players: [{ id: 'broadcast' }, { id: 'p2' }], cards: match.cards.filter((c) => c.owner === 'p2') };
    expect((await t.http().post('/matches').set(t.organizer).send(body).expect(422)).body.code).toBe('RESERVED_PLAYER_ID');
  });
});
