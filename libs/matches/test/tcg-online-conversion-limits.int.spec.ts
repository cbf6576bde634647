import { ReplayConversions, ReplayOverLimit } from '@matchlog/matches';
import { handLengthReplay, revealLengthReplay, tcgOnlineSamples } from '@matchlog/testkit';

/**
 * Issue 37, findings 1 and 2: the patches that held the event loop (a hand's length set to 2^32 − 1) and then aborted
 * Node out of heap (a reveal's cardIDs length set to 1e9) are refused by the conversion's limits, in a process of
 * their own: the caller's event loop keeps turning meanwhile, and the next replay converts.
 */
const small = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!;

/** How often the caller's event loop turned while `work` ran: a conversion on the loop itself lets it turn 0 times. */
const turnsDuring = async <T>(work: () => Promise<T>): Promise<{ outcome: T | Error; turns: number }> => {
  let turns = 0;
  const ticking = setInterval(() => turns++, 5);
  try {
    return { outcome: await work().catch((error: Error) => error), turns };
  } finally {
    clearInterval(ticking);
  }
};

describe('tcg.online conversion limits (a process per conversion, with a time and a heap limit)', () => {
  const conversions = new ReplayConversions({ timeMs: 1000, memoryBytes: 256 * 1024 * 1024, concurrency: 1 });
  afterAll(() => conversions.close());

  it.each([
    ['a hand whose length is 2^32 − 1 (finding 2)', handLengthReplay(small.json, 'hand')],
    ["a reveal whose cardIDs' length is 1e9 (finding 1)", revealLengthReplay(small.json, 'reveal')],
  ])('%s: REPLAY_TIME_LIMIT naming its setting, while the event loop turns', async (_, body) => {
    const { outcome, turns } = await turnsDuring(() => conversions.convert({ body, zipped: false }));
    expect(outcome).toBeInstanceOf(ReplayOverLimit);
    expect(outcome).toMatchObject({ code: 'REPLAY_TIME_LIMIT', setting: 'MATCHLOG_IMPORT_TIME_LIMIT_MS', limit: 1000 });
    expect((outcome as Error).message).toContain('MATCHLOG_IMPORT_TIME_LIMIT_MS');
    expect(turns).toBeGreaterThan(20);
  });

  it('a reveal that fills the heap (5e7 cards, 64 MB): REPLAY_MEMORY_LIMIT, and the caller lives on', async () => {
    const tight = new ReplayConversions({ timeMs: 60_000, memoryBytes: 64 * 1024 * 1024, concurrency: 1 });
    try {
      const outcome = await tight.convert({ body: revealLengthReplay(small.json, 'heap', 5e7), zipped: false }).catch((error: Error) => error);
      expect(outcome).toMatchObject({ code: 'REPLAY_MEMORY_LIMIT', setting: 'MATCHLOG_IMPORT_MEMORY_LIMIT', limit: 64 * 1024 * 1024 });
    } finally {
      await tight.close();
    }
  });

  it('after the refusals, an honest replay converts, as the same conversion in-process would', async () => {
    const result = await conversions.convert({ body: small.json, zipped: false });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.converted.source.gameId).toBe(JSON.parse(small.json).gameId);
  });

  it('queued uploads wait their turn: two at once with a concurrency of one both answer', async () => {
    const [hand, honest] = await Promise.all([
      conversions.convert({ body: handLengthReplay(small.json, 'queued'), zipped: false }).catch((error: Error) => error),
      conversions.convert({ body: small.json, zipped: false }),
    ]);
    expect(hand).toMatchObject({ code: 'REPLAY_TIME_LIMIT' });
    expect(honest.ok).toBe(true);
  });
});
