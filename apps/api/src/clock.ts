import { Clock, Entropy } from '@matchlog/matches';
import { randomBytes, randomUUID } from 'crypto';

export type { Clock };

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };

/** node:crypto's: every salt and id the server draws. */
export const systemEntropy: Entropy = { uuid: () => randomUUID(), hex: (bytes) => randomBytes(bytes).toString('hex') };
