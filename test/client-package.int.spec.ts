import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..');
const lib = join(root, 'libs', 'client');

/** npm run build:client, then the package as a user of it gets it: plain Node ESM importing each entry point its package.json exports. */
describe('@matchlog/client, built to publish', () => {
  beforeAll(() => execFileSync(process.execPath, [join(root, 'scripts', 'build-client.js')], { cwd: root, stdio: 'pipe' }), 60_000);

  it('every file its package.json exports is there, types included', () => {
    const { exports } = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8'));
    const files = Object.values<string | Record<string, string>>(exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
    expect(files.filter((file) => !existsSync(join(lib, file)))).toEqual([]);
    expect(Object.keys(exports)).toEqual(expect.arrayContaining(['.', './verify', './node']));
  });

  it('imports from plain Node ESM, each entry with what the README uses', () => {
    const script = `const dist = ${JSON.stringify(join(lib, 'dist'))};
      const names = async (entry) => Object.keys(await import(dist + '/' + entry)).sort();
      console.log(JSON.stringify({ main: await names('index.js'), node: await names('node.js'), verify: await names('verify.js') }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(out.main).toEqual(expect.arrayContaining(['MatchlogClient', 'RevisionConflict', 'NetworkError', 'EventRefused', 'MatchlogError', 'Journal', 'browserJournal']));
    expect(out.node).toEqual(['fileStore', 'journal']);
    expect(out.verify).toEqual(['verifyLog', 'verifyReceipt']);
  });

  it('the main entry imports nothing of Node: it runs in browsers and Deno', () => {
    const bundle = readFileSync(join(lib, 'dist', 'index.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["'](node:)?(fs|path|crypto|http|https|net|os|child_process)["']/);
    expect(bundle).not.toMatch(/require\(/);
  });
});
