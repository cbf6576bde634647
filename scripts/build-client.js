#!/usr/bin/env node
// npm run build:client: libs/client/dist/, what `npm publish libs/client` ships, and that package packed
// (`npm pack`) into dist-client/matchlog-client-<version>.tgz, which `npm install <path to it>` installs in
// any project without this checkout (the package has no dependencies). dist-client/, not dist/: `npm run
// build` replaces dist/ whole. esbuild bundles each entry point as
// an ES module: index.js (the client: plain fetch, for browsers, Node 20+ and Deno) and verify.js (Node: libs/audit's
// verification bundled in, node:crypto left to Node). tsc writes the declarations; the relative imports in them get
// their `.js`, as ES module resolution (node16, nodenext) asks.
const { execFileSync } = require('child_process');
const { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('fs');
const { join, relative } = require('path');
const esbuild = require('esbuild');

const root = join(__dirname, '..');
const lib = join(root, 'libs', 'client');
const dist = join(lib, 'dist');
const version = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8')).version;

rmSync(dist, { recursive: true, force: true });
const common = { bundle: true, format: 'esm', target: 'es2022', sourcemap: true, logLevel: 'error', tsconfig: join(root, 'tsconfig.json') };
esbuild.buildSync({ ...common, entryPoints: [join(lib, 'src', 'index.ts')], platform: 'neutral', outfile: join(dist, 'index.js') });
esbuild.buildSync({ ...common, entryPoints: [join(lib, 'src', 'verify.ts')], platform: 'node', outfile: join(dist, 'verify.js') });
esbuild.buildSync({ ...common, entryPoints: [join(lib, 'src', 'node.ts')], platform: 'node', outfile: join(dist, 'node.js') });

// declarations: the program includes libs/audit and libs/domain (verify.ts uses them), so tsc writes under a scratch directory and only the client's are kept
const scratch = join(dist, '.types');
mkdirSync(scratch, { recursive: true });
const tsconfig = join(scratch, 'tsconfig.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: relative(scratch, join(root, 'tsconfig.json')),
    compilerOptions: { declaration: true, emitDeclarationOnly: true, noEmit: false, sourceMap: false, rootDir: relative(scratch, join(root, 'libs')), outDir: '.' },
    files: ['index.ts', 'verify.ts', 'node.ts'].map((entry) => relative(scratch, join(lib, 'src', entry))),
    include: [],
  }),
);
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-p', tsconfig], { cwd: root, stdio: 'inherit' });
cpSync(join(scratch, 'client', 'src'), dist, { recursive: true });
rmSync(scratch, { recursive: true, force: true });
cpSync(join(lib, 'src', 'api', 'schema.d.ts'), join(dist, 'api', 'schema.d.ts'));
const withJs = (dir) =>
  readdirSync(dir, { withFileTypes: true }).forEach((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return withJs(path);
    if (!entry.name.endsWith('.d.ts')) return;
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(from |import\()(['"])(\.{1,2}\/[^'"]+?)(?<!\.js)\2/g, '$1$2$3.js$2'));
  });
withJs(dist);

const packed = join(root, 'dist-client');
rmSync(packed, { recursive: true, force: true });
mkdirSync(packed);
// npm itself: the one running this script (npm run), else the one on PATH
const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
const [{ filename }] = JSON.parse(
  execFileSync(npm[0], [...npm[1], 'pack', '--json', '--ignore-scripts', '--pack-destination', packed], {
    cwd: lib,
    encoding: 'utf8',
    shell: process.platform === 'win32' && !process.env.npm_execpath,
  }),
);
console.error(`matchlog: built @matchlog/client ${version} into ${relative(root, dist)}/ and packed it: ${relative(root, join(packed, filename))}`);
