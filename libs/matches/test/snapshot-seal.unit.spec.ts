import { randomBytes } from 'crypto';
import { generateKeyPairSync } from 'crypto';
import { openSnapshot, sealSnapshot, snapshotKeyOf } from '../src/snapshot/snapshot-seal';
import { chainedMatch, snapshotAt } from './support/snapshots';

const events = chainedMatch(
  'lorcana',
  Array.from({ length: 160 }, (_, i) => (i * 7919) % 1009),
);
const snapshot = snapshotAt(events, 100);
const key = snapshotKeyOf(generateKeyPairSync('ed25519').privateKey);
const json = (value: unknown) => JSON.stringify(value);

describe('a sealed snapshot', () => {
  it('opens to what was sealed, whatever order the store gives its fields back in', () => {
    const { body, mac, hash, revision, version } = sealSnapshot(key, snapshot);
    const reordered = JSON.parse(JSON.stringify({ mac, body, version, hash, revision })) as unknown;
    expect(json(openSnapshot(key, reordered))).toBe(json({ ...JSON.parse(body), version, revision, hash }));
    expect(openSnapshot(key, reordered)).toEqual(snapshot);
  });

  it('does not open with another key, nor once any of it is changed: the store alone cannot forge one', () => {
    const sealed = sealSnapshot(key, snapshot);
    expect(openSnapshot(snapshotKeyOf(generateKeyPairSync('ed25519').privateKey), sealed)).toBeUndefined();
    expect(openSnapshot(key, sealSnapshot(randomBytes(32), snapshot))).toBeUndefined();
    expect(openSnapshot(key, { ...sealed, body: sealed.body.replace('"public"', '"p1"') })).toBeUndefined();
    expect(openSnapshot(key, { ...sealed, revision: sealed.revision + 1 })).toBeUndefined();
    expect(openSnapshot(key, { ...sealed, hash: 'f'.repeat(64) })).toBeUndefined();
    expect(openSnapshot(key, { ...sealed, mac: sealed.mac.slice(2) })).toBeUndefined();
    expect(openSnapshot(key, snapshot)).toBeUndefined();
    expect(openSnapshot(key, null)).toBeUndefined();
  });
});
