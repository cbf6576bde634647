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
