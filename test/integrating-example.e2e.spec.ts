import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../apps/api/test/support/sse-client';
import { ORGANIZER, TestApp, startTestApp } from '../apps/api/test/support/test-app';
import { recordATable } from '../examples/integrating/table-side-recorder';

const root = join(__dirname, '..');

describe("docs/guides/integrating.md's worked example", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'matchlog-integrating-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is in the document word for word', () => {
    const doc = readFileSync(join(root, 'docs', 'guides', 'integrating.md'), 'utf8');
    const code = readFileSync(join(root, 'examples', 'integrating', 'table-side-recorder.ts'), 'utf8');
    expect(doc).toContain(code.trimEnd());
  });

  it('records a match through the journal, follows p1 to the end, and checks the receipt', async () => {
    const base = await listening(t.app);
    const key = ORGANIZER;
    const file = join(dir, 'table-7.jsonl');
    const { last, seenByP1, receipt } = await recordATable(base, key, file, () => {});
    expect(last).toBe(6);
    expect(seenByP1).toEqual([1, 2, 3, 4, 5, 6]);
    expect(receipt).toMatchObject({ ok: true, revision: 6 });
    expect(
      readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => Object.keys(JSON.parse(line))[0]),
    ).toEqual(['match', 'expectedRevision', 'ack', 'expectedRevision', 'ack', 'expectedRevision', 'ack']);
  });
});
