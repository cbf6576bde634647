/** Runs `work` `runs` times after `warmup` runs and returns the median wall time in milliseconds. */
export const medianMs = (work: () => void, runs = 9, warmup = 3): number => {
  for (let i = 0; i < warmup; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
};

export const perSecond = (count: number, ms: number): number => Math.round((count / ms) * 1000);

export const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * Runs every contender once per round, in turn, for `runs` rounds after `warmup` rounds, and returns
 * each one's median wall time in milliseconds: on a shared machine a busy spell then hits them all.
 */
export const medianMsEach = <K extends string>(works: Record<K, () => void>, runs = 9, warmup = 3): Record<K, number> => {
  const names = Object.keys(works) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const name of names) {
      const start = process.hrtime.bigint();
      works[name]();
      if (round >= warmup) times.get(name)!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(names.map((name) => [name, median(times.get(name)!)])) as Record<K, number>;
};
