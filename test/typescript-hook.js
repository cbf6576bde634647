// The require hook for TypeScript that the tests' own threads and processes run with (the SQLite store's writer
// thread, the imports' conversion children, the CLI run from its sources): each .ts file is loaded as the build
// compiled it into dist/ (the same code: the tiers that start them build dist/ first when it is stale,
// test/global-setup.js), and only a file edited since the build, or one dist/ lacks, is compiled here by
// @swc-node/register. Loading the compiler for every thread, child and CLI run cost about half a second of CPU each time.
const { readFileSync, statSync } = require('fs');
const { join, relative } = require('path');

const root = join(__dirname, '..');
let compile;
/** @swc-node/register's hook, registered once a file needs it (loading the compiler is most of the cost) */
const compiler = () => {
  if (compile === undefined) {
    const ours = require.extensions['.ts'];
    // what the compiler's hook wraps: Node's own loader, fed the compiled code
    require.extensions['.ts'] = require.extensions['.js'];
    require('@swc-node/register');
    compile = require.extensions['.ts'];
    require.extensions['.ts'] = ours;
  }
  return compile;
};
const builtFrom = (source) => {
  const built = join(root, 'dist', relative(root, source).replace(/\.ts$/, '.js'));
  try {
    return statSync(built).mtimeMs >= statSync(source).mtimeMs ? built : undefined;
  } catch {
    return undefined;
  }
};
require.extensions['.ts'] = (module, filename) => {
  const built = builtFrom(filename);
  if (built === undefined) return compiler()(module, filename);
  module._compile(readFileSync(built, 'utf8'), filename);
};
