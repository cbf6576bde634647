import { execFileSync } from 'child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { basename, join } from 'path';
import { blocksOf } from './support/shell-blocks';

const root = join(__dirname, '..');
const lib = join(root, 'libs', 'client');
const { version } = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8'));
const tarball = join(root, 'dist-client', `matchlog-client-${version}.tgz`);
/** docs/guides/client-developer.md's install, which test/docs-shell.e2e.spec.ts leaves to this file: it runs in the game client's project. */
const guideInstall = blocksOf('docs/guides/client-developer.md').find((block) => /^npm install \S+\.tgz/m.test(block.code))!;

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
    expect(out.node).toEqual(['dropUnfinishedLine', 'fileStore', 'journal']);
    expect(out.verify).toEqual(['verifyLog', 'verifyReceipt']);
  });

  it('the main entry imports nothing of Node: it runs in browsers and Deno', () => {
    const bundle = readFileSync(join(lib, 'dist', 'index.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["'](node:)?(fs|path|crypto|http|https|net|os|child_process)["']/);
    expect(bundle).not.toMatch(/require\(/);
  });

  it('is packed into one tarball holding the built package, no sources', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/verify.js']));
    expect(files.filter((file) => !/^package\/(package\.json|README\.md|dist\/.+)$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.includes('/src/') || file.includes('.types'))).toEqual([]);
  });

  describe('installed by path into a project of its own, as the README and docs/guides/client-developer.md say', () => {
    let project: string;
    beforeAll(() => {
      project = mkdtempSync(join(tmpdir(), 'matchlog-client-user-'));
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-game-client', version: '1.0.0', private: true, type: 'module' }));
      copyFileSync(tarball, join(project, basename(tarball)));
      // the guide's block as written, in bash; offline (the package has no dependency, so nothing may come from a
      // registry), with no audit, fund or scripts, by npm's environment rather than flags the guide does not show
      execFileSync('bash', ['-c', `set -euo pipefail\n${guideInstall.code}`], {
        cwd: project,
        stdio: 'pipe',
        env: { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_ignore_scripts: 'true' },
      });
    }, 60_000);
    afterAll(() => rmSync(project, { recursive: true, force: true }));

    it("the guide's install names the tarball npm run build:client writes, and what package.json then records", () => {
      expect(guideInstall.notRun).toMatch(/^runs in test\/client-package\.int\.spec\.ts/);
      expect(guideInstall.code).toContain(`npm install ./${basename(tarball)}`);
      expect(guideInstall.code).toContain(`"@matchlog/client": "file:${basename(tarball)}"`);
    });

    it('records it by path in package.json and imports each entry by its package name', () => {
      expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).dependencies['@matchlog/client']).toBe(`file:${basename(tarball)}`);
      writeFileSync(
        join(project, 'check.mjs'),
        `import { MatchlogClient, RevisionConflict } from '@matchlog/client';
        import { verifyReceipt } from '@matchlog/client/verify';
        import { journal } from '@matchlog/client/node';
        const client = new MatchlogClient({ baseUrl: 'http://localhost:3000' });
        console.log(JSON.stringify([typeof client.append, typeof RevisionConflict, typeof verifyReceipt, typeof journal]));`,
      );
      expect(JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' }))).toEqual(['function', 'function', 'function', 'function']);
    });
  });
});
