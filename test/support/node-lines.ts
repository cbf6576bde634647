import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

const run = promisify(execFile);

/**
 * The LTS lines `engines` names beside the machine's Node 20: tested by running the built server on each.
 * Not 24: better-sqlite3 12 aborts there (docs/explanation/deployment.md, "Node lines"), which this test found.
 */
export const LTS_LINES = ['22'] as const;

export interface InstalledNode {
  readonly version: string;
  /** the binary */
  readonly node: string;
  /** the distribution's root, whose include/node headers native addons build against */
  readonly dir: string;
}

/** The newest Node of a line, from the npm registry's `node` package (the binaries ship in node-<platform>-<arch>). */
export const installNode = async (line: string, into: string): Promise<InstalledNode> => {
  await run('npm', ['install', '--prefix', into, '--no-save', '--no-audit', '--no-fund', `node@${line}`], { maxBuffer: 16 * 1024 * 1024 });
  const dir = join(into, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
  const node = join(dir, 'bin', 'node');
  const { stdout } = await run(node, ['--version']);
  return { version: stdout.trim(), node, dir };
};

/** Compiles an install's native addon (better-sqlite3) for `node`, from source: its prebuilt binaries are on GitHub, out of reach here. */
export const rebuildFor = async ({ node, dir }: InstalledNode, app: string): Promise<void> => {
  const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}`, npm_config_nodedir: dir, npm_config_build_from_source: 'true' };
  await run('npm', ['rebuild', 'better-sqlite3'], { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });
};
