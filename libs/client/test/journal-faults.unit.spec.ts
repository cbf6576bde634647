import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
  Appender,
  Journal,
  JournalFormatError,
  JournalLimitError,
  JournalStore,
  JournalSyncError,
  MAX_EVENTS_PER_APPEND,
  pendingBatches,
  readJournal,
  refusedBatches,
} from '@matchlog/client';
import { dropUnfinishedLine, journal } from '@matchlog/client/node';
import { fnv1a64 } from '../src/journal/line-hash';

// every line hash the journal computes, counted: the work reading a journal does
jest.mock('../src/journal/line-hash', () => {
  const actual = jest.requireActual('../src/journal/line-hash');
  return { fnv1a64: jest.fn(actual.fnv1a64) };
});
const hashed = fnv1a64 as jest.MockedFunction<typeof fnv1a64>;

const memory = (text = ''): JournalStore & { text: () => string } => {
  let lines = text;
  return { read: async () => lines, appendLine: async (line) => void (lines += `${line}\n`), text: () => lines };
};

/** The server's rule: the same ids at the same revision are a retry (its first result); an id it holds elsewhere is DUPLICATE_EVENT_ID. */
const server = () => {
  const recorded: string[] = [];
  const answered = new Map<string, number>();
  const calls: number[] = [];
  const appender: Appender & { recorded: string[]; calls: number[] } = {
    recorded,
    calls,
    append: async (_matchId, expectedRevision, events) => {
      calls.push(events.length);
      const key = `${expectedRevision}:${events.map((e) => e.id).join(',')}`;
      const first = answered.get(key);
      if (first !== undefined) return { revision: first };
      if (events.some((e) => recorded.includes(e.id!))) throw Object.assign(new Error('DUPLICATE_EVENT_ID'), { code: 'DUPLICATE_EVENT_ID', status: 409 });
      if (expectedRevision !== recorded.length + 1) throw Object.assign(new Error('REVISION_CONFLICT'), { code: 'REVISION_CONFLICT', status: 409 });
      recorded.push(...events.map((e) => e.id!));
      answered.set(key, recorded.length + 1);
      return { revision: recorded.length + 1 };
    },
  };
  return appender;
};

const turn = (n: number) => ({ type: 'TurnStarted', data: { player: 'p1', turn: n } });
const line = (expectedRevision: number, events: readonly object[]) => `${JSON.stringify({ expectedRevision, events })}\n`;

/** The hash the journal used before it hashed without BigInt: derived ids must stay what they were. */
const bigIntFnv = (text: string): string => {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
};

beforeEach(() => hashed.mockClear());

describe('the journal’s faults, closed: a refusal stays visible', () => {
  it('two lines sharing a first event id: the first one’s acknowledgement settles it alone, so the second, refused, is refused again on the next sync', async () => {
    const s = server();
    const store = memory(
      `${line(1, [{ ...turn(1), id: 'e1' }])}${line(2, [
        { ...turn(2), id: 'e1' },
        { ...turn(3), id: 'e2' },
      ])}`,
    );
    const first = await new Journal(store).sync(s, 'm1').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(JournalSyncError);
    expect((first as JournalSyncError).batch.line).toBe(2);
    // the next run: line 2 is still pending, sent, and refused again
    const read = readJournal(store.text(), 'm1');
    expect(pendingBatches(read).map((b) => b.line)).toEqual([2]);
    const again = await new Journal(store).sync(s, 'm1').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(JournalSyncError);
    expect((again as JournalSyncError).batch.line).toBe(2);
    expect(s.recorded).toEqual(['e1']);
  });

  it('an acknowledgement or refusal settles one line: the first unsettled line it names (by hash; by id or revision when written by hand or by an older journal)', () => {
    const a = line(1, [{ ...turn(1), id: 'e1' }]);
    const b = line(2, [{ ...turn(2), id: 'e1' }]);
    const legacyAck = `${JSON.stringify({ ack: 1, revision: 2, id: 'e1' })}\n`;
    expect(pendingBatches(readJournal(`${a}${b}${legacyAck}`)).map((x) => x.line)).toEqual([2]);
    expect(pendingBatches(readJournal(`${a}${legacyAck}${b}`)).map((x) => x.line)).toEqual([3]);
    const byRevision = `${JSON.stringify({ ack: 1, revision: 2 })}\n`;
    expect(pendingBatches(readJournal(`${a}${line(1, [{ ...turn(5), id: 'other' }])}${byRevision}`)).map((x) => x.line)).toEqual([2]);
    const read = readJournal(`${a}${b}`, 'm1');
    const byHash = `${JSON.stringify({ ack: 1, revision: 2, id: 'e1', hash: read.batches[1].hash })}\n`;
    expect(pendingBatches(readJournal(`${a}${b}${byHash}`, 'm1')).map((x) => x.line)).toEqual([1]);
    // a refusal written by hand settles its line, and says so
    const refused = readJournal(`${a}${b}${JSON.stringify({ rejected: 'e1', code: 'BY_HAND' })}\n`);
    expect(refusedBatches(refused).map(({ batch, code }) => [batch.line, code])).toEqual([[1, 'BY_HAND']]);
    // one that names nothing before it is a journal to fix, not a line to ignore
    expect(() => readJournal(`${legacyAck}${a}`)).toThrow(JournalFormatError);
    expect(() => readJournal(`${legacyAck}${a}`)).toThrow(/^journal line 1: names no batch line before it/);
  });
});

describe('the journal’s faults, closed: no minutes of work before the network', () => {
  it('hashes each line once, as the BigInt hash did (the same ids derived), whatever the events on it', () => {
    for (const text of ['', 'a', `m1\n${line(1, [turn(1)])}`, 'é€😀 ∑ – ‘’', 'x'.repeat(10_000)])
      expect(jest.requireActual('../src/journal/line-hash').fnv1a64(text)).toBe(bigIntFnv(text));
    const events = Array.from({ length: 10_000 }, (_, i) => turn(i + 1));
    const text = line(1, events);
    hashed.mockClear();
    const read = readJournal(text, 'm1');
    expect(hashed).toHaveBeenCalledTimes(1);
    const ids = read.batches[0].events.map((e) => e.id);
    expect(new Set(ids).size).toBe(10_000);
    expect(ids[0]).toBe(`j-${bigIntFnv(`m1\n${text.trimEnd()}`)}-0`);
    expect(ids[9_999]).toBe(`j-${bigIntFnv(`m1\n${text.trimEnd()}`)}-9999`);
  });

  it('a line of 10,000 events is refused before anything is sent: marked refused, the sync stops there; the next sync sends what follows', async () => {
    const s = server();
    const big = line(
      1,
      Array.from({ length: 10_000 }, (_, i) => turn(i + 1)),
    );
    const store = memory(`${big}${line(1, [turn(1)])}`);
    const error = await new Journal(store).sync(s, 'm1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalSyncError);
    expect((error as JournalSyncError).cause).toBeInstanceOf(JournalLimitError);
    expect((error as JournalSyncError).cause).toMatchObject({ code: 'BATCH_TOO_MANY_EVENTS' });
    expect(s.calls).toEqual([]);
    // one read of the journal: each of its two batch lines hashed once
    expect(hashed).toHaveBeenCalledTimes(2);
    const read = readJournal(store.text());
    expect(refusedBatches(read).map(({ batch, code }) => [batch.line, code])).toEqual([[1, 'BATCH_TOO_MANY_EVENTS']]);
    expect(store.text().trimEnd().split('\n').pop()).toBe(JSON.stringify({ rejected: read.batches[0].events[0].id, code: 'BATCH_TOO_MANY_EVENTS', hash: read.batches[0].hash }));
    expect((await new Journal(store).sync(s, 'm1')).map((x) => x.line)).toEqual([2]);
    expect(s.calls).toEqual([1]);
  });

  it('a line under 500 events but over the body limit is refused too (BATCH_TOO_LARGE); a line of 500 is sent', async () => {
    const s = server();
    const heavy = Array.from({ length: 400 }, (_, i) => ({ ...turn(i + 1), data: { player: 'p1', turn: i + 1, note: 'x'.repeat(3000) } }));
    const error = await new Journal(memory(line(1, heavy))).sync(s, 'm1').catch((e: unknown) => e);
    expect((error as JournalSyncError).cause).toMatchObject({ code: 'BATCH_TOO_LARGE' });
    const most = Array.from({ length: MAX_EVENTS_PER_APPEND }, (_, i) => turn(i + 1));
    expect((await new Journal(memory(line(1, most))).sync(s, 'm1')).map((x) => x.events)).toEqual([500]);
    expect(s.calls).toEqual([500]);
  });

  it('append refuses a batch over the limits before journaling it: nothing written, nothing sent', async () => {
    const s = server();
    const store = memory();
    await expect(
      new Journal(store).append(
        s,
        'm1',
        1,
        Array.from({ length: 501 }, (_, i) => turn(i + 1)),
      ),
    ).rejects.toMatchObject({
      code: 'BATCH_TOO_MANY_EVENTS',
      status: 413,
    });
    expect(store.text()).toBe('');
    expect(s.calls).toEqual([]);
  });
});

describe('the journal’s faults, closed: nothing it did not write is cut', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-journal-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a hand-written last line with a JSON error and no newline is kept: reading names it, nothing is sent, nothing is appended', async () => {
    const file = join(dir, 'by-hand.jsonl');
    const text = `${line(1, [turn(1)])}{"expectedRevision":2,"events":[{"type":"TurnStarted","data":{"player":"p1","turn":2}}]`;
    writeFileSync(file, text);
    const s = server();
    await expect(journal(file).sync(s, 'm1')).rejects.toThrow(/^journal line 2: is not JSON/);
    await expect(journal(file).append(s, 'm1', 2, [turn(2)])).rejects.toBeInstanceOf(JournalFormatError);
    expect(await dropUnfinishedLine(file)).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(s.calls).toEqual([]);
  });

  it('a stray <file>.appending of another line does not make a hand-written line the journal’s own', async () => {
    const file = join(dir, 'by-hand.jsonl');
    const text = `${line(1, [turn(1)])}{"expectedRevision":2,`;
    writeFileSync(file, text);
    writeFileSync(`${file}.appending`, JSON.stringify({ ack: 1, revision: 2 }));
    await expect(journal(file).sync(server(), 'm1')).rejects.toBeInstanceOf(JournalFormatError);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('the journal’s own unfinished line is cut by dropUnfinishedLine, which returns it, and the marker goes with the next line', async () => {
    const file = join(dir, 'torn.jsonl');
    const torn = line(1, [{ ...turn(1), id: 'e1' }]).trimEnd();
    writeFileSync(file, `${JSON.stringify({ match: 'm1' })}\n${torn.slice(0, 30)}`);
    writeFileSync(`${file}.appending`, torn);
    expect(await dropUnfinishedLine(file)).toBe(torn.slice(0, 30));
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify({ match: 'm1' })}\n`);
    await journal(file, () => 'e2').append(server(), 'm1', 1, [turn(1)]);
    expect(existsSync(`${file}.appending`)).toBe(false);
  });
});
