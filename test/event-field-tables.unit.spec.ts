import { readFileSync } from 'fs';
import { join } from 'path';
import { eventTypes } from '@matchlog/domain';
import { renderFieldTables, withFieldTables } from '@matchlog/domain';

describe("docs/reference/events.md's field tables", () => {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'reference', 'events.md'), 'utf8');

  it('are exactly what the event vocabulary renders (run `npm run docs:events` after changing libs/domain/src/events/vocabulary.ts)', () => {
    expect(withFieldTables(doc)).toBe(doc);
  });

  it('have a table for every event type, each listing its fields with `?` on the optional ones', () => {
    const tables = renderFieldTables();
    for (const type of eventTypes) expect(tables).toContain(`\n### ${type}\n`);
    expect(tables).toContain('| `found` | string \\| `null` | a card id; null: failed to find |');
    expect(tables).toContain('| `kind` | `"action"` \\| `"ability"` |');
    expect(tables).toContain('| `players[].name?` | string, 1–200 characters |');
  });
});
