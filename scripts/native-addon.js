// npm ci's postinstall, and better-sqlite3's only build: its own install script is off (allowScripts), since npm
// would run it on the machine's Node and against the headers npm is set to, which need not be the Node that runs
// the project (the `node` devDependency: node_modules/.bin is first on every npm script's PATH). It builds once,
// for this Node, as better-sqlite3's own script would (a prebuilt binary, else node-gyp from source), against this
// Node's own headers where they are beside it (npm's `node` package ships them).
const { execFileSync, spawnSync } = require('child_process');
const { existsSync } = require('fs');
const { dirname, join } = require('path');

const root = join(__dirname, '..');
const addon = dirname(require.resolve('better-sqlite3/package.json', { paths: [root] }));
const loads = () => spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root }).status === 0;
const headers = [join(dirname(process.execPath), '..'), join(dirname(process.execPath), '..', 'node_modules', `node-${process.platform}-${process.arch}`)].find((dir) =>
  existsSync(join(dir, 'include', 'node', 'node_version.h')),
);
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...(headers && { npm_config_nodedir: headers }) };

if (!loads()) {
  const prebuilt = spawnSync(process.execPath, [require.resolve('prebuild-install/bin.js', { paths: [addon] })], { cwd: addon, env, stdio: 'inherit' }).status === 0;
  if (!prebuilt || !loads()) {
    process.stdout.write(`matchlog: compiling better-sqlite3 for Node ${process.version}\n`);
    const nodeGyp = process.env.npm_config_node_gyp ?? require.resolve('node-gyp/bin/node-gyp.js');
    execFileSync(process.execPath, [nodeGyp, 'rebuild', '--release'], { cwd: addon, env, stdio: 'inherit' });
  }
  if (!loads()) throw new Error(`matchlog: better-sqlite3 does not load on Node ${process.version}`);
}
