export * from './backoff';
export * from './checkpoints';
export * from './projection';
export * from './projection-lag';
export * from './projection-writes';
export * from './projector';
