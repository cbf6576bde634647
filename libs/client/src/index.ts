export { MatchlogClient } from './client';
export type { Appended, ClientOptions } from './client';
export { EventRefused, MatchlogError, NetworkError, RevisionConflict } from './errors';
export type { FeedEntry, FollowOptions, Following } from './follow';
export { SseParser } from './sse';
export type { SseMessage } from './sse';
export type { Request } from './transport';
export type * from './types';
export type { components, paths } from './api/schema';
