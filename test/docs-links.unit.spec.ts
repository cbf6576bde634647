import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative } from 'path';

/**
 * Every relative link of README.md and docs/**\/*.md (markdown links and <img src>), and every `docs/….md`
 * path they name, resolves to a file of the checkout: a moved doc can never leave a dead link behind.
 */
const root = join(__dirname, '..');

const markdownUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });

const docs = [join(root, 'README.md'), ...markdownUnder(join(root, 'docs'))];

/** The relative targets of a markdown text: `[text](target)`, `![alt](target)` and `<img src="target">`, anchors cut off. */
export const relativeTargets = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0]));

/** Every `docs/….md` path a text names, in a link, in backticks or in prose. */
export const namedDocPaths = (text: string): string[] => [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md\b/g)].map((m) => m[0]);

describe('the links of the README and docs/', () => {
  it('finds the docs it checks', () => {
    expect(docs.length).toBeGreaterThan(10);
  });

  it('finds a link, an image and a named path in a text', () => {
    const text = '[a](guides/x.md#one) ![b](../images/y.png) <img src="docs/images/z.png" width="2"> [c](https://e.org) [d](#top) see `docs/reference/events.md`.';
    expect(relativeTargets(text)).toEqual(['guides/x.md', '../images/y.png', 'docs/images/z.png']);
    expect(namedDocPaths(text)).toEqual(['docs/reference/events.md']);
  });

  it.each(docs.map((path) => [relative(root, path), path]))('%s: every relative link resolves to a file', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const dead = relativeTargets(text).filter((target) => target !== '' && !existsSync(join(dirname(path), target)));
    expect(dead).toEqual([]);
  });

  it.each(docs.map((path) => [relative(root, path), path]))('%s: every docs/….md path it names exists', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const dead = namedDocPaths(text).filter((named) => !existsSync(join(root, named)));
    expect(dead).toEqual([]);
  });
});
