export * from './normalise';
export * from './edit-distance';
export * from './card-table';
export * from './lorcana/lorcana-row';
export * from './lorcana/lorcana-card';
export * from './lorcana/lorcana-table';
export * from './deck-list/parse-deck-list';
export * from './deck-list/resolve-deck-list';
