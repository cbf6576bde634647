export * from './catalog-schema';
export * from './open-catalog';
export * from './open-postgres-catalog';
export * from './catalog-checkpoint';
export * from './catalog-projection';
export * from './catalog-feeder';
export * from './catalog-queries';
export * from './tokens';
