// @matchlog/client/node: the offline journal in a JSON Lines file (node:fs). The journal itself, and its IndexedDB
// store for browsers, are in the main entry.
export { dropUnfinishedLine, fileStore, journal } from './journal/file-store';
