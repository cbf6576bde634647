import { blocksOf, documents, shellBlocks } from './support/shell-blocks';
import { leadingJson, recordShown } from './support/shown-answers';

// the parts of test/docs-shell.e2e.spec.ts that read the docs, with no server
describe("docs-shell's reading of the docs", () => {
  it('finds sh, bash and shell blocks, indented ones too, and the reason a block is not run', () => {
    const text = [
      '```sh',
      'echo one',
      '```',
      '```json',
      '{}',
      '```',
      '1. a step:',
      '',
      '   <!-- not run by test/docs-shell.e2e.spec.ts: needs Docker -->',
      '   ```bash',
      '   docker ps',
      '   ```',
    ].join('\n');
    expect(shellBlocks('x.md', text)).toEqual([
      { doc: 'x.md', line: 1, code: 'echo one' },
      { doc: 'x.md', line: 10, code: 'docker ps', notRun: 'needs Docker' },
    ]);
  });

  it('reads the JSON a comment starts with', () => {
    expect(leadingJson('55: the match has ended')).toEqual({ value: 55 });
    expect(leadingJson('"MATCH_NOT_FOUND" within 30 s')).toEqual({ value: 'MATCH_NOT_FOUND' });
    expect(leadingJson('{"a":[1]}; and more')).toEqual({ value: { a: [1] } });
    expect(leadingJson("the void match's revision")).toBeUndefined();
  });

  it('copies what a json line prints where its comment shows the answer, and leaves other lines as they are', () => {
    const block = { doc: 'x.md', line: 4, code: ["curl -s a | json '.b'   # 3; more", "curl -s a | json '.c'", '# {"d":1}', "curl -s a | json '.e'   # words"].join('\n') };
    expect(recordShown(block, (n) => `f${n}`)).toEqual({
      code: ["curl -s a | json '.b' | tee f0   # 3; more", "curl -s a | json '.c' | tee f1", '# {"d":1}', "curl -s a | json '.e'   # words"].join('\n'),
      shown: [
        { at: 'x.md:5', shown: 3 },
        { at: 'x.md:6', shown: { d: 1 } },
      ],
    });
  });

  it('finds the answers the README walk-through and the guides show', () => {
    const shown = documents().flatMap((doc) => blocksOf(doc).flatMap((block) => recordShown(block, String).shown));
    expect(shown).toContainEqual({ at: 'README.md:78', shown: { p1: { lore: 20 }, p2: { lore: 2 } } });
    expect(shown.length).toBeGreaterThanOrEqual(8);
  });
});
