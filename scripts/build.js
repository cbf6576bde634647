#!/usr/bin/env node
// npm run build: `nest build api` (nest-cli.json: the Nest CLI's swc builder, file by file) compiles apps/api,
// apps/cli, libs/ and migrations/ (tests left out) to dist/, same layout: the @matchlog/* aliases of tsconfig.json
// become relative paths, decorator metadata is emitted for Nest, and every file gets a source map. dist/ needs no
// devDependency at run time. This script runs that build into a fresh directory, adds the viewer and the stamp,
// and puts the whole in place of dist/.
// Whether dist/ is fresh is decided when it is built: dist/.built records a hash of what it was built
// from. `--if-missing` (npm start, bin/matchlog.js) builds only when dist/ is missing, so a production
// install (after `npm prune --omit=dev`, or in the image) never tries to; `--if-stale` (the tests'
// setup, the benches, in a checkout) also builds when the sources no longer hash as recorded.
// The web viewer (apps/viewer) is not compiled file by file: esbuild bundles it into dist/viewer/, beside
// the files of apps/viewer/public/, so the API serves it as static assets (/viewer).
const { spawnSync } = require('child_process');
const { createHash } = require('crypto');
const { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } = require('fs');
const { join, relative } = require('path');

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const STAMP = join(dist, '.built');
const SOURCE_DIRS = ['apps', 'libs', 'migrations'];
const NEST_CLI_JSON = join(root, 'nest-cli.json');
/** what decides the output besides the sources (not package-lock.json: `npm prune` rewrites it, and it compiles into nothing) */
const INPUTS = [__filename, join(root, 'tsconfig.json'), NEST_CLI_JSON, join(root, 'nest-cli.swcrc.json')];

const VIEWER = join(root, 'apps', 'viewer');

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');
/** the viewer's page files: its TypeScript, and what public/ holds */
const isViewerFile = (file) => isSource(file) || /\.(html|css|svg|png|ico|json)$/.test(file);

/** The sources under dir. */
const sourcesIn = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' || path === VIEWER ? [] : sourcesIn(path);
    return isSource(entry.name) ? [path] : [];
  });

const sources = () =>
  SOURCE_DIRS.map((dir) => join(root, dir))
    .filter(existsSync)
    .flatMap((dir) => sourcesIn(dir));

/** The viewer's files, tests left out. */
const viewerFiles = (dir = VIEWER) =>
  !existsSync(dir)
    ? []
    : readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'test' ? [] : viewerFiles(path);
        return isViewerFile(entry.name) && !entry.name.endsWith('.spec.ts') ? [path] : [];
      });

/** A hash of every file dist/ is built from, by path and content: what .built records, and --if-stale compares. */
const sourceHash = () => {
  const hash = createHash('sha256');
  for (const file of [...sources(), ...viewerFiles(), ...INPUTS.filter(existsSync)].sort())
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
};

/**
 * esbuild's options for the viewer, written into `into`: main.ts as app.js, which reads the address and loads that
 * route's page with import(); each page, and the code pages share, becomes a chunk (chunks/, named by content
 * hash), so a route downloads only what it runs (scripts/viewer-sizes.js measures it).
 */
const viewerBuildOptions = (into) => ({
  entryPoints: { app: join(VIEWER, 'src', 'main.ts') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  sourcemap: true,
  outdir: into,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'error',
});

/** apps/viewer/src/main.ts bundled (with its chunks and their source maps) and apps/viewer/public/ copied, into `<out>/viewer/`. */
const bundleViewer = (out) => {
  if (!existsSync(join(VIEWER, 'src', 'main.ts'))) return;
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch {
    throw new Error('matchlog: building the viewer needs the devDependencies (esbuild): run `npm ci`, or build elsewhere and copy dist/');
  }
  const into = join(out, 'viewer');
  esbuild.buildSync(viewerBuildOptions(into));
  cpSync(join(VIEWER, 'public'), into, { recursive: true });
};

/** The Nest CLI's `nest` script: a devDependency, like the builder it drives (@swc/cli, @swc/core). */
const nestCli = () => {
  try {
    return join(require.resolve('@nestjs/cli/package.json', { paths: [root] }), '..', 'bin', 'nest.js');
  } catch {
    throw new Error(
      'matchlog: dist/ is missing or older than the sources, and building it needs the devDependencies (@nestjs/cli, @swc/cli, @swc/core): run `npm ci`, or build elsewhere and copy dist/',
    );
  }
};

/**
 * `nest build api` into `out` rather than dist/: the CLI takes its output directory from the tsconfig it is
 * given, so it is given the project's own with only outDir moved (a file inside `out`, removed after). Returns
 * how many files it compiled.
 */
const nestBuild = (out) => {
  const tsconfig = join(out, 'tsconfig.json');
  mkdirSync(out, { recursive: true });
  writeFileSync(tsconfig, `${JSON.stringify({ extends: relative(out, join(root, 'tsconfig.json')), compilerOptions: { outDir: '.' } })}\n`);
  const run = spawnSync(process.execPath, [nestCli(), 'build', 'api', '--path', relative(root, tsconfig)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  rmSync(tsconfig, { force: true });
  if (run.status !== 0) throw new Error(`matchlog: nest build api failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`}):\n${run.stdout}${run.stderr}`);
  return Number(/compiled:? (\d+) files?/i.exec(`${run.stdout}${run.stderr}`)?.[1] ?? NaN);
};

/**
 * Builds everything into a fresh directory, then puts it in place of `into` (dist/ unless told), so a reader
 * never sees half a build. Source maps point at the sources as they lie beside dist/.
 */
const build = (into = dist) => {
  const started = Date.now();
  const hash = sourceHash();
  const out = `${into}.${process.pid}`;
  rmSync(out, { recursive: true, force: true });
  let files;
  try {
    files = nestBuild(out);
    bundleViewer(out);
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
  // the hash of the sources as they were when the build began: one saved while it ran makes the next check rebuild
  writeFileSync(join(out, '.built'), `${JSON.stringify({ builtAt: new Date(started).toISOString(), sources: hash })}\n`);
  rmSync(into, { recursive: true, force: true });
  try {
    renameSync(out, into);
  } catch (error) {
    // another build (a parallel test run, say) put its dist/ there first: the same sources, so keep it
    rmSync(out, { recursive: true, force: true });
    if (!existsSync(join(into, '.built'))) throw error;
  }
  return { files, ms: Date.now() - started };
};

/** What dist/.built records, or null when dist/ is missing or was not built by this script. */
const builtFrom = () => {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).sources ?? null;
  } catch {
    return null;
  }
};

/** True when dist/ is missing; in a checkout with sources, also when they no longer hash as dist/.built records. */
const isStale = () => builtFrom() === null || (sources().length > 0 && builtFrom() !== sourceHash());

/** Builds only when dist/ is missing: what npm start and the CLI do, so a production install never builds. */
const buildIfMissing = () => (existsSync(STAMP) ? null : build());

const buildIfStale = () => (isStale() ? build() : null);

module.exports = { build, buildIfMissing, buildIfStale, isStale, viewerBuildOptions };

if (require.main === module) {
  const built = process.argv.includes('--if-missing') ? buildIfMissing() : process.argv.includes('--if-stale') ? buildIfStale() : build();
  if (built) console.error(`matchlog: built ${built.files} files into dist/ in ${built.ms} ms`);
}
