// npm ci's postinstall, and better-sqlite3's only build: its own install script is off (allowScripts), since npm
// would run it on the machine's Node and against the headers npm is set to, which need not be the Node that runs
// the project (the `node` devDependency: node_modules/.bin is first on every npm script's PATH). It builds once,
// for this Node, as better-sqlite3's own script would (a prebuilt binary, else node-gyp from source), against this
// Node's own headers where they are beside it (npm's `node` package ships them). A binary built from source is kept
// in npm's cache, keyed as prebuild-install keys a download (version, ABI, platform, arch), so that a later install
// on this machine (another clone, the production install the prod tier makes) takes it as it would a cached prebuild.
const { execFileSync, spawnSync } = require('child_process');
const { copyFileSync, existsSync, mkdirSync, renameSync } = require('fs');
const { homedir } = require('os');
const { dirname, join } = require('path');

const root = join(__dirname, '..');
const addon = dirname(require.resolve('better-sqlite3/package.json', { paths: [root] }));
const built = join(addon, 'build', 'Release', 'better_sqlite3.node');
const { version } = require(join(addon, 'package.json'));
const kept = join(
  process.env.npm_config_cache ?? join(homedir(), '.npm'),
  '_prebuilds',
  `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
);
const loads = () => spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root }).status === 0;
const headers = [join(dirname(process.execPath), '..'), join(dirname(process.execPath), '..', 'node_modules', `node-${process.platform}-${process.arch}`)].find((dir) =>
  existsSync(join(dir, 'include', 'node', 'node_version.h')),
);
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...(headers && { npm_config_nodedir: headers }) };
const fromCache = () => {
  if (!existsSync(kept)) return false;
  mkdirSync(dirname(built), { recursive: true });
  copyFileSync(kept, built);
  return loads();
};

if (!loads() && !fromCache()) {
  const prebuilt = spawnSync(process.execPath, [require.resolve('prebuild-install/bin.js', { paths: [addon] })], { cwd: addon, env, stdio: 'inherit' }).status === 0;
  if (!prebuilt || !loads()) {
    process.stdout.write(`matchlog: compiling better-sqlite3 for Node ${process.version}\n`);
    const nodeGyp = process.env.npm_config_node_gyp ?? require.resolve('node-gyp/bin/node-gyp.js');
    execFileSync(process.execPath, [nodeGyp, 'rebuild', '--release'], { cwd: addon, env, stdio: 'inherit' });
    if (loads()) {
      mkdirSync(dirname(kept), { recursive: true });
      copyFileSync(built, `${kept}.${process.pid}`);
      renameSync(`${kept}.${process.pid}`, kept);
    }
  }
  if (!loads()) throw new Error(`matchlog: better-sqlite3 does not load on Node ${process.version}`);
}
