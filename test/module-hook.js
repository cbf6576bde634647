// Jest's setupFiles: the test files run from the TypeScript sources through @swc/jest, in Jest's own module system,
// which the writer thread and the imports' conversion children (libs/store/src/thread-of.ts) do not have. Each test
// file's `process.execArgv` (Jest's copy, its own) gets Node's require hook for TypeScript, which thread-of passes on
// to them as it does any `node -r @swc-node/register` run's.
process.execArgv.push('--require', require.resolve('@swc-node/register'));
