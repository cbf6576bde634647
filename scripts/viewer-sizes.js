#!/usr/bin/env node
// node scripts/viewer-sizes.js: for each route of the viewer, what the browser downloads before the page works, as
// the build makes it (scripts/build.js, in memory): app.js, the route's page (the chunk main.ts loads with import())
// and every chunk either imports statically, minified bytes and gzipped (zlib, level 9), in English (a Spanish page
// also fetches the Spanish words: the last line). Source maps not counted.
const esbuild = require('esbuild');
const { gzipSync } = require('zlib');
const { join, relative } = require('path');
const { viewerBuildOptions } = require('./build');

const root = join(__dirname, '..');

/** The file and what it statically imports, transitively, by the metafile's output paths. */
const closure = (outputs, file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') closure(outputs, imported.path, seen);
  return seen;
};

/** The viewer built in memory as scripts/build.js builds it: esbuild's metafile, and each output's contents by its path. */
const bundle = () => {
  const { metafile, outputFiles } = esbuild.buildSync({ ...viewerBuildOptions(join(root, 'dist', 'viewer')), absWorkingDir: root, metafile: true, write: false });
  return { outputs: metafile.outputs, contents: new Map(outputFiles.map((file) => [relative(root, file.path), file.contents])) };
};

/**
 * One row per route, by the source file of its page (apps/viewer/src/…): the files it downloads, their bytes and
 * gzipped bytes summed, and the sources they hold.
 */
const routeSizes = ({ outputs, contents } = bundle()) => {
  const app = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'apps/viewer/src/main.ts');
  return outputs[app].imports
    .filter((imported) => imported.kind === 'dynamic-import')
    .map(({ path: chunk }) => {
      const files = [...new Set([...closure(outputs, app), ...closure(outputs, chunk)])];
      return {
        page: outputs[chunk].entryPoint,
        files,
        bytes: files.reduce((sum, file) => sum + contents.get(file).length, 0),
        gzip: files.reduce((sum, file) => sum + gzipSync(contents.get(file), { level: 9 }).length, 0),
        sources: [...new Set(files.flatMap((file) => Object.keys(outputs[file].inputs)))],
      };
    });
};

module.exports = { routeSizes };

if (require.main === module) {
  const built = bundle();
  const line = (name, bytes, gzip, files) => console.log(`${name.padEnd(40)} ${String(bytes).padStart(7)} B ${String(gzip).padStart(7)} B gz  ${files}`);
  for (const { page, files, bytes, gzip } of routeSizes(built)) line(page, bytes, gzip, `${files.length} files`);
  const spanish = Object.keys(built.outputs).find((file) => built.outputs[file].entryPoint === 'apps/viewer/src/i18n/es.ts');
  const words = built.contents.get(spanish);
  line('+ on a Spanish page', words.length, gzipSync(words, { level: 9 }).length, spanish);
}
