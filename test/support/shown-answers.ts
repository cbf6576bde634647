import { ShellBlock } from './shell-blocks';

/** What a block shows a line prints: a JSON value at the start of its trailing comment, or of the comment line after it. */
export interface ShownAnswer {
  /** doc:line of the command */
  readonly at: string;
  readonly shown: unknown;
}

/** The longest start of `comment` that is JSON (`55: the match has ended` shows 55), if any. */
export const leadingJson = (comment: string): { value: unknown } | undefined => {
  for (let end = comment.length; end > 0; end--) {
    try {
      return { value: JSON.parse(comment.slice(0, end)) };
    } catch {
      // shorter
    }
  }
  return undefined;
};

const JSON_LINE = /^(.*\| json '[^']*')(\s+#\s*(.*))?$/;

/**
 * `block`'s code with each `… | json '…'` line that shows its answer also copying what it prints to `file(n)`, and the
 * answers shown, the n-th of them for file(n). A line that continues another (a `\` before it) is left as it is.
 */
export const recordShown = (block: ShellBlock, file: (n: number) => string): { code: string; shown: ShownAnswer[] } => {
  const lines = block.code.split('\n');
  const shown: ShownAnswer[] = [];
  const code = lines.map((line, i) => {
    const match = JSON_LINE.exec(line);
    if (match === null || line.trimEnd().endsWith('\\')) return line;
    const next = /^\s*#\s*([[{"].*)$/.exec(lines[i + 1] ?? '');
    const comment = match[3] ?? next?.[1];
    const json = comment === undefined ? undefined : leadingJson(comment.trim());
    if (json === undefined) return line;
    shown.push({ at: `${block.doc}:${block.line + 1 + i}`, shown: json.value });
    return `${match[1]} | tee ${file(shown.length - 1)}${match[2] ?? ''}`;
  });
  return { code: code.join('\n'), shown };
};
