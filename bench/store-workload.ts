import { randomUUID } from 'node:crypto';

/**
 * The workload of `npm run bench:store`: 20,000 appends of 10 small events over 100 matches, each
 * with its expected revision, as a server makes them.
 */
export const MATCHES = 100;
export const APPENDS = 20_000;
export const EVENTS_PER_APPEND = 10;
export const APPENDS_PER_MATCH = APPENDS / MATCHES;
export const EVENTS = APPENDS * EVENTS_PER_APPEND;

export interface BenchEvent {
  id: string;
  type: string;
  data: unknown;
  meta: unknown;
}

/** workload[match][k]: the k-th append of the match */
export const workload: BenchEvent[][][] = Array.from({ length: MATCHES }, (_, m) =>
  Array.from({ length: APPENDS_PER_MATCH }, (_, k) =>
    Array.from({ length: EVENTS_PER_APPEND }, (_, e) => ({
      id: randomUUID(),
      type: 'CardMoved',
      data: { cardId: `p${1 + (e % 2)}-c${(k * EVENTS_PER_APPEND + e) % 60}`, from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
      meta: { recordedBy: `table-${m}`, recordedAt: '2026-11-21T14:03:22.118Z' },
    })),
  ),
);
export const streamIds = workload.map(() => randomUUID());

/** Every match awaiting its own appends one after the other, all matches in flight together: the wall time in ms. */
export const playAllMatches = async (append: (streamId: string, expected: number, events: BenchEvent[]) => Promise<unknown>): Promise<number> => {
  const match = async (m: number) => {
    for (let k = 0; k < APPENDS_PER_MATCH; k++) await append(streamIds[m], k * EVENTS_PER_APPEND, workload[m][k]);
  };
  const start = process.hrtime.bigint();
  await Promise.all(workload.map((_, m) => match(m)));
  return Number(process.hrtime.bigint() - start) / 1e6;
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
