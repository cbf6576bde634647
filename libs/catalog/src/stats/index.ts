export * from './stats-projection';
export * from './stats-feeder';
export * from './stats-queries';
