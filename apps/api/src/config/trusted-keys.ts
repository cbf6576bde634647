import { Ed25519Jwk, thumbprintOf } from '@matchlog/audit';
import { createPublicKey } from 'crypto';
import { readFileSync } from 'fs';
import { PUBLISHED_KEY_IDS } from '../signing/published-keys';
import { ConfigError } from './config-error';

const VARIABLE = 'MATCHLOG_TRUSTED_KEYS';
const SAVE_IT = "save the other server's GET /.well-known/jwks.json as it is served";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * MATCHLOG_TRUSTED_KEYS: the public keys of other servers whose exports this one imports, a JWKS file
 * as a server serves it at /.well-known/jwks.json. Only Ed25519 public keys (kty OKP, crv Ed25519);
 * a private key (a `d` member) is refused, as it must never leave the server it signs for.
 * Throws a ConfigError naming the variable on anything else.
 */
export const trustedKeysOf = (file: string): Ed25519Jwk[] => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${VARIABLE}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): it must name a JWKS file; ${SAVE_IT}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`${VARIABLE}: ${file} is not JSON: it must be a JWKS ({"keys":[…]}); ${SAVE_IT}`);
  }
  if (!isRecord(value) || !Array.isArray(value.keys)) throw new ConfigError(`${VARIABLE}: ${file} is not a JWKS ({"keys":[…]}); ${SAVE_IT}`);
  if (value.keys.length === 0) throw new ConfigError(`${VARIABLE}: ${file} holds no key; ${SAVE_IT}, or unset ${VARIABLE}`);
  return value.keys.map((key, index) => trustedKeyOf(key, `${VARIABLE}: key ${index + 1} of ${file}`));
};

const trustedKeyOf = (key: unknown, where: string): Ed25519Jwk => {
  if (!isRecord(key)) throw new ConfigError(`${where} is not a JWK (an object such as {"kty":"OKP","crv":"Ed25519","x":…})`);
  // first: whatever else is wrong with it, a private key in this file is the operator's first problem
  if ('d' in key)
    throw new ConfigError(
      `${where} is a private key (it has a "d" member): put only public keys here, as /.well-known/jwks.json serves them. A private key must never leave the server that signs with it; if this one was copied off its server, give that server a new signing key`,
    );
  if (key.kty !== 'OKP' || key.crv !== 'Ed25519')
    throw new ConfigError(`${where} is kty ${JSON.stringify(key.kty)}, crv ${JSON.stringify(key.crv)}: matchlog signs with Ed25519 only (kty "OKP", crv "Ed25519")`);
  if (key.use !== undefined && key.use !== 'sig') throw new ConfigError(`${where} is for use ${JSON.stringify(key.use)}: a key that signs chain heads is "use":"sig"`);
  const x = key.x;
  if (typeof x !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(x) || Buffer.from(x, 'base64url').toString('base64url') !== x)
    throw new ConfigError(`${where} has no Ed25519 public key in "x" (32 bytes in base64url, 43 characters)`);
  try {
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  } catch (error) {
    throw new ConfigError(`${where} is not an Ed25519 public key: ${(error as Error).message}`);
  }
  const jwk = { kty: 'OKP', crv: 'Ed25519', x } as const;
  const kid = thumbprintOf(jwk);
  if (key.kid !== undefined && key.kid !== kid)
    throw new ConfigError(`${where} names kid ${JSON.stringify(key.kid)}, but its thumbprint (RFC 7638) is ${kid}: ${SAVE_IT}, unchanged`);
  if (PUBLISHED_KEY_IDS.has(kid))
    throw new ConfigError(`${where} is the example key committed with matchlog (kid ${kid}), whose private half anyone can read: an export it signs proves nothing. Remove it`);
  return { ...jwk, kid };
};
