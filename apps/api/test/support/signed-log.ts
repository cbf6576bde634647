import { chainEvents, chainHeadOf, signHead, toJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { createPrivateKey } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { TestApp } from './test-app';

/** A log as the test server's own export would be: chained, and signed with its key. */
export const signedLog = (t: TestApp, matchId: string, events: readonly MatchEvent[]): string => {
  const chained = chainEvents(events);
  const key = createPrivateKey(readFileSync(join(t.dataDir, 'signing-key.pem'), 'utf8'));
  return toJsonLines(chained, signHead({ purpose: 'export', matchId, revision: chained.length, hash: chainHeadOf(chained), time: '2026-11-21T16:00:00.000Z' }, key));
};
