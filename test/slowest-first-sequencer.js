const Sequencer = require('@jest/test-sequencer').default;

/**
 * Longest first, so that two workers finish together (issue 40 §4). Jest orders by each file's time in its
 * last run, kept in its cache; on a clean clone it has none and orders by file size, which ran the production
 * install (one small file, minutes long) last. A file with no time kept is given its tier's usual time here
 * (docs/performance.md, the workers' time by tier), its size breaking ties.
 */
const TIER_MS = { prod: 120_000, browser: 25_000, multi: 11_000, e2e: 6_500, int: 3_700, unit: 550 };

class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const expected = (test) => this.time(test) ?? TIER_MS[test.context.config.displayName?.name] ?? 0;
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => this.hasFailed(b) - this.hasFailed(a) || expected(b) - expected(a) || size(b) - size(a));
  }
}
module.exports = SlowestFirstSequencer;
