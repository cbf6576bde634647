import { CatalogLag } from '@matchlog/catalog';
import { StorageCorrupt, StoreTimeout, StoreUnavailable } from '@matchlog/store';
import { readinessOf } from '../src/health/readiness';

const answering = { revisionOf: async () => 0 };
const failingWith = (error: Error) => ({ revisionOf: async () => Promise.reject(error) });
const lagging = (lag: CatalogLag) => ({ lag: () => lag });

describe('readinessOf', () => {
  it('is ready when the store answers and the catalog has no failed batch, even a batch behind while it writes', async () => {
    expect(await readinessOf(answering, lagging({ position: 7, behind: 0 }))).toEqual({ ready: true, reasons: [], catalog: { position: 7, behind: 0 }, skipped: [] });
    expect((await readinessOf(answering, lagging({ position: 7, behind: 3 }))).ready).toBe(true);
  });

  it('is not ready while the store cannot be reached, saying so and nothing of the server behind it', async () => {
    const readiness = await readinessOf(failingWith(new StoreUnavailable('connect ECONNREFUSED 10.0.0.7:2113')), lagging({ position: 7, behind: 0 }));
    expect(readiness).toMatchObject({ ready: false, reasons: ['the event store cannot be reached'] });
    const late = await readinessOf(failingWith(new StoreTimeout('DEADLINE_EXCEEDED after 10000 ms to 10.0.0.7:2113')), lagging({ position: 7, behind: 0 }));
    expect(late).toMatchObject({ ready: false, reasons: ['the event store does not answer in time'] });
  });

  it('is not ready on a damaged store, without naming its file', async () => {
    const readiness = await readinessOf(failingWith(new StorageCorrupt('/srv/data/events.sqlite', 'bad page')), lagging({ position: 0, behind: 0 }));
    expect(readiness.ready).toBe(false);
    expect(readiness.reasons.join()).not.toContain('/srv');
  });

  it('is not ready while the catalog is behind the log after a failed write, saying how far and why', async () => {
    const readiness = await readinessOf(answering, lagging({ position: 106, behind: 5, failure: 'disk full' }));
    expect(readiness).toEqual({
      ready: false,
      reasons: ['the catalog is behind the log: its last write failed (disk full); it is retried with backoff'],
      catalog: { position: 106, behind: 5, failure: 'disk full' },
      skipped: [],
    });
  });

  it("is not ready while the catalog's subscription to the log has failed, even with nothing queued: the catalog does not follow the log", async () => {
    const readiness = await readinessOf(answering, lagging({ position: 106, behind: 0, failure: 'the event store cannot be reached', subscription: 'failed' }));
    expect(readiness).toMatchObject({
      ready: false,
      reasons: ['the catalog does not follow the log: its subscription to the event store failed (the event store cannot be reached); it is renewed with backoff'],
    });
  });

  it('reports an event a projection skipped, and stays ready: the events after it still flow', async () => {
    const skipped = [{ processor: 'catalog', position: 42, streamId: 'm1', revision: 3, type: 'MatchEnded', error: 'TypeError' }];
    const readiness = await readinessOf(answering, lagging({ position: 50, behind: 0 }), { skipped });
    expect(readiness.ready).toBe(true);
    // anyone may ask: where in the log and what failed, not which match, its revision or the event's type
    expect(readiness.skipped).toEqual([{ processor: 'catalog', position: 42, error: 'TypeError' }]);
  });
});
