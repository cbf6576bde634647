import { readFileSync } from 'fs';
import { relative } from 'path';

/**
 * node -r @swc-node/register bench/cpuprofile-top.ts FILE.cpuprofile [N] [FROM] — the top N (default 25)
 * functions of a V8 CPU profile (node --cpu-prof) by self time, and the same summed per package or
 * source directory, as shares of all samples. With FROM (a function name, e.g. `append`), only the
 * samples from the first one with that function on its stack on: start-up and module loading left out.
 */
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, n = '25', from] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child): [number, number] => [child, node.id])));
const hasOnStack = (id: number | undefined, name: string): boolean => id !== undefined && (byId.get(id)!.callFrame.functionName === name || hasOnStack(parentOf.get(id), name));
const first =
  from === undefined
    ? 0
    : Math.max(
        0,
        profile.samples.findIndex((id) => hasOnStack(id, from)),
      );
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => i >= first && selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (path.startsWith('node:')) return path;
  return relative(process.cwd(), path).split('/').slice(0, 4).join('/');
};

const sum = (key: (node: Node) => string) => {
  const totals = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const k = key(byId.get(id)!);
    totals.set(k, (totals.get(k) ?? 0) + ms);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(n));
};
const print = (title: string, rows: [string, number][]) => {
  console.log(`\n${title}\n| self % | self ms | |\n|---|---|---|`);
  for (const [k, ms] of rows) console.log(`| ${((100 * ms) / total).toFixed(1)} | ${Math.round(ms)} | ${k} |`);
};

console.log(`${file}: ${Math.round(total)} ms sampled${from === undefined ? '' : `, from the first sample in ${from}`}`);
const fileOf = (url: string) => (url.includes('node_modules/') || url.startsWith('node:') ? where(url) : `${relative(process.cwd(), url.replace(/^file:\/\//, ''))}:`);
print(
  'by function',
  sum(({ callFrame: f }) => `${f.functionName || '(anonymous)'} ${f.url ? `${fileOf(f.url)}${fileOf(f.url).endsWith(':') ? f.lineNumber + 1 : ''}` : ''}`.trim()),
);
print(
  'by package or directory',
  sum(({ callFrame: f }) => where(f.url)),
);
