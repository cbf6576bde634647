import { readFileSync } from 'fs';
import { join } from 'path';
import { SessionResult, runSessions } from './support/docs-session';
import { ROOT, ShellBlock, blocksOf, documents } from './support/shell-blocks';

/**
 * Issue 40 §3: every ```sh, ```bash and ```shell block of README.md and docs/ runs as written, against the compiled
 * server on the default store, in one bash per document (set -euo pipefail). The guides continue the README
 * walk-through, so each other document's blocks run after the README's. A block that cannot run here says why in
 * a comment on the line before its fence, and is listed below.
 */
const byDoc = documents()
  .map((doc) => [doc, blocksOf(doc)] as const)
  .filter(([, blocks]) => blocks.length > 0);
const all = byDoc.flatMap(([, blocks]) => blocks);
const runnable = (blocks: readonly ShellBlock[]) => blocks.filter((block) => block.notRun === undefined);
const readme = runnable(byDoc.find(([doc]) => doc === 'README.md')![1]);

/** The answers that are no success, by document, as the docs say they are (a 403 shown, say). */
const REFUSED: Record<string, readonly string[]> = {
  // step 4: p1's token may not read p2's view
  'README.md': ['403 localhost:3000/matches/:id/views/p2'],
  // within the broadcast delay, the match is not there yet
  'docs/guides/stream.md': ['404 localhost:3000/matches/:id/views/broadcast'],
  // the export imported where the match is
  'docs/guides/judge.md': ['409 localhost:3000/matches/import'],
};

const NOT_RUN: readonly string[] = [
  'README.md: installs the whole project (npm ci), then serves on port 3000 or runs every test',
  'docs/explanation/importing.md: needs replay zips downloaded from tcg.online (the file names are placeholders)',
  'docs/explanation/importing.md: clones a public repository and installs it with pnpm',
  'docs/explanation/importing.md: runs other test files of the suite (one of them in a browser)',
  "docs/explanation/integrity.md: needs a public server's log (matchlog.example), and the witness runs until stopped",
  'docs/explanation/integrity.md: starts a server (npm start) that runs until stopped, with witnesses on other hosts',
  "docs/explanation/integrity.md: needs a venue's round with every table decided (Lyon Regional's round 3)",
  'docs/explanation/integrity.md: needs a proof and a policy from a server with witnesses',
  "docs/explanation/integrity.md: needs the venue's public server (matchlog.example), with witnesses",
  "docs/guides/client-developer.md: runs in test/client-package.int.spec.ts, in a game client's project with the tarball npm run build:client writes",
  'docs/guides/operator.md: runs in test/production-install.prod.spec.ts, on a clean clone: it installs the whole project (npm ci), then serves',
  'docs/guides/operator.md: needs Docker',
  'docs/guides/operator.md: needs a KurrentDB server',
  'docs/guides/operator.md: needs Docker, and runs other test files of the suite',
  'docs/reference/cards.md: clones a public repository and rewrites the card table',
  'docs/reference/cards.md: clones a public repository and rewrites the card table',
  'docs/reference/cards.md: clones a public repository and rewrites the card table',
];

describe('the shell blocks of the README and docs/', () => {
  it('are found: the README walk-through and the guides', () => {
    expect(readme.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(20);
  });

  it('are each run, or say why not; these are not run', () => {
    const notRun = all.filter((block) => block.notRun !== undefined);
    console.log(`not run (${notRun.length} of ${all.length}):\n${notRun.map((block) => `  ${block.doc}:${block.line}: ${block.notRun}`).join('\n')}`);
    for (const block of notRun) expect(block.notRun).toMatch(/\w{3}/);
    expect(notRun.map((block) => `${block.doc}: ${block.notRun}`)).toEqual(NOT_RUN);
  });

  it('have no not-run comment but on the line before a shell fence', () => {
    const comments = documents().flatMap((doc) => readFileSync(join(ROOT, doc), 'utf8').match(/not run by test\/docs-shell/g) ?? []);
    expect(comments.length).toBe(all.filter((block) => block.notRun !== undefined).length);
  });

  describe('against a running server', () => {
    const docs = byDoc.filter(([, blocks]) => runnable(blocks).length > 0);
    const waits = (blocks: readonly ShellBlock[]) => Number(blocks.some((block) => /^\s*sleep /m.test(block.code)));
    // the longest first (a sleep waits out a broadcast delay), and beside it the others, two at a time on CI's 2 cores
    docs.sort(([, a], [, b]) => waits(b) - waits(a));
    const session = (doc: string, blocks: readonly ShellBlock[]) => (doc === 'README.md' ? runnable(blocks) : [...readme, ...runnable(blocks)]);
    let results: Promise<SessionResult>[];
    beforeAll(() => {
      results = runSessions(
        docs.map(([doc, blocks]) => session(doc, blocks)),
        2,
        100_000,
      );
      results.forEach((result) => result.catch(() => undefined));
    });
    // with -t, the sessions of the tests left out run on: their servers stop once they end
    afterAll(() => Promise.allSettled(results), 180_000);

    it.each(docs.map(([doc, blocks], i) => [doc, blocks, i] as const))(
      '%s: every block runs as written',
      async (doc, blocks, i) => {
        const result = await results[i];
        const refused = result.answers.filter((answer) => !/^2\d\d /.test(answer));
        const expected = {
          status: 0,
          ran: session(doc, blocks).map((block) => `${block.doc}:${block.line}`),
          refused: doc === 'README.md' ? REFUSED['README.md'] : [...REFUSED['README.md'], ...(REFUSED[doc] ?? [])],
          printed: result.printed.map(({ at, shown }) => ({ at, printed: shown })),
        };
        const got = { status: result.status, ran: result.ran, refused, printed: result.printed.map(({ at, printed }) => ({ at, printed })) };
        if (JSON.stringify(got) !== JSON.stringify(expected))
          console.log(`${doc}: bash exited ${result.status}; its last lines:\n${result.output.split('\n').slice(-60).join('\n')}`);
        expect(got).toEqual(expected);
      },
      180_000,
    );
  });
});
