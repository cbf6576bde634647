export * from './refusal';
export * from './replay-file';
export * from './convert-replay';
export type { DraftEvent } from './step-events';
