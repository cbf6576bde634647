import { chainEvents } from '@matchlog/audit';
import { MatchEvent, Replay } from '@matchlog/domain';
import { InMemoryEventStore } from '@matchlog/store';
import { randomMatch } from '@matchlog/testkit';
import { randomBytes } from 'crypto';
import { MatchModels, MatchSnapshots } from '@matchlog/matches';

/**
 * node -r @swc-node/register bench/snapshot-write-stall.bench.ts — the longest the event loop waits
 * while the background writer takes a snapshot of a 20,000-event Lorcana match whose seats nobody read
 * on this instance (the writer's model after a restart): one turn per audience, or in slices.
 */
const EVENTS = 20_000;
const main = async () => {
  const [created, ...rest] = randomMatch(
    'lorcana',
    Array.from({ length: 4 * EVENTS }, (_, i) => (i * 2654435761) % 4294967291),
    EVENTS + 10,
  );
  const events = chainEvents([{ ...created, data: { ...created.data, broadcastAccess: 'token' } } as MatchEvent, ...rest]);
  const head = EVENTS - 5;
  const store = new InMemoryEventStore();
  await store.append('m', 0, events.slice(0, head));
  const written = new Promise<void>((resolve) => {
    const snapshots = new MatchSnapshots(store, randomBytes(32), EVENTS, (m) => console.log(m));
    const models = new MatchModels(store, undefined, undefined, snapshots);
    void (async () => {
      await models.load('m');
      const batch = events.slice(head, head + 10);
      await store.append('m', head, batch);
      const state = new Replay(events.slice(0, head + 10)).stateAt();
      let last = performance.now();
      let longest = 0;
      const tick = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 1);
      const started = performance.now();
      models.appended('m', head, batch, state);
      while ((await store.readSnapshot('m')) === undefined) await new Promise((r) => setTimeout(r, 1));
      clearInterval(tick);
      console.log(`${events.length} events: snapshot written in ${(performance.now() - started).toFixed(0)} ms, the longest event-loop wait ${longest.toFixed(0)} ms`);
      resolve();
    })();
  });
  await written;
};
void main();
