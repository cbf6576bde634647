import 'fake-indexeddb/auto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Appender, Journal, JournalFormatError, JournalMatchError, JournalStore, JournalSyncError, browserJournal, readJournal } from '@matchlog/client';
import { journal } from '@matchlog/client/node';

const memory = (text = ''): JournalStore & { text: () => string } => {
  let lines = text;
  return { read: async () => lines, appendLine: async (line) => void (lines += `${line}\n`), text: () => lines };
};

/** A server that keeps what it recorded by id, answers a batch it holds with its first result, and can be down. */
const server = () => {
  const recorded: string[] = [];
  const answered = new Map<string, number>();
  let down = false;
  const appender: Appender & { recorded: string[]; down: (d: boolean) => void } = {
    recorded,
    down: (d) => (down = d),
    append: async (_matchId, expectedRevision, events) => {
      if (down) throw new Error('fetch failed: connection refused');
      const key = events.map((e) => e.id).join(',');
      const first = answered.get(key);
      if (first !== undefined) return { revision: first };
      if (expectedRevision !== recorded.length + 1) throw Object.assign(new Error(`REVISION_CONFLICT: at ${recorded.length + 1}`), { code: 'REVISION_CONFLICT', status: 409 });
      recorded.push(...events.map((e) => e.id!));
      answered.set(key, recorded.length + 1);
      return { revision: recorded.length + 1 };
    },
  };
  return appender;
};

const turn = (n: number) => ({ type: 'TurnStarted', data: { player: 'p1', turn: n } });
let ids = 0;
const newId = () => `id-${++ids}`;

describe('the offline journal', () => {
  it('journals each batch with its ids before sending it, then acknowledges it on a line of its own', async () => {
    const store = memory();
    const s = server();
    await new Journal(store, newId).append(s, 'm1', 1, [turn(1), turn(2)]);
    const lines = store
      .text()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ match: 'm1' });
    expect(lines[1]).toEqual({
      expectedRevision: 1,
      events: [expect.objectContaining({ id: expect.any(String), type: 'TurnStarted' }), expect.objectContaining({ id: expect.any(String) })],
    });
    expect(lines[2]).toEqual({ ack: 1, revision: 3, id: lines[1].events[0].id, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(s.recorded).toEqual(lines[1].events.map((e: { id: string }) => e.id));
  });

  it('written while the server is down, then synced: every batch exactly once, in order, and nothing left to send', async () => {
    const store = memory();
    const s = server();
    const j = new Journal(store, newId);
    s.down(true);
    for (const [expected, n] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ])
      await expect(j.append(s, 'm1', expected, [turn(n)])).rejects.toThrow('connection refused');
    s.down(false);
    const synced = await j.sync(s, 'm1');
    expect(synced.map((x) => [x.line, x.revision])).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(s.recorded).toHaveLength(3);
    expect(await j.sync(s, 'm1')).toEqual([]);
  });

  it('a crash after the server recorded a batch but before its acknowledgement: sync sends it again and the server answers with its first result', async () => {
    const s = server();
    const store = memory();
    // the batch reached the server, then the process died before the ack line was written
    const events = [turn(1)].map((e) => ({ ...e, id: newId() }));
    await store.appendLine(JSON.stringify({ expectedRevision: 1, events }));
    await s.append('m1', 1, events);
    expect(await new Journal(store, newId).sync(s, 'm1')).toEqual([{ line: 1, expectedRevision: 1, events: 1, revision: 2 }]);
    expect(s.recorded).toEqual([events[0].id]);
  });

  it('a hand-written journal of batch lines alone, without ids: pushed twice, recorded once (ids derived from the line)', async () => {
    const text = `${JSON.stringify({ expectedRevision: 1, events: [turn(1), turn(2)] })}\n${JSON.stringify({ expectedRevision: 3, events: [turn(3)] })}\n`;
    const s = server();
    await new Journal(memory(text)).sync(s, 'm1');
    await new Journal(memory(text)).sync(s, 'm1');
    expect(s.recorded).toHaveLength(3);
    expect(readJournal(text).batches[0].events.map((e) => e.id)).toEqual(readJournal(text).batches[0].events.map((e) => e.id));
    expect(new Set(s.recorded).size).toBe(3);
  });

  it('a conflict it cannot resolve stops the sync at that line, with the server’s reason, and sends nothing after it', async () => {
    const s = server();
    await s.append('m1', 1, [{ ...turn(9), id: 'other-tool' }]);
    const store = memory(`${JSON.stringify({ expectedRevision: 1, events: [turn(1)] })}\n${JSON.stringify({ expectedRevision: 2, events: [turn(2)] })}\n`);
    const error = await new Journal(store).sync(s, 'm1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalSyncError);
    expect((error as JournalSyncError).message).toMatch(/^journal line 1 \(expectedRevision 1, 1 events\) was not recorded: REVISION_CONFLICT/);
    expect(s.recorded).toEqual(['other-tool']);
  });

  it('refuses a line that is neither a batch nor an acknowledgement, naming the line', () => {
    expect(() => readJournal('{"expectedRevision":1,"events":[{"type":"TurnStarted","data":{}}]}\nnot json\n')).toThrow(
      new JournalFormatError(2, 'is not JSON: each line is one batch, one acknowledgement, one refusal or the match line; fix or remove it by hand'),
    );
    expect(() => readJournal('{"ack":"x","revision":2}')).toThrow(JournalFormatError);
    expect(() => readJournal('{"expectedRevision":1,"events":[]}')).toThrow(/line 1: a batch is/);
  });

  it('journal(file): JSON Lines a person can read, fsynced line by line, read back after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-journal-'));
    try {
      const file = join(dir, 'table12.jsonl');
      const s = server();
      await journal(file, newId).append(s, 'm1', 1, [turn(1)]);
      s.down(true);
      await expect(journal(file, newId).append(s, 'm1', 2, [turn(2)])).rejects.toThrow();
      s.down(false);
      const text = readFileSync(file, 'utf8');
      expect(
        text
          .split('\n')
          .filter(Boolean)
          .map((line) => Object.keys(JSON.parse(line)).join()),
      ).toEqual(['match', 'expectedRevision,events', 'ack,revision,id,hash', 'expectedRevision,events']);
      expect((await journal(file).sync(s, 'm1')).map((x) => x.revision)).toEqual([3]);
      writeFileSync(join(dir, 'empty.jsonl'), '');
      expect(await journal(join(dir, 'missing.jsonl')).sync(s, 'm1')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a browser journal in IndexedDB keeps its lines across a reload of the page', async () => {
    const s = server();
    s.down(true);
    await expect(browserJournal('table-7', indexedDB).append(s, 'm1', 1, [turn(1)])).rejects.toThrow();
    s.down(false);
    const reloaded = browserJournal('table-7', indexedDB);
    expect((await reloaded.sync(s, 'm1')).map((x) => x.revision)).toEqual([2]);
    expect([...(await reloaded.read()).acks.values()]).toEqual([2]);
  });

  it('one journal per match: another match is refused before anything is sent', async () => {
    const s = server();
    const j = new Journal(memory(), newId);
    await j.append(s, 'game-1', 1, [turn(1)]);
    await expect(j.append(s, 'game-2', 1, [turn(1)])).rejects.toBeInstanceOf(JournalMatchError);
    await expect(j.sync(s, 'game-2')).rejects.toThrow('this journal records match game-1, not game-2: keep one journal per match');
    expect(s.recorded).toHaveLength(1);
  });

  it('recording on after an outage: the next append sends the waiting batches first, so the server sees them in order, with no false conflict', async () => {
    const s = server();
    const j = new Journal(memory(), newId);
    s.down(true);
    await expect(j.append(s, 'm1', 1, [turn(1)])).rejects.toThrow('connection refused');
    s.down(false);
    // the app counted the waiting batch (one event): its next batch expects revision 2
    expect(await j.append(s, 'm1', 2, [turn(2)])).toEqual({ revision: 3 });
    expect(s.recorded).toHaveLength(2);
    expect(await j.sync(s, 'm1')).toEqual([]);
  });

  it('a batch the server refuses when it is recorded is marked refused: the error goes to the app, and it blocks nothing after it', async () => {
    const s = server();
    await s.append('m1', 1, [{ ...turn(9), id: 'other-recorder' }]);
    const store = memory();
    const j = new Journal(store, newId);
    await expect(j.append(s, 'm1', 1, [turn(1)])).rejects.toThrow('REVISION_CONFLICT');
    expect(store.text()).toContain('"rejected"');
    expect(await j.append(s, 'm1', 2, [turn(2)])).toEqual({ revision: 3 });
    expect(await j.sync(s, 'm1')).toEqual([]);
  });

  it('an unfinished last line the journal was appending (a crash, so never sent) is skipped, and the next line written replaces it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-journal-'));
    try {
      const file = join(dir, 'torn.jsonl');
      const torn = JSON.stringify({ expectedRevision: 1, events: [{ ...turn(1), id: 'e1' }] });
      // the process stopped while it appended `torn`: its start is on disk, and <file>.appending holds the whole line
      writeFileSync(file, `${JSON.stringify({ match: 'm1' })}\n${torn.slice(0, 20)}`);
      writeFileSync(`${file}.appending`, torn);
      const s = server();
      expect(await journal(file).sync(s, 'm1')).toEqual([]);
      expect(await journal(file, newId).append(s, 'm1', 1, [turn(1)])).toEqual({ revision: 2 });
      expect(readFileSync(file, 'utf8').split('\n')[1]).toMatch(/^\{"expectedRevision":1,"events":\[\{"type"/);
      expect(existsSync(`${file}.appending`)).toBe(false);
      expect(() => readJournal('not json\n{"match":"m1"}\n')).toThrow(JournalFormatError);
      // a whole last line written by hand without its newline is kept
      const byHand = join(dir, 'by-hand.jsonl');
      writeFileSync(byHand, JSON.stringify({ expectedRevision: 1, events: [turn(1)] }));
      expect((await journal(byHand).sync(server(), 'm2')).map((x) => x.line)).toEqual([1]);
      expect(
        readFileSync(byHand, 'utf8')
          .split('\n')
          .map((line) => Object.keys(JSON.parse(line || '{}'))[0]),
      ).toEqual(['expectedRevision', 'match', 'ack', undefined]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ids derived for a hand-written line differ between matches, so the same line pushed to two matches is two batches', () => {
    const line = `${JSON.stringify({ expectedRevision: 1, events: [turn(1)] })}\n`;
    expect(readJournal(line, 'game-1').batches[0].events[0].id).not.toBe(readJournal(line, 'game-2').batches[0].events[0].id);
    expect(readJournal(line, 'game-1').batches[0].events[0].id).toBe(readJournal(line, 'game-1').batches[0].events[0].id);
  });
});
