// npm run docs:events — rewrites docs/reference/events.md's field tables from the event vocabulary (libs/domain/src/events/vocabulary.ts).
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { withFieldTables } from '@matchlog/domain';

const file = join(__dirname, '..', 'docs', 'reference', 'events.md');
writeFileSync(file, withFieldTables(readFileSync(file, 'utf8')));
console.log(`wrote the field tables of ${file}`);
