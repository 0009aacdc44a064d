import { timingSafeEqual } from 'node:crypto';
import { decodeJws, isJwsAlgorithm, keyFitsAlgorithm, verifyJwsSignature, type Jwk, type JwsAlgorithm } from './jws.ts';

/**
 * OpenID Connect Core 1.0 §3.1.3.7 ID token validation: signature against the issuer's JWKS,
 * then `iss`, `aud`/`azp`, `exp`/`iat`/`nbf` with a small clock skew, and `nonce`.
 */
export const DEFAULT_CLOCK_SKEW_SECONDS = 60;

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  azp?: string;
  email?: unknown;
  email_verified?: unknown;
  [claim: string]: unknown;
}

export interface ClaimExpectations {
  /** Accepted `iss` values (exact match). */
  issuers: readonly string[];
  clientId: string;
  nonce: string;
  now: Date;
  clockSkewSeconds?: number;
}

export interface VerifyIdTokenOptions extends ClaimExpectations {
  /** The issuer's signing keys; `refresh: true` asks for a fresh copy after a key rotation. */
  getKeys(options: { refresh: boolean }): Promise<Jwk[]>;
  allowedAlgorithms?: readonly JwsAlgorithm[];
}

export const ID_TOKEN_FAILURES = {
  malformed: 'malformed',
  algorithm: 'algorithm',
  key: 'key',
  signature: 'signature',
  issuer: 'issuer',
  audience: 'audience',
  expired: 'expired',
  notYetValid: 'not-yet-valid',
  nonce: 'nonce',
  subject: 'subject',
} as const;
export type IdTokenFailure = (typeof ID_TOKEN_FAILURES)[keyof typeof ID_TOKEN_FAILURES];

/** Why a token was refused, for the log; users only ever see a generic message. */
export class IdTokenError extends Error {
  override name = 'IdTokenError';
  constructor(readonly reason: IdTokenFailure, detail?: string) {
    super(detail ? `ID token refused (${reason}): ${detail}` : `ID token refused (${reason})`);
  }
}

export async function verifyIdToken(token: string, options: VerifyIdTokenOptions): Promise<IdTokenClaims> {
  let decoded;
  try {
    decoded = decodeJws(token);
  } catch (error) {
    throw new IdTokenError(ID_TOKEN_FAILURES.malformed, (error as Error).message);
  }
  const { alg, kid } = decoded.header;
  const allowed = options.allowedAlgorithms ?? ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
  if (!isJwsAlgorithm(alg) || !allowed.includes(alg)) throw new IdTokenError(ID_TOKEN_FAILURES.algorithm, String(alg));

  let candidates = pickKeys(await options.getKeys({ refresh: false }), alg, kid);
  // An unknown kid usually means the issuer rotated its keys since we cached them.
  if (candidates.length === 0) candidates = pickKeys(await options.getKeys({ refresh: true }), alg, kid);
  if (candidates.length === 0) throw new IdTokenError(ID_TOKEN_FAILURES.key, kid ? `no key ${kid}` : 'no usable key');

  const valid = candidates.some((jwk) => {
    try {
      return verifyJwsSignature(alg, jwk, decoded.signingInput, decoded.signature);
    } catch {
      return false;
    }
  });
  if (!valid) throw new IdTokenError(ID_TOKEN_FAILURES.signature);
  return checkIdTokenClaims(decoded.payload, options);
}

/**
 * The claim checks alone. Used directly only for a token received straight from a fixed
 * provider's token endpoint over TLS, where Core §3.1.3.7 step 6 allows skipping the signature.
 */
export function checkIdTokenClaims(payload: Record<string, unknown>, expected: ClaimExpectations): IdTokenClaims {
  const skew = expected.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
  const now = Math.floor(expected.now.getTime() / 1000);
  const { iss, sub, aud, azp, exp, iat, nbf, nonce } = payload;

  if (typeof iss !== 'string' || !expected.issuers.includes(iss)) throw new IdTokenError(ID_TOKEN_FAILURES.issuer, String(iss));
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.includes(expected.clientId)) throw new IdTokenError(ID_TOKEN_FAILURES.audience);
  // Core §3.1.3.7 steps 4–5: with several audiences, we must be the authorized party.
  if ((audiences.length > 1 || azp !== undefined) && azp !== expected.clientId) {
    throw new IdTokenError(ID_TOKEN_FAILURES.audience, 'azp');
  }
  if (!isNumericDate(exp) || !isNumericDate(iat)) throw new IdTokenError(ID_TOKEN_FAILURES.malformed, 'exp/iat');
  if (exp <= now - skew) throw new IdTokenError(ID_TOKEN_FAILURES.expired);
  if (iat > now + skew) throw new IdTokenError(ID_TOKEN_FAILURES.notYetValid, 'iat');
  if (nbf !== undefined && (!isNumericDate(nbf) || nbf > now + skew)) throw new IdTokenError(ID_TOKEN_FAILURES.notYetValid, 'nbf');
  if (typeof nonce !== 'string' || !constantTimeEquals(nonce, expected.nonce)) throw new IdTokenError(ID_TOKEN_FAILURES.nonce);
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw new IdTokenError(ID_TOKEN_FAILURES.subject);
  return payload as IdTokenClaims;
}

function pickKeys(keys: Jwk[], alg: JwsAlgorithm, kid: string | undefined): Jwk[] {
  const fitting = keys.filter((jwk) => keyFitsAlgorithm(alg, jwk));
  if (kid !== undefined) return fitting.filter((jwk) => jwk.kid === kid);
  // Without a kid, RFC 7517 lets us pick, but only when the choice is unambiguous.
  return fitting.length === 1 ? fitting : [];
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
