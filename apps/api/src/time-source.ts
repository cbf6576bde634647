import { Entropy, TimeSource } from '@matchlog/matches';
import { randomBytes, randomUUID } from 'crypto';

export type { TimeSource };

export const TIME_SOURCE = Symbol('TIME_SOURCE');

export const systemTime: TimeSource = { now: () => Date.now() };

/** node:crypto's: every salt and id the server draws. */
export const systemEntropy: Entropy = { uuid: () => randomUUID(), hex: (bytes) => randomBytes(bytes).toString('hex') };
