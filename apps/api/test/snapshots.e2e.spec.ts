import { MatchModels } from '@matchlog/matches';
import { EventStore } from '@matchlog/store';
import { EVENT_STORE } from '../src/injection-keys';
import { draw, lorcanaMatch, zone } from './support/fixtures';
import { startSecondInstance } from './support/second-instance';
import { TestApp, startTestApp } from './support/test-app';

const EVERY = 50;

/** A turn of each player, p1 drawing its card and putting it back: hidden moves, so seats differ from the public's. */
const turns = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i).flatMap((turn) => [
    { type: 'TurnStarted', data: { player: turn % 2 === 1 ? 'p1' : 'p2', turn } },
    ...(turn % 2 === 1 ? [draw('c02'), { type: 'CardMoved', data: { cardId: 'c02', from: zone('hand', 'p1'), to: zone('deck', 'p1') } }] : []),
  ]);

describe(`snapshots: written every ${EVERY} events in the background, a restarted instance's first view from one, never evidence`, () => {
  let t: TestApp;
  let store: EventStore;
  let judge: string;
  const id = 'long-match';
  /** the revision of the match's stored snapshot (kept beside the log), 0 for none */
  const snapshotAt = async (matchId: string) => ((await store.readSnapshot(matchId)) as { revision?: number } | undefined)?.revision ?? 0;

  beforeAll(async () => {
    t = await startTestApp({ snapshotEvery: EVERY });
    store = t.app.get(EVENT_STORE);
    judge = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens.judge;
    let revision = 1;
    for (let turn = 1; revision < 130; turn += 10) {
      const events = turns(turn, 10);
      await t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision: revision, events }).expect(201);
      revision += events.length;
    }
    for (let i = 0; i < 200 && (await snapshotAt(id)) < 101; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(() => t.close());

  it('keeps the latest snapshot, taken as the match passed another multiple of N events, beside the log: no event of the log holds one', async () => {
    expect(await snapshotAt(id)).toBe(101);
    const log = await store.readAll(0, 10_000);
    expect(log.filter((event) => event.streamId !== id && !event.streamId.startsWith('tokens@'))).toEqual([]);
    expect(log.map((event) => event.type)).not.toContain('MatchSnapshot');
  });

  it('a new instance on the same data answers the first view from the latest snapshot, the same view, byte for byte, for each audience', async () => {
    const second = await startSecondInstance(t);
    try {
      const reads: string[] = [];
      const original = store.readStream.bind(store);
      const spy = jest.spyOn(store, 'readStream').mockImplementation((streamId, options) => {
        reads.push(`${streamId} ${JSON.stringify(options ?? {})}`);
        return original(streamId, options);
      });
      const first = await second.http().get(`/matches/${id}/views/public`).expect(200);
      expect(reads).toEqual([`${id} {"maxCount":1}`, `${id} {"from":101}`]);
      spy.mockRestore();
      expect(first.text).toBe((await t.http().get(`/matches/${id}/views/public`).expect(200)).text);
      const model = await second.app.get(MatchModels).load(id, 'head');
      expect(model.replay.start).toBe(101);
      for (const audience of ['p1', 'judge']) {
        const path = `/matches/${id}/views/${audience}`;
        expect((await second.http().get(path).set(second.bearer(judge)).expect(200)).text).toBe((await t.http().get(path).set(t.bearer(judge)).expect(200)).text);
      }
      // an earlier revision, and the observations from the start: the events before the snapshot are read then
      for (const path of [`/matches/${id}/views/public?at=30`, `/matches/${id}/events?audience=public`]) {
        expect((await second.http().get(path).expect(200)).text).toBe((await t.http().get(path).expect(200)).text);
      }
      expect(model.replay.start).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a delayed broadcast read on a new instance, where the match starts at a snapshot past the delay, shows no more than the delay allows', async () => {
    const delayed = 'long-match-delayed';
    const created = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch(delayed), broadcastDelay: { events: 40 }, broadcastAccess: 'token' })
        .expect(201)
    ).body;
    let revision = 1;
    for (let turn = 1; revision < 70; turn += 10) {
      const events = turns(turn, 10);
      await t.http().post(`/matches/${delayed}/events`).set(t.organizer).send({ expectedRevision: revision, events }).expect(201);
      revision += events.length;
    }
    for (let i = 0; i < 200 && (await snapshotAt(delayed)) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const at = await snapshotAt(delayed);
    expect(at).toBeGreaterThan(revision - 40);
    const second = await startSecondInstance(t);
    try {
      const broadcast = created.tokens.broadcast as string;
      for (const path of [`/matches/${delayed}/views/broadcast`, `/matches/${delayed}/events?audience=broadcast`]) {
        const theirs = await second.http().get(path).set(second.bearer(broadcast)).expect(200);
        expect(theirs.body).toMatchObject(path.includes('views') ? { revision: revision - 40 } : { to: revision - 40 });
        expect(theirs.text).toBe((await t.http().get(path).set(t.bearer(broadcast)).expect(200)).text);
      }
    } finally {
      await second.close();
    }
  });

  it('the audit, the export and verify read the log, never a snapshot', async () => {
    const second = await startSecondInstance(t);
    try {
      await second.http().get(`/matches/${id}/views/public`).expect(200);
      const snapshotReads = jest.spyOn(store, 'readSnapshot');
      const spy = jest.spyOn(store, 'readStream');
      for (const path of ['audit', 'export', 'verify', 'knowledge']) {
        const [theirs, ours] = await Promise.all([
          second.http().get(`/matches/${id}/${path}`).set(second.bearer(judge)),
          t.http().get(`/matches/${id}/${path}`).set(t.bearer(judge)),
        ]);
        expect(theirs.status).toBe(200);
        // the export's signed head carries the time it was signed
        const unsigned = (text: string) => text.replace(/"signedHead":.*$/s, '');
        expect(unsigned(theirs.text)).toBe(unsigned(ours.text));
      }
      expect(snapshotReads).not.toHaveBeenCalled();
      expect(spy.mock.calls.map(([streamId]) => streamId)).toContain(id);
      spy.mockRestore();
      snapshotReads.mockRestore();
    } finally {
      await second.close();
    }
  });

  it('no request names the snapshot stream a store written before keeps in the log: it is no match id, to create, append to or read', async () => {
    const snapshots = `snapshots@${id}`;
    await store.append(snapshots, 0, [
      { id: 'legacy-snapshot-1', type: 'MatchSnapshot', data: { revision: 61 } },
      { id: 'legacy-snapshot-2', type: 'MatchSnapshot', data: { revision: 101 } },
    ]);
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('snapshots@other')).expect(400);
    const path = `/matches/${encodeURIComponent(snapshots)}`;
    await t
      .http()
      .post(`${path}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 2, events: turns(100, 1) })
      .expect(404);
    await t.http().get(`${path}/views/public`).expect(404);
    await t.http().get(`${path}/export`).set(t.organizer).expect(404);
    expect(await store.revisionOf(snapshots)).toBe(2);
  });
});
