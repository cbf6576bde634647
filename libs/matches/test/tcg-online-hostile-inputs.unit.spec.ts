import { tcgOnlineSamples } from '@matchlog/testkit';
import { strToU8, zipSync } from 'fflate';
import { ReplayEntriesAmbiguous, ReplayUnreadable } from '../src/errors';
import { ConvertOptions, convertTcgOnlineReplay, replayOfUpload } from '../src/import/tcg-online';

/** Issue 37, findings 4, 6, 8, 9 and 11 (CRCs): malformed replays, each a refusal naming what is wrong, never a throw. */
const sample = tcgOnlineSamples().find((entry) => entry.name.startsWith('07-'))!;
const fresh = (): any => JSON.parse(sample.json);
const refusalOf = (replay: unknown, options: ConvertOptions = {}) => {
  const result = convertTcgOnlineReplay(JSON.stringify(replay), options);
  if (result.ok) throw new Error('converted a replay it should refuse');
  return result.refusal;
};
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('a replay without a seed', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a number', 42],
  ])('seed %s: REPLAY_MALFORMED naming the field, never a throw', (_what, seed) => {
    const replay = fresh();
    if (seed === undefined) delete replay.seed;
    else replay.seed = seed;
    const refusal = refusalOf(replay);
    expect([refusal.code, refusal.field]).toEqual(['REPLAY_MALFORMED', 'seed']);
    expect(refusal.message).toContain('seed');
  });

  it('an empty seed is a game that kept none: converted, not seeded', () => {
    const replay = fresh();
    replay.seed = '';
    const result = convertTcgOnlineReplay(JSON.stringify(replay));
    expect(result.ok && result.source.seeded).toBe(false);
  });
});

describe('keys that reach a prototype, anywhere in a patch', () => {
  const withPatch = (patch: object) => {
    const replay = fresh();
    replay.steps[3].patches.push(patch);
    return replay;
  };
  it.each(['__proto__', 'constructor', 'prototype'])('%s as the last key of a path, in its middle, or a key of its value: REPLAY_MALFORMED at that step', (key) => {
    const cases = [
      { op: 'replace', path: ['G', key], value: { polluted: true } },
      { op: 'add', path: ['G', key, 'polluted'], value: true },
      { op: 'add', path: ['G', 'extra'], value: { nested: [{ [key]: { polluted: true } }] } },
    ];
    for (const patch of cases) {
      const refusal = refusalOf(withPatch(patch));
      expect([refusal.code, refusal.step]).toEqual(['REPLAY_MALFORMED', 3]);
      expect(refusal.message).toContain(`"${key}"`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a value nested 100,000 deep is walked without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const replay = fresh();
    replay.steps[3].patches.push({ op: 'add', path: ['G', 'deep'], value: deep });
    // JSON.stringify of 100,000 levels would overflow: the parsed object is given as it is
    expect(() => convertTcgOnlineReplay(replay)).not.toThrow();
  });

  it('a value that is a list of 3 million numbers is walked without overflowing the stack', () => {
    const replay = fresh();
    replay.steps[3].patches.push({ op: 'add', path: ['G', 'wide'], value: new Array(3_000_000).fill(0) });
    expect(() => convertTcgOnlineReplay(replay)).not.toThrow();
  });
});

describe("the replay's times, inside the file's own span", () => {
  const firstStep = (replay: any) => replay.steps[0].acceptedMove.timestamp as number;

  it('a createdAt of 9999-12-31: REPLAY_TIME_IMPLAUSIBLE naming metadata.createdAt', () => {
    const replay = fresh();
    replay.metadata.createdAt = '9999-12-31T23:59:59.000Z';
    const refusal = refusalOf(replay);
    expect([refusal.code, refusal.field]).toEqual(['REPLAY_TIME_IMPLAUSIBLE', 'metadata.createdAt']);
  });

  it('a createdAt after the first step, or more than a day before it: refused; a minute before: converted', () => {
    const replay = fresh();
    replay.metadata.createdAt = new Date(firstStep(replay) + 1).toISOString();
    expect(refusalOf(replay).code).toBe('REPLAY_TIME_IMPLAUSIBLE');
    replay.metadata.createdAt = new Date(firstStep(replay) - 25 * 3600 * 1000).toISOString();
    expect(refusalOf(replay).code).toBe('REPLAY_TIME_IMPLAUSIBLE');
    replay.metadata.createdAt = new Date(firstStep(replay) - 60 * 1000).toISOString();
    expect(convertTcgOnlineReplay(JSON.stringify(replay)).ok).toBe(true);
  });

  it("a step in the future of the server's clock (now given): refused naming the step; within five minutes of it: converted", () => {
    const replay = fresh();
    const last = replay.steps.length - 1;
    const lastTime = replay.steps[last].acceptedMove.timestamp as number;
    const refusal = refusalOf(replay, { now: lastTime - 10 * 60 * 1000 });
    expect([refusal.code, refusal.step]).toEqual(['REPLAY_TIME_IMPLAUSIBLE', last]);
    expect(convertTcgOnlineReplay(sample.json, { now: lastTime - 60 * 1000 }).ok).toBe(true);
    expect(convertTcgOnlineReplay(sample.json, { now: Date.parse('2030-01-01') }).ok).toBe(true);
  });
});

describe('the zip', () => {
  const replayJson = strToU8(sample.json);

  it('two entries named replay.json: refused, naming both, whichever a tool would show', () => {
    // fflate's zipSync keys entries by name: two of one name are built by hand, a second zip's entries appended
    const one = zipSync({ 'replay.json': replayJson, 'notes.txt': strToU8('x') });
    const twice = duplicateFirstEntry(one);
    const error = thrown(() => replayOfUpload(twice, true));
    expect(error).toBeInstanceOf(ReplayEntriesAmbiguous);
    expect((error as ReplayEntriesAmbiguous).entries).toEqual(['replay.json (entry 1 of 3)', 'replay.json (entry 3 of 3)']);
  });

  it('an entry whose bytes do not match its CRC-32: REPLAY_UNREADABLE, saying it is damaged', () => {
    const zip = zipSync({ 'replay.json': replayJson }, { level: 0 });
    // stored, not deflated: flip one byte of replay.json's text (its local header is 30 bytes and the name)
    const damaged = new Uint8Array(zip);
    const at = 30 + 'replay.json'.length + 100;
    damaged[at] = damaged[at] === 0x20 ? 0x21 : 0x20;
    const error = thrown(() => replayOfUpload(damaged, true));
    expect(error).toBeInstanceOf(ReplayUnreadable);
    expect((error as Error).message).toMatch(/CRC-32/);
    expect(replayOfUpload(zip, true)).toBe(sample.json);
  });
});

/** The zip with its first entry's local file and central header repeated at the end (APPNOTE.txt 4.3). */
function duplicateFirstEntry(zip: Uint8Array): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  const cdSize = view.getUint32(end + 12, true);
  const cdOffset = view.getUint32(end + 16, true);
  const firstCentralLength = 46 + view.getUint16(cdOffset + 28, true) + view.getUint16(cdOffset + 30, true) + view.getUint16(cdOffset + 32, true);
  const firstLocalLength = view.getUint32(cdOffset + 42, true) === 0 ? (count > 1 ? view.getUint32(cdOffset + firstCentralLength + 42, true) : cdOffset) : 0;
  const local = zip.slice(0, firstLocalLength);
  const central = zip.slice(cdOffset, cdOffset + firstCentralLength);
  new DataView(central.buffer).setUint32(42, cdOffset, true);
  const out = new Uint8Array(cdOffset + local.length + cdSize + central.length + 22);
  out.set(zip.slice(0, cdOffset), 0);
  out.set(local, cdOffset);
  out.set(zip.slice(cdOffset, cdOffset + cdSize), cdOffset + local.length);
  out.set(central, cdOffset + local.length + cdSize);
  const eocd = zip.slice(end, end + 22);
  const eocdView = new DataView(eocd.buffer);
  eocdView.setUint16(8, count + 1, true);
  eocdView.setUint16(10, count + 1, true);
  eocdView.setUint32(12, cdSize + central.length, true);
  eocdView.setUint32(16, cdOffset + local.length, true);
  out.set(eocd, cdOffset + local.length + cdSize + central.length);
  return out;
}
