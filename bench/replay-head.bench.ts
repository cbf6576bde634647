import 'reflect-metadata';
import { GENESIS, chainEvents } from '@matchlog/audit';
import { MatchEvent, PUBLIC } from '@matchlog/domain';
import { openSqliteEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { MatchModels } from '@matchlog/matches';
import { fmt } from './measure';

/**
 * node -r @swc-node/register bench/replay-head.bench.ts — what validating the replay cache costs a read,
 * in process, on SQLite: the public view at the latest revision of a cached 100-event match read through
 * MatchModels.load (one head lookup, `revisionOf`, then the cached replay), beside the same view from the
 * replay held directly (no lookup: what a read cost before), and the lookup alone. Interleaved rounds of
 * CALLS calls each, medians of ROUNDS.
 */
const CALLS = 20_000;
const ROUNDS = 9;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-head-'));
  const store = await openSqliteEventStore(dir);
  try {
    const meta = { recordedBy: 'organizer', recordedAt: '2026-11-23T12:00:00.000Z' };
    const created = {
      id: 'created',
      type: 'MatchCreated',
      data: {
        game: 'lorcana',
        players: [{ id: 'p1' }, { id: 'p2' }],
        cards: [{ cardId: 'c1', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
      },
      meta,
    };
    const turns = Array.from({ length: 99 }, (_, i) => ({ id: `t${i}`, type: 'TurnStarted', data: { player: i % 2 ? 'p2' : 'p1', turn: i + 1 }, meta }));
    await store.append('m1', 0, chainEvents([created, ...turns] as unknown as MatchEvent[], GENESIS));
    const replays = new MatchModels(store);
    const held = await replays.load('m1');
    const timed = async (work: () => unknown) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < CALLS; i++) await work();
      return Number(process.hrtime.bigint() - start) / 1e3 / CALLS;
    };
    const rows = { held: [] as number[], validated: [] as number[], lookup: [] as number[] };
    for (let round = 0; round < ROUNDS + 1; round++) {
      const held1 = await timed(() => held.replay.viewAt(PUBLIC));
      const validated = await timed(async () => (await replays.load('m1')).replay.viewAt(PUBLIC));
      const lookup = await timed(() => store.revisionOf('m1'));
      if (round === 0) continue; // warm-up
      rows.held.push(held1);
      rows.validated.push(validated);
      rows.lookup.push(lookup);
    }
    const base = median(rows.held);
    console.log(`node ${process.version}; ${ROUNDS} rounds of ${fmt(CALLS)} calls, medians\n`);
    console.log('| read | µs per call | / held replay |\n|---|---|---|');
    console.log(`| public view from the held replay (no lookup; baseline) | ${base.toFixed(2)} | 1 |`);
    console.log(`| public view through MatchModels.load (head lookup first) | ${median(rows.validated).toFixed(2)} | ${(median(rows.validated) / base).toFixed(2)} |`);
    console.log(`| store.revisionOf alone | ${median(rows.lookup).toFixed(2)} | ${(median(rows.lookup) / base).toFixed(2)} |`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
