export * from './event-store';
export * from './sqlite/sqlite-event-store';
export * from './in-memory-event-store';
export * from './sqlite/sqlite-file';
export * from './storage-errors';
export * from './open-store';
export * from './append-in-chunks';
// the EventStoreDB adapter is '@matchlog/store/eventstoredb' (src/eventstoredb/index.ts), kept out of here so that
// importing the store does not load its gRPC client
export * from './postgres-event-store';
export * from './log-consumer';
export * from './postgres/postgres-errors';
export * from './position-waiters';
export * from './thread-of';
export { FileWitnessStore } from './file-witness-store';
export type { WitnessRecord } from './file-witness-store';
