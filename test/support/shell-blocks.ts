import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

export const ROOT = join(__dirname, '..', '..');

/** The comment that keeps a block out of test/docs-shell.e2e.spec.ts, on the line before its fence: it must say why. */
export const NOT_RUN = /^<!-- not run by test\/docs-shell\.e2e\.spec\.ts: (.*?) ?-->$/;

export interface ShellBlock {
  /** the document, relative to the checkout's root */
  readonly doc: string;
  /** the line of its opening fence, from 1 */
  readonly line: number;
  readonly code: string;
  /** why it is not run, when the line before its fence says so */
  readonly notRun?: string;
}

const markdownUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownUnder(path);
      return name.endsWith('.md') ? [path] : [];
    });

/** README.md, then every docs/**\/*.md, by path. */
export const documents = (): string[] => ['README.md', ...markdownUnder(join(ROOT, 'docs')).map((path) => relative(ROOT, path))];

/** Every ```sh, ```bash and ```shell block of a markdown text, in order. */
export const shellBlocks = (doc: string, text: string): ShellBlock[] => {
  const lines = text.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*(\w*)/.exec(lines[i]);
    if (open === null) continue;
    const end = lines.findIndex((line, j) => j > i && line.trim() === open[2]);
    const close = end === -1 ? lines.length : end;
    if (['sh', 'bash', 'shell'].includes(open[3])) {
      const code = lines
        .slice(i + 1, close)
        .map((line) => line.slice(Math.min(open[1].length, line.length - line.trimStart().length)))
        .join('\n');
      const marker = NOT_RUN.exec(lines[i - 1]?.trim() ?? '');
      blocks.push({ doc, line: i + 1, code, ...(marker === null ? {} : { notRun: marker[1] }) });
    }
    i = close;
  }
  return blocks;
};

export const blocksOf = (doc: string): ShellBlock[] => shellBlocks(doc, readFileSync(join(ROOT, doc), 'utf8'));
