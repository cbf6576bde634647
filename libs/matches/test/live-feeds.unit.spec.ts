import { InMemoryEventStore, StoredEvent } from '@matchlog/store';
import { tokenStreamOf } from '@matchlog/tokens';
import { randomUUID } from 'crypto';
import { Caller } from '../src/access/caller';
import { FeedTransport } from '../src/feed/feed-transport';
import { LiveEntry } from '../src/feed/live-entry';
import { LiveFeeds } from '../src/feed/live-feeds';
import { MatchModels } from '../src/model/match-models';

const created = {
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'hand', player: 'p1' } }],
};
const turn = (turn: number) => ({ id: randomUUID(), type: 'TurnStarted', data: { player: turn % 2 ? 'p1' : 'p2', turn } });
const ORGANIZER: Caller = { kind: 'organizer' };
const PLAYER: Caller = { kind: 'player', matchId: 'm', player: 'p1' };

/** A second transport in a few lines: it keeps the entries as they come, and frames nothing. */
class RecordingTransport implements FeedTransport {
  readonly entries: LiveEntry[] = [];
  closedAs: 'ended' | 'cut off' | undefined;
  accepting = true;
  lags = false;
  private drain: (() => void) | undefined;
  private readonly listeners: (() => void)[] = [];
  send(entry: LiveEntry): boolean {
    this.entries.push(entry);
    return this.accepting;
  }
  drained = () => new Promise<void>((resolve) => (this.drain = resolve));
  lagging = () => this.lags;
  end = () => this.close('ended');
  cutOff = () => this.close('cut off');
  onClose(listener: () => void): void {
    this.listeners.push(listener);
  }
  release(): void {
    this.accepting = true;
    this.drain?.();
  }
  get seen(): string[] {
    return this.entries.map((entry) => `${entry.type} ${entry.revision}`);
  }
  private close(as: 'ended' | 'cut off'): void {
    this.closedAs = as;
    this.listeners.forEach((listener) => listener());
  }
}

describe('LiveFeeds: who sees what is decided once, and a transport only receives typed entries', () => {
  let store: InMemoryEventStore;
  let models: MatchModels;
  let feeds: LiveFeeds<RecordingTransport>;
  let failures: unknown[];
  beforeEach(async () => {
    store = new InMemoryEventStore();
    await store.append('m', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }, turn(1)]);
    models = new MatchModels(store);
    failures = [];
    feeds = new LiveFeeds(models, { now: () => Date.now() }, (_matchId, error) => failures.push(error));
  });
  afterEach(async () => {
    await store.close();
    expect(failures).toEqual([]);
  });

  const settled = () => new Promise((resolve) => setImmediate(resolve));
  /** appended by any instance: the log tells the models */
  const append = async (events: { id: string; type: string; data: unknown }[]) => {
    const after = await store.revisionOf('m');
    await store.append('m', after, events);
    for (const event of await store.readStream('m', { from: after + 1 })) models.handle(event);
  };
  const subscribe = async (caller: Caller, request: { audience?: string; from?: number; lastEventId?: string }) => {
    const transport = new RecordingTransport();
    const feed = feeds.subscribe(await feeds.open(caller, 'm', request), caller, transport);
    await settled();
    return { transport, feed };
  };

  it('starts with the view at the head, then hands over each append as it comes; MatchEnded ends it, and the match is let go', async () => {
    const { transport, feed } = await subscribe(ORGANIZER, { audience: 'p1' });
    expect(transport.seen).toEqual(['view 2']);
    expect(transport.entries[0]).toMatchObject({ type: 'view', audience: 'p1', data: { audience: 'p1', revision: 2 } });
    expect(feed.following).toBe(true);
    expect(feeds.following()).toEqual([transport]);
    await append([turn(2)]);
    expect(transport.entries.at(-1)).toMatchObject({ type: 'observation', audience: 'p1', revision: 3, data: { revision: 3, observation: { type: 'TurnStarted', turn: 2 } } });
    await append([{ id: randomUUID(), type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }]);
    expect(transport.seen).toEqual(['view 2', 'observation 3', 'observation 4', 'ended 4']);
    expect(transport.entries.at(-1)!.data).toEqual({ revision: 4 });
    expect(transport.closedAs).toBe('ended');
    expect(feeds.size).toBe(0);
    expect((await models.load('m')).holders).toBe(0);
  });

  it('resumes after a position (Last-Event-ID winning over from) with no gap and no duplicate, at the pace the transport drains', async () => {
    await append([turn(2), turn(3), turn(4)]);
    const transport = new RecordingTransport();
    transport.accepting = false;
    feeds.subscribe(await feeds.open(ORGANIZER, 'm', { audience: 'public', from: 0, lastEventId: '2' }), ORGANIZER, transport);
    await settled();
    expect(transport.seen).toEqual(['observation 3']);
    transport.release();
    await settled();
    expect(transport.seen).toEqual(['observation 3', 'observation 4', 'observation 5']);
  });

  it('cuts off a live client its transport says lags behind, with no ended entry: it resumes by id', async () => {
    const { transport } = await subscribe(ORGANIZER, { audience: 'judge' });
    transport.lags = true;
    await append([turn(2)]);
    expect(transport.closedAs).toBe('cut off');
    expect(transport.seen).toEqual(['view 2', 'observation 3']);
    expect(feeds.size).toBe(0);
  });

  it("a revocation of the match's tokens ends the feeds a match token opened, and only those", async () => {
    const player = await subscribe(PLAYER, { audience: 'p1' });
    const organizer = await subscribe(ORGANIZER, { audience: 'p1' });
    const revoked = { streamId: tokenStreamOf('m'), type: 'TokensRevoked', revision: 1, position: 1, id: randomUUID(), data: { hashes: ['a-revoked-hash'] } };
    feeds.handle({ ...revoked, streamId: tokenStreamOf('other') } as unknown as StoredEvent);
    expect(player.transport.closedAs).toBeUndefined();
    feeds.handle(revoked as unknown as StoredEvent);
    expect(player.transport.closedAs).toBe('ended');
    expect(organizer.transport.closedAs).toBeUndefined();
    expect(feeds.size).toBe(1);
  });

  it('a closed connection ends the feed: nothing more is handed over, and the match is let go', async () => {
    const { transport } = await subscribe(ORGANIZER, { audience: 'public' });
    transport.end();
    await append([turn(2)]);
    expect(transport.seen).toEqual(['view 2']);
    expect(feeds.size).toBe(0);
    expect((await models.load('m')).holders).toBe(0);
  });
});
