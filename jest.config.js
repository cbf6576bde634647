/**
 * Test tiers by file name: *.unit.spec.ts (pure, in memory), *.int.spec.ts (real parts), *.e2e.spec.ts (real HTTP),
 * *.multi.spec.ts (two compiled API servers on one PostgreSQL), *.prod.spec.ts (a production install from the
 * registry: slow, it compiles better-sqlite3), *.browser.spec.ts (headless Chromium on the viewer).
 */
/**
 * The packages whose `require` entry is an ES module: Nest 12's own, and what Fastify 5.12 and @fastify/static 10.1.10+
 * load. Node 22.12+ requires them natively, Jest 30 only on Node 24.9+ (its require(esm)), so on Node 22
 * @swc/jest compiles them to CommonJS like the sources (the rest of node_modules is left as it is).
 */
const ESM_PACKAGES = ['@nestjs', 'cookie', 'set-cookie-parser', 'content-disposition'];
const base = {
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }],
    '/node_modules/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: { '^@matchlog/(domain|store|catalog|audit|matches|testkit|client|cards|stats|ledger|tokens)(.*)$': '<rootDir>/libs/$1/src$2' },
  testEnvironment: 'node',
  // the TypeScript require hook for the threads and child processes the sources start (test/module-hook.js)
  setupFiles: ['<rootDir>/test/module-hook.js'],
};
// every tier but unit: dist/ built and one PostgreSQL started, once per run (Jest runs a project's global
// setup only when one of its tests runs, and the same module once), so the unit tier starts nothing
const withServers = { ...base, globalSetup: '<rootDir>/test/global-setup.js', globalTeardown: '<rootDir>/test/global-teardown.js' };
module.exports = {
  // CI machines have 2 cores: two test files at a time (Jest's default there is one, in band)
  maxWorkers: 2,
  // a worker whose heap passed this after a file is replaced by a fresh one: what the server tiers' files leave behind
  // piled up into heaps of several GB, and collecting those made every later file slow (the run 708 s → 596 s)
  workerIdleMemoryLimit: '1500MB',
  // generous: two test files at a time on 2 cores, each with its servers (and the imports' conversion processes)
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  testSequencer: '<rootDir>/test/slowest-first-sequencer.js',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test}/**/*.unit.spec.ts'] },
    { ...withServers, displayName: 'int', testMatch: ['<rootDir>/{apps,libs,test}/**/*.int.spec.ts'] },
    { ...withServers, displayName: 'e2e', testMatch: ['<rootDir>/{apps,libs,test}/**/*.e2e.spec.ts'] },
    { ...withServers, displayName: 'multi', testMatch: ['<rootDir>/{apps,libs,test}/**/*.multi.spec.ts'] },
    { ...withServers, displayName: 'prod', testMatch: ['<rootDir>/{apps,libs,test}/**/*.prod.spec.ts'] },
    // a real Chromium from npm (@sparticuz/chromium, driven by playwright-core) against the real server
    { ...withServers, displayName: 'browser', testMatch: ['<rootDir>/{apps,libs,test}/**/*.browser.spec.ts'] },
  ],
};
