import { InMemoryEventStore, StoredEvent } from '@matchlog/store';
import { randomUUID } from 'crypto';
import { ObservedEntry } from '../src/feed/live-entry';
import { MatchModels } from '../src/model/match-models';

const turn = (turn: number) => ({ id: randomUUID(), type: 'TurnStarted', data: { player: turn % 2 ? 'p1' : 'p2', turn } });
const created = {
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'hand', player: 'p1' } }],
};

describe('MatchModels: a followed match moves on with the log, from the store', () => {
  let store: InMemoryEventStore;
  beforeEach(async () => {
    store = new InMemoryEventStore();
    await store.append('m', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }, turn(1)]);
  });
  afterEach(() => store.close());

  const followed = async () => {
    const models = new MatchModels(store);
    const model = await models.hold('m');
    const advanced: number[] = [];
    model.followers.add({ audience: 'public', openedWithMatchToken: false, advanced: () => advanced.push(model.revision), end: () => undefined });
    model.follow('public');
    return { models, model, advanced };
  };
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const turnOf = (entry: ObservedEntry) => (entry.data.observation as { turn?: number }).turn;

  it('fills a gap from the store when an event skips revisions, then goes on in order, never twice', async () => {
    const { models, model, advanced } = await followed();
    await store.append('m', 2, [turn(2), turn(3), turn(4)]);
    const stored: StoredEvent[] = await store.readStream('m', { from: 3 });
    models.handle(stored[2]);
    await settled();
    models.handle(stored[0]);
    models.handle(stored[2]);
    expect(advanced).toEqual([5]);
    expect(model.entries('public', 2, 5).map(turnOf)).toEqual([2, 3, 4]);
  });

  it('after a renewed subscription, reads what the store holds past its revision', async () => {
    const { models, model, advanced } = await followed();
    await store.append('m', 2, [turn(2)]);
    models.renewed();
    await settled();
    await settled();
    expect(advanced).toEqual([3]);
    expect(model.entryAt('public', 3)).toMatchObject({ type: 'observation', audience: 'public', revision: 3, data: { revision: 3, observation: { type: 'TurnStarted' } } });
  });

  it("takes the writer's append at once, and the log's copy of it is not added again", async () => {
    const { models, model, advanced } = await followed();
    const [event] = [turn(2)];
    const { position } = await store.append('m', 2, [event]);
    models.appended('m', 2, [event as never], model.state);
    models.handle({ ...(event as object), streamId: 'm', revision: 3, position } as StoredEvent);
    expect(advanced).toEqual([3]);
    expect(model.revision).toBe(3);
    expect(model.state.revision).toBe(3);
  });

  it('a read of the store and a followed model are the same model: folded once', async () => {
    const { models, model } = await followed();
    await store.append('m', 2, [turn(2)]);
    expect(await models.load('m')).toBe(model);
    expect(model.revision).toBe(3);
  });
});

describe('MatchModel: a failing reader never stops the model half way', () => {
  it("a follower that throws is ended; the model's revision, state and chain head still move, and the other followers hear of it", async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }]);
    const models = new MatchModels(store);
    const model = await models.hold('m');
    model.follow('public');
    const ended: string[] = [];
    const heard: number[] = [];
    model.followers.add({
      audience: 'public',
      openedWithMatchToken: false,
      advanced: () => {
        throw new Error('socket gone');
      },
      end: () => ended.push('broken'),
    });
    model.followers.add({ audience: 'public', openedWithMatchToken: false, advanced: () => heard.push(model.revision), end: () => ended.push('fine') });
    const hash = 'ab'.repeat(32);
    const event = { ...turn(1), meta: { previous: '0'.repeat(64), hash } };
    models.appended('m', 1, [event as never], model.state);
    expect(model.revision).toBe(2);
    expect(model.state.revision).toBe(2);
    expect(model.head).toBe(hash);
    expect(ended).toEqual(['broken']);
    expect(heard).toEqual([2]);
    await store.close();
  });
});

describe('MatchModels: one model per match, even when a held one was evicted while its head was looked up', () => {
  it('a second feed of the match gets the model the first holds', async () => {
    const store = new InMemoryEventStore();
    await store.append('a', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }]);
    await store.append('b', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }]);
    const models = new MatchModels(store, 1);
    await models.load('a');
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const revisionOf = store.revisionOf.bind(store);
    jest.spyOn(store, 'revisionOf').mockImplementationOnce(async (id) => (await slow, revisionOf(id)));
    const first = models.hold('a'); // finds a cached, then waits on the store's head
    await models.load('b'); // evicts a (the bound is one event)
    const second = await models.hold('a'); // loads a again, and holds it
    release();
    expect(await first).toBe(second);
    await store.close();
  });
});

describe('MatchModel: an audience nobody follows any more costs nothing', () => {
  it('steps a seat while a feed of its audience is open, and stops when the last one leaves', async () => {
    const store = new InMemoryEventStore();
    await store.append('m', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }]);
    const models = new MatchModels(store);
    const model = await models.hold('m');
    const follower = (audience: string) => ({ audience, openedWithMatchToken: false, advanced: () => undefined, end: () => undefined });
    const [a, b] = [follower('public'), follower('public')];
    model.followers.add(a);
    model.followers.add(b);
    model.follow('public');
    models.appended('m', 1, [turn(1) as never], model.state);
    model.leave(a);
    models.appended('m', 2, [turn(2) as never], model.state);
    // still followed by b: the entry of revision 3 was kept when the event came
    expect(model.entries('public', 2, 3)).toHaveLength(1);
    const kept = (model as unknown as { kept: Map<string, unknown> }).kept;
    expect(kept.has('public')).toBe(true);
    model.leave(b);
    expect(kept.has('public')).toBe(false);
    models.appended('m', 3, [turn(3) as never], model.state);
    expect(model.revision).toBe(4);
    // replayed on demand for a stream that comes later
    expect(model.entryAt('public', 4)).toMatchObject({ type: 'observation', revision: 4 });
    await store.close();
  });
});
