// What tests and benches share, and nothing the service runs: events and random matches for the
// domain, a throwaway PostgreSQL from npm, the compiled server as a child process
// (one that can be killed and started again), a proxy that makes the network fail on purpose.
export * from './events';
export * from './random-match';
export * from './postgres';
export * from './server-process';
export * from './restartable-server';
export * from './failure-proxy';
export * from './tcg-online-samples';
export * from './shared-replays';
export * from './hostile-replays';
export * from './test-log';
