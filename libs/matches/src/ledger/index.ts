export * from './log-tables';
export * from './log-sequencer';
export * from './log-reader';
export * from './log-publisher';
export * from './witness-client';
export * from './match-log';
export * from './round-closer';
export * from './round-log';
