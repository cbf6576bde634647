import { GameId, JUDGE, MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';
import { fmt } from './measure';

/**
 * node --expose-gc -r @swc-node/register bench/replay-memory.bench.ts — the heap a cached replay holds
 * per event (what MATCHLOG_REPLAY_CACHE_EVENTS bounds): 50 replays of a generated 1,000-event match per
 * game, each event with a recorded meta and chain links as the store returns them, each replay read as
 * a busy match is (the judge, public and both seats at the latest revision, judge and public at 500).
 */
const COPIES = 50;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const held: unknown[] = [];
const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);
const hex = (n: number, pad: string) => n.toString(16).padStart(64, pad);

console.log('| game | events | heap per event (bytes) |\n|---|---|---|');
for (const game of ['lorcana', 'four-souls', 'grand-archive'] as GameId[]) {
  const events = randomMatch(game, choices, 999).map((event, i) => ({
    ...event,
    meta: { recordedBy: 'organizer', recordedAt: new Date(1.8e12 + i).toISOString(), previous: hex(i, 'a'), hash: hex(i + 1, 'b') },
  }));
  const text = JSON.stringify(events);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < COPIES; i++) {
    const replay = new Replay(JSON.parse(text) as MatchEvent[]);
    for (const audience of [JUDGE, PUBLIC, 'p1', 'p2']) replay.viewAt(audience);
    for (const audience of [JUDGE, PUBLIC]) replay.viewAt(audience, 500);
    held.push(replay);
  }
  gc();
  console.log(`| ${game} | ${events.length} | ${fmt(Math.round((process.memoryUsage().heapUsed - before) / COPIES / events.length))} |`);
}
