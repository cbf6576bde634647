import { CatalogDb, CatalogProjector, applyTokenEvents } from '@matchlog/catalog';
import { EventToAppend, InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { hashToken, tokenStreamOf } from '@matchlog/tokens';
import { randomUUID } from 'crypto';
import { TokenGrants } from '../src/access/token-grants';
import { TokensBehind } from '../src/errors';
import { StoreHead } from '../src/model/store-head';
import { catalogOn } from './support/catalog-on';

/** A judge token for a match, and the event that records it. */
const judgeToken = () => {
  const token = `mlt_${randomUUID()}`;
  return { token, issued: { id: randomUUID(), type: 'TokensIssued', data: { grants: [{ role: 'judge', hash: hashToken(token) }] } } };
};
const revocationOf = (token: string): EventToAppend => ({ id: randomUUID(), type: 'TokensRevoked', data: { hashes: [hashToken(token)] } });

describe('TokenGrants: a bounded cache of grants, the rest looked up in the catalog', () => {
  let store: InMemoryEventStore;
  let catalog: CatalogDb;
  let projector: CatalogProjector;
  let close: () => Promise<void>;
  beforeEach(async () => ({ store, catalog, projector, close } = await catalogOn()));
  afterEach(() => close());
  /** Written by another instance: only the log and this instance's consumer carry it here. */
  const issuedElsewhere = async (matchId: string, events: EventToAppend[]) => {
    const stream = tokenStreamOf(matchId);
    return (await store.append(stream, await store.revisionOf(stream), events)).position;
  };
  const judgesOf = async (count: number) => {
    const judges = Array.from({ length: count }, judgeToken);
    for (const [i, judge] of judges.entries()) await issuedElsewhere(`m${i}`, [judge.issued]);
    return judges;
  };

  it('holds at most its bound; a token dropped from it is looked up in the catalog, and held again', async () => {
    await projector.start();
    const grants = new TokenGrants(catalog, store, new StoreHead(store), 2000, { projector, grants: 2 });
    projector.consumer.add(grants);
    const judges = await judgesOf(5);
    expect(await grants.grantOf(judges[4].token)).toEqual({ matchId: 'm4', role: 'judge', player: null });
    expect(grants.size).toBe(2);
    for (const [i, judge] of judges.entries()) expect(await grants.grantOf(judge.token)).toEqual({ matchId: `m${i}`, role: 'judge', player: null });
    expect(grants.size).toBe(2);
    expect(await grants.grantOf('mlt_never-issued')).toBeNull();
  });

  it('a revoked token dropped from the cache is refused, even by a catalog that holds its grant and not its revocation', async () => {
    await projector.start();
    const grants = new TokenGrants(catalog, store, new StoreHead(store), 2000, { projector, grants: 1 });
    projector.consumer.add(grants);
    const [revoked] = await judgesOf(1);
    const position = await issuedElsewhere('m0', [revocationOf(revoked.token)]);
    await judgesOf(3);
    await projector.caughtUpTo(position, 10_000);
    expect(await grants.grantOf(revoked.token)).toBeNull();
    // the catalog as one that missed the revocation: memory still refuses it
    await catalog.deleteFrom('token_revocations').execute();
    await catalog
      .insertInto('match_tokens')
      .values({ token_hash: hashToken(revoked.token), match_id: 'm0', role: 'judge', player_id: null, from_log: 1 })
      .execute();
    expect(await grants.grantOf(revoked.token)).toBeNull();
    expect(grants.size).toBe(1);
  });

  describe('a token issued on another instance, dropped from the cache before it is asked for', () => {
    /** An instance whose consumer follows the log, beside a catalog that lags until `reached` is asked for. */
    const laggingCatalog = (caughtUp: (position: number) => Promise<boolean>) => {
      const lagging = { caughtUpPosition: 0, reached: jest.fn((position: number) => caughtUp(position)) };
      const grants = new TokenGrants(catalog, store, new StoreHead(store), 50, { projector: lagging, grants: 1 });
      const consumer = new LogConsumer(store, { processors: [grants], onError: () => undefined });
      consumer.start(0);
      return { consumer, lagging, grants };
    };

    it('waits for the catalog to hold the head before it trusts the catalog: the token is granted', async () => {
      const [dropped, ...later] = await judgesOf(3);
      const head = await store.headPosition();
      const { consumer, lagging, grants } = laggingCatalog(async () => {
        await applyTokenEvents(catalog, 'm0', [dropped.issued]);
        return true;
      });
      try {
        expect(await grants.grantOf(later[1].token)).toEqual({ matchId: 'm2', role: 'judge', player: null });
        expect(await grants.grantOf(dropped.token)).toEqual({ matchId: 'm0', role: 'judge', player: null });
        expect(lagging.reached).toHaveBeenCalledWith(head, 50);
      } finally {
        await consumer.stop();
      }
    });

    it('a catalog that cannot reach the head answers TokensBehind, never a guess', async () => {
      const [dropped] = await judgesOf(2);
      const { consumer, grants } = laggingCatalog(async () => false);
      try {
        await expect(grants.grantOf(dropped.token)).rejects.toBeInstanceOf(TokensBehind);
      } finally {
        await consumer.stop();
      }
    });

    it('a revocation delivered while the catalog answers refuses the token, and nothing of it is cached', async () => {
      const [dropped] = await judgesOf(2);
      const { consumer, grants } = laggingCatalog(async () => {
        await applyTokenEvents(catalog, 'm0', [dropped.issued]);
        // the consumer delivers a revocation the catalog has not applied yet
        grants.apply('m0', [revocationOf(dropped.token)]);
        return true;
      });
      try {
        expect(await grants.grantOf(dropped.token)).toBeNull();
        expect(await grants.grantOf(dropped.token)).toBeNull();
      } finally {
        await consumer.stop();
      }
    });
  });
});
