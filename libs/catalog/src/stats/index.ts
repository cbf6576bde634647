export * from './stats-projection';
export * from './stats-projector';
export * from './stats-queries';
