export * from './token-stream';
export * from './evolve-tokens';
export * from './decide-reissue';
