export * from './log-tables';
export * from './log-sequencer';
export * from './log-reader';
export * from './round-closer';
export * from './round-log';
