import { CatalogDb, CatalogProjector, applyTokenEvents, openCatalog } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore, LogConsumer, Subscription } from '@matchlog/store';
import { TokenRole, decideReissue, hashToken, tokenStreamOf, tokensAfter } from '@matchlog/tokens';
import { randomBytes, randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { TokenGrants } from '../src/access/token-grants';
import { TokensBehind } from '../src/errors';
import { StoreHead } from '../src/model/store-head';

/** The store, its subscription delivering nothing until `open` is called: a consumer still catching up. */
const slowSubscription = (store: EventStore) => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const subscribeAll: EventStore['subscribeAll'] = (after, onEvent, onFailure) => {
    let inner: Subscription | undefined;
    let closed = false;
    void opened.then(() => {
      if (!closed) inner = store.subscribeAll(after, onEvent, onFailure);
    });
    return { close: async () => ((closed = true), await inner?.close()) };
  };
  return { store: { subscribeAll }, open };
};

/** What the server draws tokens and ids from. */
const entropy = { uuid: () => randomUUID(), hex: (bytes: number) => randomBytes(bytes).toString('hex') };

const roles: TokenRole[] = [{ role: 'player', player: 'p1' }, { role: 'judge' }];

/** Issues tokens for `roles` in the match's token stream, as the writer does, revoking those named in `inForce`. */
const issue = async (store: EventStore, matchId: string, inForce: { hash: string; role: 'judge' }[] = []) => {
  const stream = tokenStreamOf(matchId);
  const { tokens, events } = decideReissue(tokensAfter([{ type: 'TokensIssued', data: { grants: inForce } }]), roles, entropy);
  const { position } = await store.append(stream, await store.revisionOf(stream), events);
  return { tokens, events, position };
};

describe('TokenGrants: tokens from memory, kept current by the log consumer', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let catalog: CatalogDb;
  let projector: CatalogProjector;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-token-grants-'));
    store = new InMemoryEventStore();
    catalog = await openCatalog(dir);
    projector = new CatalogProjector(catalog, store, () => undefined);
    new LogConsumer(store, { processors: [projector], onError: () => undefined });
  });
  afterEach(async () => {
    await projector.stop();
    await catalog.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  /** the tokens given to the instance's consumer, as the application's root gives them */
  const grantsOn = (waitMs = 2000) => {
    const grants = new TokenGrants(catalog, store, new StoreHead(store), waitMs);
    projector.consumer.add(grants);
    return grants;
  };

  it('knows the tokens the catalog held, those logged before it joined the consumer, and those after; a legacy grant too', async () => {
    const before = await issue(store, 'm1');
    await projector.start();
    await projector.caughtUpTo(before.position, 10_000);
    // a grant issued before tokens were logged: in the catalog alone
    await catalog
      .insertInto('match_tokens')
      .values({ token_hash: hashToken('mlt_legacy'), match_id: 'm0', role: 'recorder', player_id: null, from_log: 0 })
      .execute();
    await projector.stop();
    // logged while no processor of this instance ran: the catalog does not hold it
    const unseen = await issue(store, 'm2');
    const grants = grantsOn();
    const after = await issue(store, 'm3');
    await projector.start();
    expect(await grants.grantOf(before.tokens.players.p1)).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
    expect(await grants.grantOf('mlt_legacy')).toEqual({ matchId: 'm0', role: 'recorder', player: null });
    expect(await grants.grantOf(unseen.tokens.judge!)).toEqual({ matchId: 'm2', role: 'judge', player: null });
    expect(await grants.grantOf(after.tokens.judge!)).toEqual({ matchId: 'm3', role: 'judge', player: null });
    expect(await grants.grantOf('mlt_never-issued')).toBeNull();
    expect(grants.size).toBe(7);
  });

  it('a revocation holds whatever order its events arrive in: the writer first, the log later, or the catalog', async () => {
    await projector.start();
    const grants = grantsOn();
    const first = await issue(store, 'm1');
    const second = await issue(store, 'm1', [{ hash: hashToken(first.tokens.judge!), role: 'judge' }]);
    // the writer applies its own append at once; the consumer delivers both events after it
    grants.apply('m1', second.events);
    expect(await grants.grantOf(first.tokens.judge!)).toBeNull();
    grants.apply('m1', first.events);
    expect(await grants.grantOf(first.tokens.judge!)).toBeNull();
    expect(await grants.grantOf(second.tokens.judge!)).toEqual({ matchId: 'm1', role: 'judge', player: null });
    // a catalog row the projection wrote before it saw the revocation grants nothing either
    await applyTokenEvents(catalog, 'm1', first.events);
    expect(await grantsOn().grantOf(first.tokens.judge!)).toBeNull();
  });

  it('a token not in memory waits for the consumer to reach the head: one issued elsewhere a moment ago is granted', async () => {
    await projector.start();
    const grants = grantsOn();
    await grants.grantOf('mlt_load-first');
    const elsewhere = await issue(store, 'm1');
    expect(await grants.grantOf(elsewhere.tokens.players.p1)).toEqual({ matchId: 'm1', role: 'player', player: 'p1' });
  });

  it('concurrent unknown tokens share head reads; a consumer that cannot reach the head answers TokensBehind, never a guess', async () => {
    await projector.start();
    const grants = grantsOn(50);
    await grants.grantOf('mlt_load-first');
    const heads = jest.spyOn(store, 'headPosition');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => grants.grantOf(`mlt_unknown-${i}`)));
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(heads.mock.calls.length).toBeLessThanOrEqual(2);
    await projector.stop();
    const { tokens } = await issue(store, 'm1');
    await expect(grants.grantOf(tokens.judge!)).rejects.toBeInstanceOf(TokensBehind);
  });

  it('an instance whose consumer has not yet read the log up to the head trusts no token from memory: a revocation the catalog missed is not undone by a restart', async () => {
    const first = await issue(store, 'm1');
    await projector.start();
    await projector.caughtUpTo(first.position, 10_000);
    await projector.stop();
    // re-issued and acknowledged, then the instance stopped before its catalog projected it
    const second = await issue(store, 'm1', [{ hash: hashToken(first.tokens.judge!), role: 'judge' }]);
    // the restarted instance: its consumer starts at the catalog's position and is still catching up
    const slow = slowSubscription(store);
    const grants = new TokenGrants(catalog, store, new StoreHead(store), 50);
    const consumer = new LogConsumer(slow.store, { processors: [grants], onError: () => undefined, log: () => undefined });
    consumer.start(first.position);
    try {
      await expect(grants.grantOf(first.tokens.judge!)).rejects.toBeInstanceOf(TokensBehind);
      slow.open();
      expect(await grants.grantOf(first.tokens.judge!)).toBeNull();
      expect(await grants.grantOf(second.tokens.judge!)).toEqual({ matchId: 'm1', role: 'judge', player: null });
      // a renewed subscription may have missed events: memory is trusted again once the consumer reaches the head
      grants.renewed();
      await consumer.stop();
      await issue(store, 'm2');
      await expect(grants.grantOf(second.tokens.judge!)).rejects.toBeInstanceOf(TokensBehind);
    } finally {
      await consumer.stop();
    }
  });
});
