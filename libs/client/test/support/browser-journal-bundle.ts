import { build } from 'esbuild';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..', '..');
const COUNTING = join(__dirname, 'counting-line-hash.ts');

/**
 * browser-journal-entry.ts bundled as the viewer's bundle is (esbuild, from the sources through tsconfig.json's
 * @matchlog/* paths), for a page: the journal's own code, with its line hash counted.
 */
export const browserJournalBundle = async (): Promise<string> =>
  (
    await build({
      entryPoints: [join(__dirname, 'browser-journal-entry.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      logLevel: 'error',
      tsconfig: join(root, 'tsconfig.json'),
      plugins: [
        {
          name: 'count-line-hashes',
          setup: (build) =>
            build.onResolve({ filter: /^\.\/line-hash$/ }, (args) => (args.importer.endsWith(join('journal', 'journal-lines.ts')) ? { path: COUNTING } : undefined)),
        },
      ],
    })
  ).outputFiles[0].text;
