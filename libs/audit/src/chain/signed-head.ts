import { KeyObject, createHash, createPublicKey, sign, verify } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** An Ed25519 public key as a JWK (RFC 8037: kty OKP, crv Ed25519, x the key in base64url). */
export interface Ed25519Jwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly x: string;
  readonly kid?: string;
}

/**
 * What the server signs: a match's chain head at a revision, when, with which key, and what for.
 * `purpose` tells an export's last line from a receipt, which any audience may take at any revision:
 * a log cut back to where someone took a receipt can not pass the receipt off as its export head.
 */
export interface HeadPayload {
  readonly purpose: 'export' | 'receipt';
  readonly matchId: string;
  readonly revision: number;
  /** the hash of the event at `revision` (meta.hash) */
  readonly hash: string;
  /** when it was signed (ISO 8601), from the server's time source */
  readonly time: string;
  /** the signing key's RFC 7638 thumbprint */
  readonly kid: string;
}

/**
 * A signed chain head: the last line of an export (`{"signedHead":…}`) and the body of a receipt.
 * `signature` is Ed25519 over canonicalJson(head), base64url; `jwk` is the signer's public key, so
 * an unpinned check can verify and name it; pinning (`matchlog verify --key`) decides whether it is
 * the server's.
 */
export interface SignedHead {
  readonly head: HeadPayload;
  readonly signature: string;
  readonly jwk: Ed25519Jwk;
}

/** The RFC 7638 JWK thumbprint: base64url of SHA-256 over {"crv","kty","x"} with no whitespace, keys sorted. */
export const thumbprintOf = (jwk: Ed25519Jwk): string =>
  createHash('sha256')
    .update(canonicalJson({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest('base64url');

/** The public JWK of an Ed25519 key (private or public), with its thumbprint as `kid`. */
export const publicJwkOf = (key: KeyObject): Ed25519Jwk => {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key must be Ed25519, not ${publicKey.asymmetricKeyType}`);
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string };
  const jwk = { kty: 'OKP', crv: 'Ed25519', x } as const;
  return { ...jwk, kid: thumbprintOf(jwk) };
};

/** The JWKS (RFC 7517) publishing these keys for signature checks. */
export const jwksOf = (keys: readonly KeyObject[]) => ({ keys: keys.map((key) => ({ ...publicJwkOf(key), use: 'sig', alg: 'EdDSA' })) });

/** The head signed with `privateKey`; `time` comes from the caller's time source. */
export const signHead = (fields: Omit<HeadPayload, 'kid'>, privateKey: KeyObject): SignedHead => {
  const jwk = publicJwkOf(privateKey);
  const head: HeadPayload = { purpose: fields.purpose, matchId: fields.matchId, revision: fields.revision, hash: fields.hash, time: fields.time, kid: jwk.kid! };
  const signature = sign(null, Buffer.from(canonicalJson(head)), privateKey).toString('base64url');
  return { head, signature, jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } };
};

/** Whether the signature holds for the head under the key it carries, and `kid` names that key. */
export const signatureHolds = (signed: SignedHead): boolean => {
  if (signed.head.kid !== thumbprintOf(signed.jwk)) return false;
  // one spelling per signature: base64url's spare bits in the last character must be zero
  if (Buffer.from(signed.signature, 'base64url').toString('base64url') !== signed.signature) return false;
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: signed.jwk.x }, format: 'jwk' });
    return verify(null, Buffer.from(canonicalJson(signed.head)), key, Buffer.from(signed.signature, 'base64url'));
  } catch {
    return false;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const B64URL = /^[A-Za-z0-9_-]+$/;

const isJwk = (value: unknown): value is Ed25519Jwk => isRecord(value) && value.kty === 'OKP' && value.crv === 'Ed25519' && typeof value.x === 'string' && B64URL.test(value.x);

const hasExactly = (value: Record<string, unknown>, keys: readonly string[]): boolean => {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
};

/** The signed head a value holds (an export's head line or a receipt), or why it is not one. Nothing beside what the signature covers. */
export const signedHeadOf = (value: unknown): SignedHead | { error: string } => {
  const expected = 'expected exactly {"head":{"purpose","matchId","revision","hash","time","kid"},"signature","jwk":{"kty":"OKP","crv":"Ed25519","x"}}';
  const wrong = { error: `is not a signed head: ${expected}` };
  if (
    !isRecord(value) ||
    !hasExactly(value, ['head', 'signature', 'jwk']) ||
    !isRecord(value.head) ||
    typeof value.signature !== 'string' ||
    !B64URL.test(value.signature) ||
    !isJwk(value.jwk)
  )
    return wrong;
  if (!hasExactly(value.jwk as unknown as Record<string, unknown>, ['kty', 'crv', 'x']) || !hasExactly(value.head, ['purpose', 'matchId', 'revision', 'hash', 'time', 'kid']))
    return wrong;
  const { purpose, matchId, revision, hash, time, kid } = value.head;
  if (
    (purpose !== 'export' && purpose !== 'receipt') ||
    typeof matchId !== 'string' ||
    !Number.isSafeInteger(revision) ||
    (revision as number) < 1 ||
    typeof hash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(hash) ||
    typeof time !== 'string' ||
    typeof kid !== 'string'
  ) {
    return wrong;
  }
  return value as unknown as SignedHead;
};

/**
 * Public keys to pin from a file's text: a JWKS ({"keys":[…]}), a single JWK, or a PEM public key
 * (a PEM private key gives its public half). Only Ed25519 keys count.
 */
export const pinnedKeysOf = (text: string): Ed25519Jwk[] | { error: string } => {
  if (text.includes('-----BEGIN')) {
    try {
      return [publicJwkOf(createPublicKey(text))];
    } catch (error) {
      return { error: `is not an Ed25519 PEM key (${(error as Error).message})` };
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'is neither a JWKS, a JWK nor a PEM public key' };
  }
  const candidates = isRecord(value) && Array.isArray(value.keys) ? value.keys : [value];
  const keys = candidates.filter(isJwk).map((jwk) => ({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid: thumbprintOf(jwk) }));
  return keys.length > 0 ? keys : { error: 'holds no Ed25519 key (a JWK with "kty":"OKP","crv":"Ed25519")' };
};
