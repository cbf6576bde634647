import { strFromU8, unzipSync } from 'fflate';
import { existsSync, readFileSync, readdirSync } from 'fs';
import { dirname, join } from 'path';

const REPO_ROOT = join(__dirname, '..', '..', '..');

/** A byte-for-byte copy of the six replays ../shared/replays/tcg-online held on 2026-12-01, for a clone without them. */
const BUNDLED = join(REPO_ROOT, 'test', 'fixtures', 'tcg-online', 'shared');

/**
 * `../shared/replays/tcg-online` from the repository's root: the engine-made replays kept beside the project (their
 * README.md and FORMAT.md say how they were made), with any more put there later. A worktree checked out deeper
 * (`/work/wt/<name>`) finds it beside one of its parents. A clone with no such folder beside it reads the copy in
 * test/fixtures/tcg-online/shared: the tests over these replays always run on at least those six.
 */
export const sharedReplaysFolder = (): string => {
  for (let at = dirname(REPO_ROOT); ; at = dirname(at)) {
    const folder = join(at, 'shared', 'replays', 'tcg-online');
    if (existsSync(folder)) return folder;
    if (dirname(at) === at) return BUNDLED;
  }
};

export interface SharedReplay {
  /** the file's name: a `.replay.json`, or the `.zip` the simulator's download button gives */
  readonly name: string;
  readonly json: string;
}

/** Every `*.replay.json` and `*.zip` of ../shared/replays/tcg-online, by name, each as its replay.json's text. */
export const sharedReplays = (): SharedReplay[] => {
  const folder = sharedReplaysFolder();
  const replays = readdirSync(folder)
    .filter((file) => file.endsWith('.replay.json') || file.endsWith('.zip'))
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(folder, name));
      if (!name.endsWith('.zip')) return { name, json: bytes.toString('utf8') };
      const entry = unzipSync(new Uint8Array(bytes))['replay.json'];
      if (entry === undefined) throw new Error(`${name} holds no replay.json`);
      return { name, json: strFromU8(entry) };
    });
  if (replays.length === 0) throw new Error(`${folder} holds no replay`);
  return replays;
};
