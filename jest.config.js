/**
 * Test tiers by file name: *.unit.spec.ts (pure, in memory), *.int.spec.ts (real parts), *.e2e.spec.ts (real HTTP),
 * *.prod.spec.ts (a production install from the registry: slow, it compiles better-sqlite3), *.browser.spec.ts (headless Chromium on the viewer).
 */
const base = {
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }] },
  moduleNameMapper: { '^@matchlog/(domain|store|catalog|audit)(.*)$': '<rootDir>/libs/$1/src$2' },
  testEnvironment: 'node',
};
module.exports = {
  // generous: CI machines have 2 cores, and suites run side by side
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test}/**/*.unit.spec.ts'] },
    { ...base, displayName: 'int', testMatch: ['<rootDir>/{apps,libs,test}/**/*.int.spec.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/{apps,libs,test}/**/*.e2e.spec.ts'] },
    { ...base, displayName: 'prod', testMatch: ['<rootDir>/{apps,libs,test}/**/*.prod.spec.ts'] },
    // a real Chromium from npm (@sparticuz/chromium, driven by playwright-core) against the real server
    { ...base, displayName: 'browser', testMatch: ['<rootDir>/{apps,libs,test}/**/*.browser.spec.ts'] },
  ],
};
