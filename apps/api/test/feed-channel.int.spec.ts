import { SqliteEventStore, StoredEvent } from '@matchlog/store';
import { randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { MatchChannel } from '../src/feed/match-channel';
import { lorcanaMatch } from './support/fixtures';

const turn = (turn: number) => ({ id: randomUUID(), type: 'TurnStarted', data: { player: turn % 2 ? 'p1' : 'p2', turn } });

describe('MatchChannel: a followed match, from the store', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-channel-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    const { matchId: _id, ...created } = lorcanaMatch('m');
    await store.append('m', 0, [{ id: randomUUID(), type: 'MatchCreated', data: created }, turn(1)]);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const opened = async () => {
    const advanced: number[] = [];
    const channel = new MatchChannel('m', store, (c) => advanced.push(c.revision), (_c, error) => { throw error; });
    await channel.loaded;
    channel.follow('public');
    return { channel, advanced };
  };
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('fills a gap from the store when an event skips revisions, then goes on in order, never twice', async () => {
    const { channel, advanced } = await opened();
    await store.append('m', 2, [turn(2), turn(3), turn(4)]);
    const stored: StoredEvent[] = await store.readStream('m', { from: 3 });
    channel.receive(stored[2]);
    await settled();
    channel.receive(stored[0]);
    channel.receive(stored[2]);
    expect(advanced).toEqual([3, 4, 5]);
    expect(channel.messages('public', 2, 5).map((m) => JSON.parse(m.text.split('data: ')[1]).observation.turn)).toEqual([2, 3, 4]);
  });

  it('refresh() reads what the store holds past its revision (after a lost subscription)', async () => {
    const { channel, advanced } = await opened();
    await store.append('m', 2, [turn(2)]);
    channel.refresh();
    await settled();
    expect(advanced).toEqual([3]);
    expect(channel.messageAt('public', 3)).toMatch(/^id: 3\nevent: observation\ndata: \{"revision":3,"observation":\{"type":"TurnStarted"/);
  });
});
