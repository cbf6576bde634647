export * from './refusal';
export * from './replay-file';
export * from './convert-replay';
export { cardIdOf } from './card-ids';
export type { DraftEvent } from './step-events';
export * from './replay-upload';
export * from './import-replay';
export * from './replay-exposure';
