import { checkAggregate, parseJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

/** GET /stats/… over the imported tcg.online replays (issue 29): public figures, a player's own, the organizer's event figures. */
describe('statistics over HTTP', () => {
  let t: TestApp;
  const imported: { matchId: string; tokens: { players: Record<string, string> }; event: string; ended: boolean }[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    for (const sample of [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()]) {
      const answer = await t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip)).expect(201);
      const match = await t.http().get(`/matches/${answer.body.matchId}`).expect(200);
      imported.push({ matchId: answer.body.matchId, tokens: answer.body.tokens, event: match.body.tournament.event, ended: match.body.status === 'ended' });
    }
    // every sample converted in its own process, one after another: past 30 s with another test file beside it on two cores
  }, 120_000);
  afterAll(() => t.close());

  it('the public card table: ended games only, wins within games, every rate with its Wilson interval and marked as a low sample', async () => {
    const answer = await t.http().get('/stats/cards?game=lorcana').expect(200);
    expect(answer.body).toMatchObject({ game: 'lorcana', audience: 'public', filter: { game: 'lorcana' } });
    expect(answer.body.own).toBeUndefined();
    expect(answer.body.event).toBeUndefined();
    expect(answer.body.cards.length).toBeGreaterThan(40);
    for (const card of answer.body.cards) {
      expect(card.playedWinRate.wins).toBeLessThanOrEqual(card.playedWinRate.games);
      expect(card.playedWinRate.lowSample).toBe(true);
      if (card.playedWinRate.rate !== null) expect([card.playedWinRate.low <= card.playedWinRate.rate, card.playedWinRate.rate <= card.playedWinRate.high]).toEqual([true, true]);
      // imported matches keep their deck lists from the public
      expect(card.deckWinRate.games).toBe(0);
    }
    const ended = imported.filter((m) => m.ended).length;
    expect(ended).toBe(6);
    const top = answer.body.cards[0];
    expect(top.games).toBeLessThanOrEqual(2 * ended);
    const one = await t
      .http()
      .get(`/stats/cards/${encodeURIComponent(top.card)}?game=lorcana`)
      .expect(200);
    expect(one.body.card).toEqual({ ...top, firstTurns: one.body.card.firstTurns });
    expect(Object.values(one.body.card.firstTurns as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(top.games);
  });

  it('filters by event and by the day matches ended', async () => {
    const ended = imported.find((m) => m.ended)!;
    const byEvent = await t
      .http()
      .get(`/stats/cards?game=lorcana&event=${encodeURIComponent(ended.event)}`)
      .expect(200);
    expect(byEvent.body.cards.length).toBeGreaterThan(0);
    expect(byEvent.body.cards.every((c: { games: number }) => c.games <= 2)).toBe(true);
    expect((await t.http().get('/stats/cards?game=lorcana&since=2099-01-01').expect(200)).body.cards).toEqual([]);
    expect((await t.http().get('/stats/cards?game=four-souls').expect(200)).body.cards).toEqual([]);
  });

  it("a player's token adds their own hand figures for their token's match, from their own observations", async () => {
    const match = imported.find((m) => m.ended)!;
    const answer = await t.http().get('/stats/cards?game=lorcana').set(t.bearer(match.tokens.players.p1)).expect(200);
    expect(answer.body.audience).toBe('player');
    expect(answer.body.own).toMatchObject({ matchId: match.matchId, player: 'p1' });
    const cards = answer.body.own.cards as { openingHand: { games: number }; inHand: { games: number }; mulligan: { games: number } }[];
    expect(cards.reduce((sum, c) => sum + c.mulligan.games, 0)).toBeGreaterThan(0);
    for (const c of cards) expect(c.inHand.games).toBeLessThanOrEqual(1);
    const csv = await t.http().get('/stats/cards?game=lorcana&output=csv&table=own').set(t.bearer(match.tokens.players.p1)).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toMatch(/^card,openingHand,openingHandLow,openingHandHigh,openingHandGames,openingHandWins,openingHandLowSample,drawn,/);
  });

  it("the organizer's event figures: withheld below K players and while a match of the event is still going, released once both hold", async () => {
    const match = imported.find((m) => m.ended)!;
    const url = `/stats/cards?game=lorcana&event=${encodeURIComponent(match.event)}`;
    expect((await t.http().get(url).set(t.organizer).expect(200)).body.event).toEqual({ released: false, reason: 'TOO_FEW_PLAYERS', minPlayers: 20 });
    const released = await t.http().get(`${url}&minPlayers=2`).set(t.organizer).expect(200);
    expect(released.body.event).toMatchObject({ released: true, players: 2, matches: 1, minPlayers: 2 });
    const running = imported.find((m) => !m.ended)!;
    const held = await t
      .http()
      .get(`/stats/cards?game=lorcana&minPlayers=1&event=${encodeURIComponent(running.event)}`)
      .set(t.organizer)
      .expect(200);
    expect(held.body.event).toEqual({ released: false, reason: 'EVENT_NOT_OVER', minPlayers: 1 });
    // without the key, no event figures whatever the query asks
    expect((await t.http().get(`${url}&minPlayers=2`).expect(200)).body.event).toBeUndefined();
  });

  it('CSV by output=csv or Accept: text/csv; decks and matchups hold only matches with public deck lists (none imported)', async () => {
    const csv = await t.http().get('/stats/cards?game=lorcana&output=csv').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toBe(
      'card,games,copiesPlayed,playedWinRate,playedWinRateLow,playedWinRateHigh,playedWinRateGames,playedWinRateWins,playedWinRateLowSample,deckWinRate,deckWinRateLow,deckWinRateHigh,deckWinRateGames,deckWinRateWins,deckWinRateLowSample,averageFirstTurn,questsPerGame,lorePerGame,challenges,banishes,banished,songsSung,sang,firstTurns',
    );
    const accepted = await t.http().get('/stats/decks?game=lorcana').set('Accept', 'text/csv').expect(200);
    expect(accepted.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await t.http().get('/stats/decks?game=lorcana').expect(200)).body).toEqual({ game: 'lorcana', filter: { game: 'lorcana' }, decks: [] });
    expect((await t.http().get('/stats/matchups?game=lorcana').expect(200)).body.matchups).toEqual([]);
  });

  it('the leak check of delivered payloads: no answer names a card no counted match let its audience know, nor any card id', async () => {
    const logs = new Map<string, MatchEvent[]>();
    for (const m of imported) {
      const log = parseJsonLines((await t.http().get(`/matches/${m.matchId}/export`).set(t.organizer).expect(200)).text);
      if ('error' in log) throw new Error(log.error.message);
      logs.set(m.matchId, log.events as MatchEvent[]);
    }
    const all = [...logs.values()];
    const cards = (await t.http().get('/stats/cards?game=lorcana').expect(200)).body;
    const answers = [
      cards,
      (await t.http().get('/stats/decks?game=lorcana').expect(200)).body,
      (await t.http().get('/stats/matchups?game=lorcana').expect(200)).body,
      (await t.http().get('/stats/cards?game=lorcana&output=csv').expect(200)).text.split(/\r\n|,/),
    ];
    for (const card of cards.cards)
      answers.push(
        (
          await t
            .http()
            .get(`/stats/cards/${encodeURIComponent(card.card)}?game=lorcana`)
            .expect(200)
        ).body,
      );
    for (const answer of answers) expect(checkAggregate(all, 'public', answer)).toEqual([]);
    for (const m of imported.filter((i) => i.ended)) {
      for (const player of ['p1', 'p2']) {
        const own = (await t.http().get('/stats/cards?game=lorcana').set(t.bearer(m.tokens.players[player])).expect(200)).body.own;
        expect(own.cards.length).toBeGreaterThan(0);
        expect(checkAggregate([logs.get(m.matchId)!], player, own)).toEqual([]);
      }
    }
  });

  it('bad input: a clear status and code', async () => {
    const noGame = await t.http().get('/stats/cards').expect(400);
    expect(noGame.body.code).toBe('VALIDATION_FAILED');
    const csvAsFormat = await t.http().get('/stats/cards?game=lorcana&format=csv').expect(200);
    expect(csvAsFormat.body.cards).toEqual([]);
    const badFormat = await t.http().get('/stats/cards?game=lorcana&format=CSV').expect(400);
    expect(JSON.stringify(badFormat.body)).toContain('output=csv');
    const badDay = await t.http().get('/stats/decks?game=lorcana&since=yesterday').expect(400);
    expect(JSON.stringify(badDay.body)).toContain('YYYY-MM-DD');
    const unknown = await t.http().get('/stats/cards/No%20Such%20Card?game=lorcana').expect(404);
    expect(unknown.body.code).toBe('STATS_CARD_NOT_FOUND');
  });
});
