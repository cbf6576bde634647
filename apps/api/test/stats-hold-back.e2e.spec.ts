import { TimeSource } from '../src/time-source';
import { openParts } from '../src/open-parts';
import { lorcanaMatch, zone } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
} satisfies TimeSource & { at: number };

const EVENT = 'Stats Spoiler Cup';

/** A match an hour behind ends: until its end is shown, the public statistics must not count it (its result and its cards). */
describe('statistics around the broadcast delay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, (config) => openParts(config, { time }));
  });
  afterAll(() => t.close());

  it('a match that ended inside its delay window is not yet in the public card table', async () => {
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch('sh-1'), tournament: { event: EVENT, round: 1, table: 1 }, broadcastDelay: { seconds: 3600 } })
      .expect(201);
    await t
      .http()
      .post('/matches/sh-1/events')
      .set(t.organizer)
      .send({
        expectedRevision: 1,
        events: [
          { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
          { type: 'CardMoved', data: { cardId: 'c03', from: zone('hand', 'p1'), to: zone('play', 'p1') } },
          { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } },
        ],
      })
      .expect(201);
    // the match itself is held back from the public
    expect((await t.http().get('/matches/sh-1').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    const cards = (
      await t
        .http()
        .get(`/stats/cards?game=lorcana&event=${encodeURIComponent(EVENT)}`)
        .expect(200)
    ).body.cards;
    expect(cards).toEqual([]);
    expect((await t.http().get('/stats/cards/Be%20Prepared?game=lorcana').expect(404)).body.code).toBe('STATS_CARD_NOT_FOUND');
    // the organizer sees every head
    const organizer = (
      await t
        .http()
        .get(`/stats/cards?game=lorcana&event=${encodeURIComponent(EVENT)}`)
        .set(t.organizer)
        .expect(200)
    ).body.cards;
    expect(organizer.map((c: { card: string }) => c.card)).toEqual(['Be Prepared']);
  });

  it('once its end is shown, the public statistics count it', async () => {
    time.at += 2 * 3600_000;
    const cards = (
      await t
        .http()
        .get(`/stats/cards?game=lorcana&event=${encodeURIComponent(EVENT)}`)
        .expect(200)
    ).body.cards;
    expect(cards).toMatchObject([{ card: 'Be Prepared', games: 1, playedWinRate: { wins: 1, games: 1 } }]);
    expect((await t.http().get('/stats/cards/Be%20Prepared?game=lorcana').expect(200)).body.card).toMatchObject({ games: 1, firstTurns: { 1: 1 } });
  });

  it('a void inside its delay window: the public still counts the match until the void is shown; the organizer does not', async () => {
    const path = `/stats/cards?game=lorcana&event=${encodeURIComponent(EVENT)}`;
    await t.http().post('/matches/sh-1/void').set(t.organizer).send({ reason: 'wrong table' }).expect(201);
    // the void is held back from the public, on the match and in the statistics alike
    expect((await t.http().get('/matches/sh-1').expect(200)).body).toMatchObject({ voided: false, winner: 'p1' });
    expect((await t.http().get(path).expect(200)).body.cards).toMatchObject([{ card: 'Be Prepared', games: 1, playedWinRate: { wins: 1, games: 1 } }]);
    expect((await t.http().get('/stats/cards/Be%20Prepared?game=lorcana').expect(200)).body.card).toMatchObject({ games: 1, firstTurns: { 1: 1 } });
    expect((await t.http().get(path).set(t.organizer).expect(200)).body.cards).toEqual([]);

    time.at += 2 * 3600_000;
    expect((await t.http().get('/matches/sh-1').expect(200)).body).toMatchObject({ voided: true });
    expect((await t.http().get(path).expect(200)).body.cards).toEqual([]);
    expect((await t.http().get('/stats/cards/Be%20Prepared?game=lorcana').expect(404)).body.code).toBe('STATS_CARD_NOT_FOUND');
  });
});
