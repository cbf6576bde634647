/** The time, from outside: the system's, or a test's. */
export interface TimeSource {
  /** milliseconds since the epoch */
  now(): number;
}

/** Randomness, from outside: ids and the salts the server draws. */
export interface Entropy {
  uuid(): string;
  /** `bytes` random bytes, hex */
  hex(bytes: number): string;
}
