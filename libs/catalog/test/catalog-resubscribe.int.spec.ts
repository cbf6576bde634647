import { UnavailableError } from '@eventstore/db-client';
import { CatalogLag, checkpointOf, findMatch, openCatalog } from '@matchlog/catalog';
import { EventStore, StoreUnavailable, StoredEvent } from '@matchlog/store';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { EsdbDouble } from '../../store/test/support/esdb-double';
import { projectorOn } from './support/projector-on';

const created = (matchId: string) => ({
  id: `${matchId}-created`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] },
  meta: { recordedBy: 'test', recordedAt: '2026-11-23T10:00:00.000Z' },
});
const turn = (matchId: string, n: number) => ({ id: `${matchId}-turn-${n}`, type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

describe('the catalog on EventStoreDB when its subscription breaks mid-stream (client double)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-resubscribe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('onFailure, readiness says so, and the projector renews it from the last delivered position: no event lost or doubled', async () => {
    const double = new EsdbDouble();
    const store = new EventStoreDbEventStore(double);
    const delivered: StoredEvent[] = [];
    // every event any subscription hands the projector; the third one cuts the connection
    const watched: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribeAll: (after: number, onEvent: (e: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void) =>
        store.subscribeAll(
          after,
          (event) => {
            delivered.push(event);
            if (delivered.length === 3) double.breakSubscriptions(new UnavailableError(undefined, 'UNAVAILABLE: Connection dropped'));
            return onEvent(event);
          },
          onFailure,
        ),
    });
    const failures: { error: unknown; lag: CatalogLag }[] = [];
    const db = await openCatalog(dir);
    const projector = projectorOn(db, watched, (error) => failures.push({ error, lag: projector.lag() }), { firstMs: 5, maxMs: 20 });
    await projector.start();

    await store.append('m1', 0, [created('m1'), turn('m1', 1), turn('m1', 2), turn('m1', 3), turn('m1', 4)]);
    const { position: last } = await store.append('m2', 0, [created('m2'), turn('m2', 1)]);
    // caughtUpTo answers at once while the subscription is down: wait for the renewal on the timers
    while (projector.caughtUpPosition < last) await new Promise((resolve) => setTimeout(resolve, 5)).then(() => projector.caughtUpTo(last));

    expect(failures).toEqual([{ error: expect.any(StoreUnavailable), lag: expect.objectContaining({ subscription: 'failed' }) }]);
    const log = await store.readAll(0, 100);
    expect(delivered.map((e) => e.id)).toEqual(log.map((e) => e.id));
    expect(double.subscriptions).toHaveLength(2);
    expect(double.subscriptions[1].fromPosition).toEqual({ commit: BigInt(delivered[2].position), prepare: BigInt(delivered[2].position) });
    expect(await checkpointOf(db)).toBe(last);
    expect(await findMatch(db, 'm1')).toMatchObject({ eventCount: 5 });
    expect(await findMatch(db, 'm2')).toMatchObject({ eventCount: 2 });
    expect(projector.lag()).toEqual({ position: last, behind: 0 });

    await projector.stop();
    await db.destroy();
    await store.close();
  });
});
