import { MatchReader } from '@matchlog/matches';
import { TestApp, startTestApp } from './support/test-app';
import { draw, lorcanaMatch } from './support/fixtures';

/**
 * A second wall behind `observe`: every JSON answer is written through the schema of its type
 * (response-schemas.ts), so a field a bug adds to a view, a queue or an observation never reaches
 * the wire, however deep it sits.
 */
describe('answers carry only the fields their types declare', () => {
  let t: TestApp;
  const id = 'wall-1';
  const SECRET = 'Ariel - On Human Legs';

  beforeAll(async () => {
    t = await startTestApp();
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201);
    await t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw('c01')] })
      .expect(201);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** What the reader answers, with undeclared fields added at every depth: what a bug in a view's fold could do. */
  const leaking = <K extends 'view' | 'queue' | 'observations'>(method: K, add: (answer: any) => void) => {
    const reader = t.app.get(MatchReader);
    const original = reader[method].bind(reader) as (...args: unknown[]) => Promise<unknown>;
    jest.spyOn(reader, method).mockImplementation((async (...args: unknown[]) => {
      const answer = structuredClone(await original(...args));
      add(answer);
      return answer;
    }) as never);
  };

  it("a view: a hidden card's id and definition added to it, its zones and its cards are not sent", async () => {
    leaking('view', (view) => {
      view.secretDeck = [SECRET];
      view.zones['hand@p1'].cardIds = ['c01'];
      for (const card of view.zones['hand@p1'].cards) Object.assign(card, { cardId: 'c01', name: SECRET });
      view.turn.peek = SECRET;
      view.queue.debug = SECRET;
    });
    const res = await t.http().get(`/matches/${id}/views/public`).expect(200);
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain('c01');
    expect(res.body.zones['hand@p1'].count).toBe(3);
    expect(Object.keys(res.body).sort()).toEqual([
      'audience',
      'counters',
      'departed',
      'ended',
      'game',
      'players',
      'queue',
      'revision',
      'time',
      'tournament',
      'turn',
      'voided',
      'zones',
    ]);
    expect(Object.keys(res.body.zones['hand@p1'].cards[0]).sort()).toEqual(['handle']);
  });

  it("the judge's view keeps every declared field (the card ids are the judge's to see), and drops the rest", async () => {
    leaking('view', (view) => (view.internal = SECRET));
    const res = await t.http().get(`/matches/${id}/views/judge`).set(t.organizer).expect(200);
    expect(res.body.audience).toBe('judge');
    expect(res.body.zones['hand@p1'].cards.map((card: { cardId: string }) => card.cardId)).toContain('c01');
    expect(res.body.internal).toBeUndefined();
  });

  it('an observation among the observations: an undeclared field on the observation and on its card is not sent', async () => {
    leaking('observations', (page) => {
      for (const entry of page.observations) {
        entry.observation.cardId = 'c01';
        if (entry.observation.card) entry.observation.card.definition2 = SECRET;
      }
      page.debug = SECRET;
    });
    const res = await t.http().get(`/matches/${id}/events?audience=p2`).expect(401);
    expect(res.text).not.toContain(SECRET);
    const open = await t.http().get(`/matches/${id}/events?audience=public`).expect(200);
    expect(open.body.observations).toHaveLength(3);
    expect(open.text).not.toContain(SECRET);
    expect(open.text).not.toContain('c01');
    expect(open.body.debug).toBeUndefined();
  });

  it('the queue: an undeclared field is not sent', async () => {
    leaking('queue', (queue) => (queue.hiddenSources = [SECRET]));
    const res = await t.http().get(`/matches/${id}/queue`).expect(200);
    expect(res.text).not.toContain(SECRET);
    expect(res.body.revision).toBe(3);
  });

  it("an audience's answer is written through the audience's type, never the judge's, whatever the value holds", async () => {
    leaking('queue', (queue) => {
      // a source that fits no audience schema (exerted is never false there) would fall through to the judge's
      queue.items = [{ triggerId: 't1', player: 'p1', ability: 'x', kind: 'triggered', source: { handle: 'h1', exerted: false, cardId: 'c01', definition: SECRET } }];
    });
    const res = await t.http().get(`/matches/${id}/queue`).expect(200);
    expect(res.text).not.toContain('c01');
    leaking('observations', (page) => {
      for (const entry of page.observations) entry.observation = { id: 'e1', type: 'CardMoved', data: { cardId: 'c01' }, meta: { chainSalt: SECRET } };
    });
    // an event where the public observes: it fits no observation of the public's type, so nothing is written of it
    const open = await t.http().get(`/matches/${id}/events?audience=public`).expect(500);
    expect(open.body.code).toBe('INTERNAL_ERROR');
    expect(open.text).not.toContain('c01');
    expect(open.text).not.toContain(SECRET);
  });
});
