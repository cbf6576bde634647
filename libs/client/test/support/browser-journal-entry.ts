/// <reference lib="dom" />
// What the browser test loads into a page: @matchlog/client's journal over IndexedDB, as a recorder's page
// uses it, with the line hashes counted (browser-journal-bundle.ts puts counting-line-hash.ts in place of line-hash.ts).
import { Journal, MatchlogClient, indexedDbStore, pendingBatches, readJournal, refusedBatches } from '@matchlog/client';
import { lineHashes } from './counting-line-hash';

(globalThis as Record<string, unknown>).matchlog = { Journal, MatchlogClient, indexedDbStore, pendingBatches, readJournal, refusedBatches, lineHashes };
