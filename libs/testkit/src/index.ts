// What tests and benches share, and nothing the service runs: events and random matches for the
// domain, a throwaway PostgreSQL from npm, the compiled server as a child process.
export * from './events';
export * from './random-match';
export * from './postgres';
export * from './server-process';
