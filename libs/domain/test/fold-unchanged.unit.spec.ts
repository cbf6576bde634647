import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { corpus, matchDigests } from './support/fold-digests';

/**
 * Every observation and every view, byte for byte, as the fold gave them when the golden file was
 * written (issue 19 §3: the fold gets faster, what each audience receives does not change). Changing what
 * audiences receive is a deliberate act: MATCHLOG_FOLD_GOLDEN=rewrite npx jest libs/domain/test/fold-unchanged
 * rewrites the file from the fold as it is, and the diff of the file goes into review.
 */
const file = join(__dirname, 'fold-digests.golden.json');
const matches = corpus();
const audiences = ['p1', 'p2', 'public', 'broadcast', 'judge'];

if (process.env.MATCHLOG_FOLD_GOLDEN === 'rewrite') {
  const digests: Record<string, string> = {};
  for (const { name, events } of matches) for (const [audience, { stepwise }] of Object.entries(matchDigests(events))) digests[`${name}/${audience}`] = stepwise;
  writeFileSync(file, JSON.stringify(digests, null, 2) + '\n');
}
const golden: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));

describe('the fold hands every audience what it handed out before', () => {
  it('covers the whole golden file', () => {
    const names = matches.flatMap(({ name }) => audiences.map((audience) => `${name}/${audience}`));
    expect(names.sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(['lorcana', 'four-souls', 'grand-archive'])('%s: each observation and view at each step, for p1, p2, public, broadcast and the judge', (game) => {
    const differ: string[] = [];
    for (const { name, events } of matches.filter((match) => match.name.startsWith(`${game}/`))) {
      for (const [audience, { stepwise, afterwards }] of Object.entries(matchDigests(events))) {
        const expected = golden[`${name}/${audience}`];
        if (stepwise !== expected) differ.push(`${name}/${audience}`);
        // the same bytes read again once the match is folded: nothing handed out was changed later
        else if (afterwards !== expected) differ.push(`${name}/${audience} (an earlier output was mutated)`);
      }
    }
    expect(differ).toEqual([]);
  });
});
