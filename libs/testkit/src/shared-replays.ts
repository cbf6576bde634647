import { strFromU8, unzipSync } from 'fflate';
import { existsSync, readFileSync, readdirSync } from 'fs';
import { dirname, join } from 'path';

const REPO_ROOT = join(__dirname, '..', '..', '..');

/**
 * `../shared/replays/tcg-online` from the repository's root: the engine-made replays kept beside the project (their
 * README.md and FORMAT.md say how they were made). A worktree checked out deeper (`/work/wt/<name>`) finds it beside
 * one of its parents. Missing, it throws: a test over these replays must fail, never pass on nothing.
 */
export const sharedReplaysFolder = (): string => {
  for (let at = dirname(REPO_ROOT); ; at = dirname(at)) {
    const folder = join(at, 'shared', 'replays', 'tcg-online');
    if (existsSync(folder)) return folder;
    if (dirname(at) === at) throw new Error(`no shared/replays/tcg-online beside ${REPO_ROOT} or its parents: the engine-made replays are missing`);
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
