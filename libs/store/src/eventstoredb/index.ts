// The EventStoreDB/KurrentDB adapter: a second entry point of the store (@matchlog/store/eventstoredb),
// so that importing the store does not load the gRPC client; openEventStore imports it when asked.
export * from './client';
export * from './errors';
export * from './event-store';
