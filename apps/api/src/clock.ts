/** The server's clock, injected (CLOCK) so tests control time; the domain takes `now` as a parameter. */
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };
