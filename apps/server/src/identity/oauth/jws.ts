import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * Compact JWS (RFC 7515) parsing and signature checks on node:crypto, for ID tokens only
 * (docs/decisions: no JOSE library is installed). Asymmetric algorithms only: `none` and the
 * HMAC family are refused, so a token can never be "signed" with a public value.
 */
export const JWS_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
export type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];

/** A public JSON Web Key as a JWKS lists it. */
export interface Jwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  crv?: string;
  n?: string;
  e?: string;
  x?: string;
  y?: string;
  [member: string]: unknown;
}

export interface DecodedJws {
  header: { alg: string; kid?: string; [member: string]: unknown };
  payload: Record<string, unknown>;
  signingInput: Buffer;
  signature: Buffer;
}

/** ID tokens are small; a bigger one is refused before any parsing work. */
export const MAX_JWS_LENGTH = 16_384;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HASH_BY_SIZE = { '256': 'sha256', '384': 'sha384', '512': 'sha512' } as const;
const EC_CURVES = { ES256: { crv: 'P-256', size: 32 }, ES384: { crv: 'P-384', size: 48 }, ES512: { crv: 'P-521', size: 66 } } as const;
const MIN_RSA_BITS = 2048;

export class JwsError extends Error {
  override name = 'JwsError';
}

export function isJwsAlgorithm(value: unknown): value is JwsAlgorithm {
  return typeof value === 'string' && (JWS_ALGORITHMS as readonly string[]).includes(value);
}

/** Splits and decodes a compact JWS without trusting anything in it yet. */
export function decodeJws(token: string): DecodedJws {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_JWS_LENGTH) {
    throw new JwsError('token is empty or too long');
  }
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !BASE64URL.test(part)) || !parts[2]) {
    throw new JwsError('token is not a compact JWS');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseJsonObject(headerPart, 'header');
  const payload = parseJsonObject(payloadPart, 'payload');
  if (typeof header.alg !== 'string') throw new JwsError('header has no alg');
  if (header.kid !== undefined && typeof header.kid !== 'string') throw new JwsError('header kid is not a string');
  // RFC 7515 §4.1.11: an unknown critical extension must make the token invalid.
  if (header.crit !== undefined) throw new JwsError('critical header extensions are not supported');
  return {
    header: header as DecodedJws['header'],
    payload,
    signingInput: Buffer.from(`${headerPart}.${payloadPart}`, 'ascii'),
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

/** True when `signature` is a valid `alg` signature over `signingInput` by `jwk`. */
export function verifyJwsSignature(alg: JwsAlgorithm, jwk: Jwk, signingInput: Buffer, signature: Buffer): boolean {
  assertKeyFitsAlgorithm(alg, jwk);
  const key = importPublicJwk(jwk);
  if (alg === 'EdDSA') return verify(null, signingInput, key, signature);
  const hash = HASH_BY_SIZE[alg.slice(2) as keyof typeof HASH_BY_SIZE];
  if (alg.startsWith('RS')) return verify(hash, signingInput, key, signature);
  if (alg.startsWith('PS')) {
    return verify(hash, signingInput, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 }, signature);
  }
  const curve = EC_CURVES[alg as keyof typeof EC_CURVES];
  if (signature.length !== curve.size * 2) return false;
  return verify(hash, signingInput, { key, dsaEncoding: 'ieee-p1363' }, signature);
}

/** Whether this key may be tried for this algorithm (type, curve, declared use and alg). */
export function keyFitsAlgorithm(alg: JwsAlgorithm, jwk: Jwk): boolean {
  try {
    assertKeyFitsAlgorithm(alg, jwk);
    return true;
  } catch {
    return false;
  }
}

function assertKeyFitsAlgorithm(alg: JwsAlgorithm, jwk: Jwk): void {
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new JwsError('key is not a signing key');
  if (jwk.alg !== undefined && jwk.alg !== alg) throw new JwsError('key is declared for another algorithm');
  if (alg.startsWith('RS') || alg.startsWith('PS')) {
    if (jwk.kty !== 'RSA') throw new JwsError('algorithm needs an RSA key');
  } else if (alg === 'EdDSA') {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw new JwsError('EdDSA needs an Ed25519 key');
  } else if (jwk.kty !== 'EC' || jwk.crv !== EC_CURVES[alg as keyof typeof EC_CURVES].crv) {
    throw new JwsError('algorithm needs an EC key on its own curve');
  }
}

function importPublicJwk(jwk: Jwk): KeyObject {
  // Only the public members: a JWKS that leaks private parts must not turn into a private key.
  const { kty, crv, n, e, x, y } = jwk;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: { kty, crv, n, e, x, y } as JsonWebKey, format: 'jwk' });
  } catch {
    throw new JwsError('key is not a valid public JWK');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (kty === 'RSA' && (bits === undefined || bits < MIN_RSA_BITS)) throw new JwsError('RSA key is too short');
  return key;
}

function parseJsonObject(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new JwsError(`${what} is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new JwsError(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}
