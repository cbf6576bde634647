/** A rate with its 95% Wilson score interval; `lowSample` below MIN_SAMPLE games. */
export interface Rate {
  readonly wins: number;
  readonly games: number;
  /** wins / games, null with no games */
  readonly rate: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly lowSample: boolean;
}

/** Fewer games than this and a rate comes back marked `lowSample`. */
export const MIN_SAMPLE = 30;
const Z = 1.959963984540054;

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Wilson's score interval (Wilson 1927) at 95%: centre (p + z²/2n) / (1 + z²/n), half-width z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). */
export const wilson = (wins: number, games: number): Rate => {
  if (games <= 0) return { wins: 0, games: 0, rate: null, low: null, high: null, lowSample: true };
  const p = wins / games;
  const z2 = Z * Z;
  const denominator = 1 + z2 / games;
  const centre = (p + z2 / (2 * games)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / denominator;
  return { wins, games, rate: round(p), low: round(Math.max(0, centre - half)), high: round(Math.min(1, centre + half)), lowSample: games < MIN_SAMPLE };
};
