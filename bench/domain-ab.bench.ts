import * as current from '@matchlog/domain';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomMatch } from '@matchlog/testkit';
import { fmt } from './measure';

/**
 * npm run bench:domain-ab -- REV — the per-audience fold (stepSeat) of bench:domain and the cold public
 * view of bench:cold (Replay.viewAt over 20,000 events), in the domain as committed at REV (default
 * HEAD, e.g. the commit before a change) and as it is in the working tree, in the same process: each
 * round times one, then the other, and the ratio is the median of the rounds' ratios. Checks that both
 * give the same views.
 */
const ROUNDS = 11;
const rev = process.argv[2] ?? 'HEAD';
const dir = mkdtempSync(join(tmpdir(), 'matchlog-ab-'));
execSync(`git archive ${rev} libs/domain/src | tar -x -C ${dir}`);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const before = require(join(dir, 'libs/domain/src/index')) as typeof current;

const ms = (work: () => void): number => {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians of [before ms, after ms, before / after] over interleaved rounds after 3 warm-ups. */
const compare = (work: (domain: typeof current) => () => void): [number, number, number] => {
  const times: [number[], number[], number[]] = [[], [], []];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const [b, a] = [ms(work(before)), ms(work(current))];
    if (round >= 3) {
      times[0].push(b);
      times[1].push(a);
      times[2].push(b / a);
    }
  }
  return [median(times[0]), median(times[1]), median(times[2])];
};

console.log(`node ${process.version}, before = ${rev}, after = working tree, medians of ${ROUNDS} interleaved rounds\n`);
console.log('| fold | before | after | after speed / before |');
console.log('|---|---|---|---|');
const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);
const games = ['lorcana', 'four-souls', 'grand-archive'] as current.GameId[];
const matches = new Map(games.map((game) => [game, randomMatch(game, choices, 999)]));
// every fold of both domains compiled and optimised before the first timed round: the first row is not a warm-up
for (let round = 0; round < 5; round++) {
  for (const domain of [before, current]) {
    for (const events of matches.values()) {
      for (const who of ['p1', 'p2', current.PUBLIC]) {
        let seat = domain.emptySeat(who);
        for (const e of events) seat = domain.stepSeat(seat, e).seat;
      }
    }
  }
}
for (const game of games) {
  const events = matches.get(game)!;
  for (const who of ['p1', 'p2', current.PUBLIC]) {
    const [b, a, ratio] = compare((domain) => () => {
      for (let r = 0; r < 10; r++) {
        let seat = domain.emptySeat(who);
        for (const e of events) seat = domain.stepSeat(seat, e).seat;
      }
    });
    const rate = (m: number) => fmt(Math.round((events.length * 10 * 1000) / m));
    console.log(`| ${game} ${who} observe+view | ${rate(b)} ev/s | ${rate(a)} ev/s | ${ratio.toFixed(2)} |`);
  }
}
const long = randomMatch(
  'lorcana',
  Array.from({ length: 20_000 }, (_, i) => (i * 2654435761) % 4294967291),
  19_999,
);
const [b, a, ratio] = compare((domain) => () => void new domain.Replay(long).viewAt(current.PUBLIC));
console.log(`| cold public view, ${long.length} events (Replay.viewAt) | ${b.toFixed(1)} ms | ${a.toFixed(1)} ms | ${ratio.toFixed(2)} |`);
const same = JSON.stringify(new before.Replay(long).viewAt(current.PUBLIC)) === JSON.stringify(new current.Replay(long).viewAt(current.PUBLIC));
console.log(`\nsame public view at revision ${long.length}: ${same ? 'yes' : 'NO'}`);
rmSync(dir, { recursive: true, force: true });
