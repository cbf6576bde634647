import { networkInterfaces } from 'os';
import { eventTypes } from '@matchlog/domain';
import { TestApp, startTestApp } from './support/test-app';
import { CARD_IDS, P1_SECRETS, draw, lorcanaMatch, zone } from './support/fixtures';

describe('views, queue and observations, by role', () => {
  let t: TestApp;
  let tokens: { players: Record<string, string>; judge: string };
  let otherJudge: string;
  const id = 'views-1';

  beforeAll(async () => {
    t = await startTestApp();
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    otherJudge = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('views-other')).expect(201)).body.tokens.judge;
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({
        expectedRevision: 1,
        events: [
          { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
          draw('c01'),
          { type: 'CardMoved', data: { cardId: 'c04', from: zone('hand', 'p1'), to: zone('play', 'p1') } },
          { type: 'TriggerAdded', data: { triggerId: 'lyle-1', player: 'p1', sourceCardId: 'c04', ability: 'Thanks For Volunteering' } },
          { type: 'TriggerAdded', data: { triggerId: 'moana-1', player: 'p2', sourceCardId: 'c06', ability: 'Hidden source' } },
        ],
      })
      .expect(201);
  });
  afterAll(() => t.close());

  const get = (path: string, token?: string) => (token ? t.http().get(path).set(t.bearer(token)) : t.http().get(path));
  const definitionsIn = (view: { zones: Record<string, { cards: { definition?: string }[] }> }, key: string) => view.zones[key].cards.map((c) => c.definition ?? '?');

  it('the public view needs no token and shows what is public: play, counts, the bag', async () => {
    const view = (await get(`/matches/${id}/views/public`).expect(200)).body;
    expect(view.revision).toBe(6);
    expect(definitionsIn(view, 'play@p1')).toEqual(['Lyle Tiberius Rourke - Cunning Mercenary']);
    expect(view.zones['hand@p1'].count).toBe(2);
    expect(definitionsIn(view, 'hand@p1')).toEqual(['?', '?']);
  });

  it("a player's token reads its own seat, with its hand, and public", async () => {
    const view = (await get(`/matches/${id}/views/p1`, tokens.players.p1).expect(200)).body;
    expect(definitionsIn(view, 'hand@p1').sort()).toEqual(['Ariel - On Human Legs', 'Be Prepared']);
    await get(`/matches/${id}/views/public`, tokens.players.p1).expect(200);
  });

  it("a player's token never reads the other seat or the judge view, and the refusal hints at nothing", async () => {
    for (const audience of ['p2', 'judge']) {
      const res = await get(`/matches/${id}/views/${audience}`, tokens.players.p1).expect(403);
      expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'this token may not do that' });
    }
    await get(`/matches/${id}/events?audience=p2`, tokens.players.p1).expect(403);
  });

  it("no token, or another match's token, reads no seat", async () => {
    await get(`/matches/${id}/views/p1`).expect(401);
    await get(`/matches/${id}/views/judge`).expect(401);
    await get(`/matches/${id}/views/judge`, otherJudge).expect(403);
    await get(`/matches/${id}/views/p1`, 'mlt_forged').expect(401);
  });

  it('the judge token and the organizer key read every audience, and the judge view is the whole state', async () => {
    for (const audience of ['p1', 'p2', 'public', 'judge']) await get(`/matches/${id}/views/${audience}`, tokens.judge).expect(200);
    const judge = (await t.http().get(`/matches/${id}/views/judge`).set(t.organizer).expect(200)).body;
    expect(judge.zones['hand@p1'].cards.map((c: { cardId: string }) => c.cardId).sort()).toEqual(['c01', 'c03']);
  });

  it('the JSON of a player or public view or observations never holds a hidden definition or any recorder card id', async () => {
    const payloads: [string, string][] = [
      ['p2', (await get(`/matches/${id}/views/p2`, tokens.players.p2)).text],
      ['public', (await get(`/matches/${id}/views/public`)).text],
      ['p2', (await get(`/matches/${id}/events?audience=p2`, tokens.players.p2)).text],
      ['public', (await get(`/matches/${id}/events`)).text],
      ['public', (await get(`/matches/${id}/queue`)).text],
      ['p1', (await get(`/matches/${id}/views/p1`, tokens.players.p1)).text],
    ];
    for (const [audience, payload] of payloads) {
      if (audience !== 'p1') for (const secret of P1_SECRETS.filter((s) => !s.startsWith('Lyle'))) expect(payload).not.toContain(secret);
      if (audience !== 'p2') expect(payload).not.toContain('Moana'); // p2's hand card, also the source of p2's bag ability
      for (const cardId of CARD_IDS) expect(payload).not.toContain(`"${cardId}"`);
    }
  });

  it('?at=N gives the view at that revision; past the latest is a 400 naming at', async () => {
    const early = (await get(`/matches/${id}/views/p1?at=1`, tokens.players.p1).expect(200)).body;
    expect(early.revision).toBe(1);
    expect(definitionsIn(early, 'hand@p1').sort()).toEqual(['Be Prepared', 'Lyle Tiberius Rourke - Cunning Mercenary']);
    const res = await get(`/matches/${id}/views/public?at=99`).expect(400);
    expect(res.body).toMatchObject({ code: 'REVISION_OUT_OF_RANGE', message: "at must be between 0 and 6, the match's latest revision; got 99", details: [{ path: 'at' }] });
    expect((await get(`/matches/${id}/views/public?at=-1`).expect(400)).body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'at must not be less than 0',
      details: [{ path: 'at', message: 'at must not be less than 0' }],
    });
  });

  it('an unknown audience or match is a 404', async () => {
    expect((await get(`/matches/${id}/views/p9`, tokens.judge).expect(404)).body.code).toBe('AUDIENCE_NOT_FOUND');
    expect((await get(`/matches/nope/views/public`).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
  });

  it('GET /queue is public: the bag with nextChooser (7.7.4: the active player first), at any revision', async () => {
    const queue = (await get(`/matches/${id}/queue`).expect(200)).body;
    expect(queue).toMatchObject({ revision: 6, discipline: 'bag', activePlayer: 'p1', nextChooser: 'p1' });
    expect(queue.items.map((i: { triggerId: string }) => i.triggerId)).toEqual(['lyle-1', 'moana-1']);
    expect(queue.items[0].source.definition).toBe('Lyle Tiberius Rourke - Cunning Mercenary');
    expect(queue.items[1].source).toBeUndefined(); // a hidden card in p2's hand: which one is not said
    expect((await get(`/matches/${id}/queue?at=5`)).body.items).toHaveLength(1);
  });

  it("GET /events is an audience's observations between two revisions", async () => {
    const observed = (await get(`/matches/${id}/events?audience=p1&from=2&to=3`, tokens.players.p1).expect(200)).body;
    expect(observed).toMatchObject({ audience: 'p1', from: 2, to: 3 });
    expect(observed.observations).toEqual([
      { revision: 3, observation: { type: 'CardMoved', move: expect.objectContaining({ card: expect.objectContaining({ definition: 'Ariel - On Human Legs' }) }) } },
    ]);
    const publicObserved = (await get(`/matches/${id}/events`).expect(200)).body;
    expect(publicObserved.observations.map((o: { observation: { type: string } }) => o.observation.type)).toEqual([
      'MatchStarted',
      'TurnStarted',
      'CardMoved',
      'CardMoved',
      'TriggerAdded',
      'TriggerAdded',
    ]);
  });
});

describe('health and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('GET /health answers with the store in use', async () => {
    expect((await t.http().get('/health').expect(200)).body).toEqual({ status: 'ok', store: 'sqlite' });
    expect((await t.http().get('/health').set(t.organizer).expect(200)).body).toEqual({
      status: 'ok',
      store: 'sqlite',
      catalogPosition: 0,
      lanAddresses: expect.arrayContaining([]) as unknown,
    });
  });

  it("GET /health tells the organizer key where phones open the server: its LAN addresses on the request's port, and MATCHLOG_PUBLIC_URL when set; anyone else, neither", async () => {
    const lan = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((info) => info.family === 'IPv4' && !info.internal)
      .map((info) => info.address);
    const { lanAddresses, publicUrl } = (await t.http().get('/health').set(t.organizer).expect(200)).body as { lanAddresses: string[]; publicUrl?: string };
    expect(lanAddresses.map((address) => new URL(address).hostname)).toEqual(lan);
    expect(new Set(lanAddresses.map((address) => new URL(address).port)).size).toBeLessThanOrEqual(1);
    expect(publicUrl).toBeUndefined();
    const configured = await startTestApp({ publicUrl: 'https://matchlog.example.org' });
    try {
      expect((await configured.http().get('/health').set(configured.organizer).expect(200)).body.publicUrl).toBe('https://matchlog.example.org');
      expect((await configured.http().get('/health').expect(200)).body).toEqual({ status: 'ok', store: 'sqlite' });
    } finally {
      await configured.close();
    }
  });

  it('serves the OpenAPI document with every endpoint and the event data schemas', async () => {
    await t.http().get('/docs').expect(200);
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/.well-known/jwks.json',
      '/desk/calls',
      '/desk/history',
      '/desk/penalties',
      '/health',
      '/health/ready',
      '/log/checkpoint',
      '/log/key',
      '/log/proof/consistency',
      '/log/tile/{path}',
      '/matches',
      '/matches/import',
      '/matches/import/tcg-online',
      '/matches/{id}',
      '/matches/{id}/audit',
      '/matches/{id}/audit/deliveries',
      '/matches/{id}/calls',
      '/matches/{id}/calls/{callId}/claim',
      '/matches/{id}/calls/{callId}/escalate',
      '/matches/{id}/calls/{callId}/resolve',
      '/matches/{id}/clock',
      '/matches/{id}/events',
      '/matches/{id}/export',
      '/matches/{id}/feed',
      '/matches/{id}/knowledge',
      '/matches/{id}/log',
      '/matches/{id}/notes',
      '/matches/{id}/queue',
      '/matches/{id}/receipt',
      '/matches/{id}/rulings',
      '/matches/{id}/tokens',
      '/matches/{id}/verify',
      '/matches/{id}/views/{audience}',
      '/matches/{id}/void',
      '/rounds/close',
      '/rounds/log',
      '/rounds/log/proof',
      '/rounds/results',
      '/stats/cards',
      '/stats/cards/{name}',
      '/stats/decks',
      '/stats/leads',
      '/stats/matchups',
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining([...eventTypes.map((type) => `${type}Data`), 'AppendEventsDto', 'EventDto']));
    expect(doc.components.schemas.CardMovedData).toMatchObject({ type: 'object', required: ['cardId', 'from', 'to'], additionalProperties: false });
    expect(doc.components.schemas.EventDto.properties.data.oneOf).toHaveLength(eventTypes.length);
    expect(doc.paths['/matches'].post.requestBody.content['application/json'].schema).toMatchObject({
      // cards, or deckLists (Lorcana lists as players write them): one of the two, checked by the API
      required: ['game', 'players'],
      properties: { matchId: { type: 'string' }, game: { enum: ['lorcana', 'four-souls', 'grand-archive'] }, cards: { type: 'array' }, deckLists: { type: 'object' } },
    });
  });
});
