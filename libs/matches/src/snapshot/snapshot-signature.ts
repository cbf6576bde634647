import { KeyObject, createHash, createHmac, timingSafeEqual } from 'crypto';
import { MatchSnapshot } from './match-snapshot';

/**
 * A snapshot as the store holds it, signed: its state and seats as one JSON string (`body`, so the bytes
 * the MAC covers are the bytes read back, whatever the store does to JSON), and an HMAC-SHA256 of it with
 * a key only the server holds. The chain hash proves a snapshot was taken at that revision of this log;
 * the MAC proves this server wrote what it holds. Write access to the store is not enough to forge one.
 * The field names are the stored format: snapshots written before read back.
 */
export interface SignedSnapshot {
  readonly version: number;
  readonly revision: number;
  readonly hash: string;
  readonly body: string;
  readonly mac: string;
}

/** The snapshots' MAC key, derived from the server's signing key (a new signing key makes every snapshot unused, not wrong); its label is fixed, as stored snapshots were signed with it. */
export const snapshotSigningKeyOf = (signingKey: KeyObject): Buffer =>
  createHash('sha256')
    .update('matchlog snapshot mac\n')
    .update(signingKey.export({ format: 'der', type: 'pkcs8' }))
    .digest();

const macOf = (key: Buffer, version: number, revision: number, hash: string, body: string): Buffer =>
  createHmac('sha256', key).update(`${version}\n${revision}\n${hash}\n`).update(body).digest();

export const signSnapshot = (key: Buffer, snapshot: MatchSnapshot): SignedSnapshot => {
  const { version, revision, hash, ...content } = snapshot;
  const body = JSON.stringify(content);
  return { version, revision, hash, body, mac: macOf(key, version, revision, hash, body).toString('hex') };
};

/** The snapshot a signed one holds, unchecked but for its MAC (restoreSnapshot checks the rest); undefined when the MAC is not this server's. */
export const verifySnapshot = (key: Buffer, stored: unknown): unknown => {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { version, revision, hash, body, mac } = stored as Partial<Record<keyof SignedSnapshot, unknown>>;
  if (typeof version !== 'number' || typeof revision !== 'number' || typeof hash !== 'string' || typeof body !== 'string' || typeof mac !== 'string') return undefined;
  const expected = macOf(key, version, revision, hash, body);
  const given = Buffer.from(mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return { ...(JSON.parse(body) as object), version, revision, hash };
  } catch {
    return undefined;
  }
};
