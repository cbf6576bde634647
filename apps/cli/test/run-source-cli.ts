import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { execFile } from 'child_process';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');

/** `npx matchlog …` from the sources (no dist/ needed), another process, as a person runs it: no terminal, so no progress bar. */
export const matchlogFromSource = (args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ['-r', TYPESCRIPT_HOOK, join(root, 'apps', 'cli', 'src', 'main.ts'), ...args],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    ),
  );
