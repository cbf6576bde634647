// Jest's setupFiles: the test files run from the TypeScript sources through @swc/jest, in Jest's own module system,
// which the writer thread and the imports' conversion children (libs/store/src/thread-of.ts) do not have. Each test
// file's `process.execArgv` (Jest's copy, its own) gets the tests' require hook for TypeScript (typescript-hook.js),
// which thread-of passes on to them as it does any `node -r @swc-node/register` run's.
process.execArgv.push('--require', require.resolve('./typescript-hook.js'));
