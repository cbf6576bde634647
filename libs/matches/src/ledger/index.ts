export * from './log-tables';
export * from './log-sequencer';
export * from './log-reader';
