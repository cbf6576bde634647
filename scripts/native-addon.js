// npm ci's postinstall. better-sqlite3 compiles from source here (its prebuilt binaries are on GitHub, out of
// reach), against the headers npm is set to: the machine's Node. The project runs on the `node` devDependency
// (node_modules/.bin comes first on every npm script's PATH), so when the addon does not load in the Node that
// runs this script, it is rebuilt against that Node's own headers, which npm's `node` package ships.
const { execFileSync, spawnSync } = require('child_process');
const { existsSync } = require('fs');
const { dirname, join } = require('path');

const loads = () => spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: join(__dirname, '..') }).status === 0;
const headers = () =>
  [join(dirname(process.execPath), '..'), join(dirname(process.execPath), '..', 'node_modules', `node-${process.platform}-${process.arch}`)].find((dir) =>
    existsSync(join(dir, 'include', 'node', 'node_version.h')),
  );

if (!loads()) {
  const nodedir = headers();
  if (!nodedir) throw new Error(`matchlog: better-sqlite3 does not load on Node ${process.version}, and no headers for it were found beside ${process.execPath}`);
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, npm_config_nodedir: nodedir, npm_config_build_from_source: 'true' };
  process.stdout.write(`matchlog: building better-sqlite3 for Node ${process.version}\n`);
  execFileSync('npm', ['rebuild', 'better-sqlite3'], { cwd: join(__dirname, '..'), env, stdio: 'inherit' });
  if (!loads()) throw new Error(`matchlog: better-sqlite3 still does not load on Node ${process.version} after a rebuild`);
}
