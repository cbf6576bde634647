import { randomBytes } from 'crypto';
import { generateKeyPairSync } from 'crypto';
import { signSnapshot, snapshotSigningKeyOf, verifySnapshot } from '../src/snapshot/snapshot-signature';
import { chainedMatch, snapshotAt } from './support/snapshots';

const events = chainedMatch(
  'lorcana',
  Array.from({ length: 160 }, (_, i) => (i * 7919) % 1009),
);
const snapshot = snapshotAt(events, 100);
const key = snapshotSigningKeyOf(generateKeyPairSync('ed25519').privateKey);
const json = (value: unknown) => JSON.stringify(value);

describe('a signed snapshot', () => {
  it('verifies to what was signed, whatever order the store gives its fields back in', () => {
    const { body, mac, hash, revision, version } = signSnapshot(key, snapshot);
    const reordered = JSON.parse(JSON.stringify({ mac, body, version, hash, revision })) as unknown;
    expect(json(verifySnapshot(key, reordered))).toBe(json({ ...JSON.parse(body), version, revision, hash }));
    expect(verifySnapshot(key, reordered)).toEqual(snapshot);
  });

  it('does not verify with another key, nor once any of it is changed: the store alone cannot forge one', () => {
    const signed = signSnapshot(key, snapshot);
    expect(verifySnapshot(snapshotSigningKeyOf(generateKeyPairSync('ed25519').privateKey), signed)).toBeUndefined();
    expect(verifySnapshot(key, signSnapshot(randomBytes(32), snapshot))).toBeUndefined();
    expect(verifySnapshot(key, { ...signed, body: signed.body.replace('"public"', '"p1"') })).toBeUndefined();
    expect(verifySnapshot(key, { ...signed, revision: signed.revision + 1 })).toBeUndefined();
    expect(verifySnapshot(key, { ...signed, hash: 'f'.repeat(64) })).toBeUndefined();
    expect(verifySnapshot(key, { ...signed, mac: signed.mac.slice(2) })).toBeUndefined();
    expect(verifySnapshot(key, snapshot)).toBeUndefined();
    expect(verifySnapshot(key, null)).toBeUndefined();
  });
});
