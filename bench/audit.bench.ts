import { cpus } from 'os';
import { GameId, emptyMatch, evolve } from '@matchlog/domain';
import { ruleFindings } from '@matchlog/audit';
import { randomMatch } from '@matchlog/testkit';
import { fmt, medianMs } from './measure';

/**
 * npm run bench:audit — for a generated 1,000-event match per game: the median time of one
 * ruleFindings over the whole log (English messages), beside a baseline measured in the same run: the
 * bare omniscient fold `events.reduce(evolve, emptyMatch)`, which the audit does once plus its checks.
 * Target: under 5 ms median per match.
 */
const EVENTS = 1000;
const RUNS = 201;
const TARGET_MS = 5;

const choices = Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 4294967291);

const rows: string[] = [];
let worst = 0;
for (const game of ['lorcana', 'four-souls', 'grand-archive'] as GameId[]) {
  const events = randomMatch(game, choices, EVENTS - 1);
  const findings = ruleFindings(events).length;
  const fold = medianMs(() => events.reduce(evolve, emptyMatch), RUNS, 20);
  const audit = medianMs(() => ruleFindings(events), RUNS, 20);
  const spanish = medianMs(() => ruleFindings(events, { language: 'es' }), RUNS, 20);
  worst = Math.max(worst, audit, spanish);
  rows.push(`| ${game} | ${events.length} | ${fmt(findings)} | ${fold.toFixed(3)} | ${audit.toFixed(3)} | ${spanish.toFixed(3)} | ${(audit / fold).toFixed(2)} |`);
}

console.log(`node ${process.version}, ${cpus().length} cores, median of ${RUNS} runs (after 20 warm-up runs), one whole log per run\n`);
console.log('| game | events | findings | bare fold (baseline) ms | ruleFindings ms | ruleFindings (es) ms | audit / baseline |');
console.log('|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`\ntarget < ${TARGET_MS} ms median: ${worst < TARGET_MS ? 'met' : 'NOT met'} (slowest ${worst.toFixed(3)} ms)`);
