import { readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every code an API error class can answer with, read from the classes themselves. */
const codesIn = (file: string): string[] => {
  const text = read(file);
  const fixed = [...text.matchAll(/readonly code = '([A-Z_]+)'/g)].map((m) => m[1]);
  const unions = [...text.matchAll(/readonly code: ((?:'[A-Z_]+'\s*\|?\s*)+)/g)].flatMap((m) => [...m[1].matchAll(/'([A-Z_]+)'/g)].map((c) => c[1]));
  return [...fixed, ...unions];
};

describe('docs/reference/errors.md', () => {
  const documented = new Set([...read('docs/reference/errors.md').matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => m[1]));
  const answered = ['libs/matches/src/errors.ts', 'apps/api/src/errors/http-errors.ts', 'libs/store/src/storage-errors.ts', 'libs/store/src/event-store.ts'].flatMap(codesIn);

  it('finds the codes it checks', () => expect(answered).toEqual(expect.arrayContaining(['MATCH_NOT_FOUND', 'HEAD_MISSING', 'URL_TOO_LONG', 'STORAGE_FULL', 'REVISION_CONFLICT'])));

  it.each(answered.filter((code) => !['STORAGE_UNOPENABLE', 'STORAGE_LOCKED'].includes(code)))('lists %s with its status', (code) => expect(documented).toContain(code));
});
