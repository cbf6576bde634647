import { readFileSync } from 'fs';
import { join } from 'path';
import { partsWithTime, TestApp, startTestApp } from './support/test-app';

/** The server's time, under the test's control: it stamps recordedAt and measures the delay. */
const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
};
const SECOND = 1000;
const example = (file: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'examples', 'lorcana', file), 'utf8'));
const EVENT = example('match.json').tournament.event as string;
/** The README's stream example: the walk-through's match, its broadcast 5 events and 30 seconds behind, for its token. */
const streamed = (matchId: string) => ({ ...example('match.json'), matchId, broadcastDelay: { events: 5, seconds: 30 }, broadcastAccess: 'token' });
const EVENTS = example('events.json').events as object[];
const HEAD = EVENTS.length + 1;

/**
 * A delay counted in events never let the match's last events out: an ended match has no further
 * event to push them past the window. Once the match has ended and the delay's seconds have passed
 * since its MatchEnded, the rest is released: the broadcast, the public view, the list and the slip
 * show the end.
 */
describe('a broadcast delay counted in events, after the end (README: broadcastDelay {events: 5, seconds: 30})', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({}, partsWithTime(time))));
  afterAll(() => t.close());

  const create = async (matchId: string) => (await t.http().post('/matches').set(t.organizer).send(streamed(matchId)).expect(201)).body;
  /** The broadcast's revision; 'not there' while nothing is shown (404, as a missing match). */
  const broadcast = async (matchId: string, token: string): Promise<number | 'not there'> => {
    const answer = await t.http().get(`/matches/${matchId}/views/broadcast`).set(t.bearer(token));
    if (answer.status === 404 && answer.body.code === 'MATCH_NOT_FOUND') return 'not there';
    expect(answer.status).toBe(200);
    return answer.body.revision;
  };
  const listed = async (matchId: string) =>
    (await t.http().get('/matches').query({ event: EVENT }).expect(200)).body.matches.find((m: { matchId: string }) => m.matchId === matchId) as
      { status: string; winner: string | null; revision: number } | undefined;
  const onSlip = async (matchId: string) =>
    ((await t.http().get('/rounds/results').query({ event: EVENT, round: 3 }).expect(200)).body.tables as { games: { matchId: string; ended: boolean; winner: string | null }[] }[])
      .flatMap((table) => table.games)
      .find((game) => game.matchId === matchId);

  it('recorded in one request, as the README does: nothing before 30 s; 30 s after the end, all 55 revisions, the list ended, the slip won', async () => {
    const { tokens } = await create('after-end-1');
    await t.http().post('/matches/after-end-1/events').set(t.organizer).send({ expectedRevision: 1, events: EVENTS }).expect(201);
    time.at += 29 * SECOND;
    expect(await broadcast('after-end-1', tokens.broadcast)).toBe('not there');
    expect(await listed('after-end-1')).toBeUndefined();
    time.at += SECOND;
    expect(await broadcast('after-end-1', tokens.broadcast)).toBe(HEAD);
    expect((await t.http().get('/matches/after-end-1/views/public').expect(200)).body.ended).toMatchObject({ winner: 'p1' });
    expect(await listed('after-end-1')).toMatchObject({ status: 'ended', winner: 'p1', revision: HEAD });
    expect((await t.http().get('/matches/after-end-1').expect(200)).body).toMatchObject({ status: 'ended', winner: 'p1', revision: HEAD });
    expect(await onSlip('after-end-1')).toMatchObject({ ended: true, winner: 'p1' });
  });

  it('recorded event by event, 10 s apart: while it plays, 5 events behind; after the end, still 5 behind until 30 s have passed since it, then the end', async () => {
    const { tokens } = await create('after-end-2');
    let revision = 1;
    for (const event of EVENTS) {
      time.at += 10 * SECOND;
      revision = (
        await t
          .http()
          .post('/matches/after-end-2/events')
          .set(t.organizer)
          .send({ expectedRevision: revision, events: [event] })
          .expect(201)
      ).body.revision;
      // while it plays, the stricter of the two: 5 events (50 s) behind
      if (revision === 30) expect(await broadcast('after-end-2', tokens.broadcast)).toBe(25);
    }
    expect(revision).toBe(HEAD);
    time.at += 29 * SECOND;
    expect(await broadcast('after-end-2', tokens.broadcast)).toBe(HEAD - 5);
    expect(await listed('after-end-2')).toMatchObject({ status: 'live', winner: null, revision: HEAD - 5 });
    expect(await onSlip('after-end-2')).toMatchObject({ ended: false, winner: null });
    time.at += SECOND;
    expect(await broadcast('after-end-2', tokens.broadcast)).toBe(HEAD);
    expect(await listed('after-end-2')).toMatchObject({ status: 'ended', winner: 'p1', revision: HEAD });
    expect(await onSlip('after-end-2')).toMatchObject({ ended: true, winner: 'p1' });
    // the judge and the organizer saw the head all along; a revision past what is shown is still refused before it
    expect((await t.http().get('/matches/after-end-2/views/broadcast').set(t.organizer).expect(200)).body.revision).toBe(HEAD);
  });
});
