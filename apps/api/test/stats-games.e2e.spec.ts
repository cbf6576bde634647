import { checkAggregate, parseJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { TestApp, startTestApp } from './support/test-app';

const zone = (name: string, player?: string) => ({ zone: name, ...(player !== undefined && { player }) });

/** A Four Souls table of 2 to 4 players, set up with each character and item in play and a loot card in each hand, nobody shown it. */
const fourSouls = (characters: readonly string[]) => {
  const players = characters.map((_, i) => ({ id: `p${i + 1}` }));
  return {
    game: 'four-souls',
    players,
    cards: [
      ...players.flatMap((p, i) => [
        { cardId: `${p.id}-c`, owner: p.id, definition: characters[i], printed: { type: 'Character', hp: 2 }, zone: zone('play', p.id) },
        { cardId: `${p.id}-l`, owner: p.id, definition: `Secret Loot ${p.id}`, zone: zone('hand', p.id) },
      ]),
      { cardId: 'loot-1', owner: null, definition: 'Secret Loot Deck Card', zone: zone('loot-deck') },
    ],
  };
};

/** A Grand Archive match: p1's champions in its material deck, one put into the field; p2's main deck never seen. */
const grandArchive = {
  game: 'grand-archive',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [
    { cardId: 'ga-1', owner: 'p1', definition: 'Spirit of Fire', printed: { type: 'Champion', level: 0 }, zone: zone('material-deck', 'p1') },
    { cardId: 'ga-2', owner: 'p1', definition: 'Secret Champion Never Played', printed: { type: 'Champion', level: 1 }, zone: zone('material-deck', 'p1') },
    { cardId: 'ga-3', owner: 'p2', definition: 'Secret Main Deck Card', zone: zone('main-deck', 'p2') },
  ],
};

/** GET /stats/… for Grand Archive and Four Souls (issue 38 §4): the lead tables, and what every answer lets its audience know. */
describe('statistics of Grand Archive and Four Souls over HTTP', () => {
  let t: TestApp;
  const logs: MatchEvent[][] = [];
  const record = async (match: object, events: object[]) => {
    const created = await t.http().post('/matches').set(t.organizer).send(match).expect(201);
    await t.http().post(`/matches/${created.body.matchId}/events`).set(t.organizer).send({ expectedRevision: 1, events }).expect(201);
    const log = parseJsonLines((await t.http().get(`/matches/${created.body.matchId}/export`).set(t.organizer).expect(200)).text);
    if ('error' in log) throw new Error(log.error.message);
    logs.push(log.events as MatchEvent[]);
  };
  beforeAll(async () => {
    t = await startTestApp();
    const ended = (winner: string) => [
      { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
      { type: 'MatchEnded', data: { winner, reason: 'four souls' } },
    ];
    await record(fourSouls(['Isaac', 'Magdalene', 'Cain']), ended('p1'));
    await record(fourSouls(['Isaac', 'Magdalene', 'Cain', 'Judas']), ended('p2'));
    await record(fourSouls(['Magdalene', 'Isaac']), ended('p2'));
    await record(grandArchive, [
      { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
      { type: 'CardMoved', data: { cardId: 'ga-1', from: zone('material-deck', 'p1'), to: zone('field', 'p1') } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: "champion's death" } },
    ]);
  });
  afterAll(() => t.close());

  it("Four Souls: each character's win rate by the number of players at the table", async () => {
    const { body } = await t.http().get('/stats/leads?game=four-souls&after=0').expect(200);
    expect(body.game).toBe('four-souls');
    const row = (lead: string, seats: number) => body.leads.find((l: { lead: string; seats: number }) => l.lead === lead && l.seats === seats);
    expect(body.leads).toHaveLength(9);
    expect(row('Isaac', 3)).toMatchObject({ role: 'character', games: 1, winRate: { wins: 1, games: 1 } });
    expect(row('Isaac', 4)).toMatchObject({ games: 1, winRate: { wins: 0, games: 1 } });
    expect(row('Magdalene', 2)).toMatchObject({ games: 1, winRate: { wins: 0, games: 1 } });
    expect(row('Magdalene', 4)).toMatchObject({ games: 1, winRate: { wins: 1, games: 1 } });
    expect(row('Isaac', 2)).toMatchObject({ games: 1, winRate: { wins: 1, games: 1 } });
    const csv = (await t.http().get('/stats/leads?game=four-souls&output=csv').expect(200)).text;
    expect(csv.split('\r\n')[0]).toBe(
      'lead,role,seats,games,winRate,winRateLow,winRateHigh,winRateGames,winRateWins,winRateLowSample,onPlay,onPlayLow,onPlayHigh,onPlayGames,onPlayWins,onPlayLowSample,share',
    );
  });

  it('Grand Archive: the champion put into the field, not the one left in the material deck', async () => {
    const { body } = await t.http().get('/stats/leads?game=grand-archive').expect(200);
    expect(body.leads).toEqual([
      expect.objectContaining({ lead: 'Spirit of Fire', role: 'champion', seats: 2, games: 1, winRate: expect.objectContaining({ wins: 1, games: 1 }) }),
    ]);
    expect((await t.http().get('/stats/leads?game=lorcana').expect(200)).body.leads).toEqual([]);
  });

  it('the leak check of delivered payloads: no stats answer of either game names a card the public never saw, nor any card id', async () => {
    const answers: unknown[] = [];
    for (const game of ['four-souls', 'grand-archive']) {
      answers.push((await t.http().get(`/stats/cards?game=${game}`).expect(200)).body);
      answers.push((await t.http().get(`/stats/leads?game=${game}`).expect(200)).body);
      answers.push((await t.http().get(`/stats/leads?game=${game}&output=csv`).expect(200)).text.split(/\r\n|,/));
      answers.push((await t.http().get(`/stats/cards?game=${game}&output=csv`).expect(200)).text.split(/\r\n|,/));
    }
    for (const answer of answers) {
      expect(checkAggregate(logs, 'public', answer)).toEqual([]);
      expect(JSON.stringify(answer)).not.toMatch(/Secret/);
    }
  });
});
