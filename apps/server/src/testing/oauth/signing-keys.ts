import { constants, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { Jwk, JwsAlgorithm } from '#src/identity/oauth/jws.ts';

/** A test signing key: the private half signs, `publicJwk` goes in the JWKS. */
export interface TestSigningKey {
  alg: JwsAlgorithm;
  kid: string;
  privateKey: KeyObject;
  publicJwk: Jwk;
  /** The private key as a JWK, for an identity provider's own configuration. */
  privateJwk: Jwk;
}

const EC_CURVE = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' } as const;

export function createSigningKey(alg: JwsAlgorithm = 'RS256', options: { rsaBits?: number } = {}): TestSigningKey {
  const pair =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : alg.startsWith('ES')
        ? generateKeyPairSync('ec', { namedCurve: EC_CURVE[alg as keyof typeof EC_CURVE] })
        : generateKeyPairSync('rsa', { modulusLength: options.rsaBits ?? 2048 });
  const kid = randomUUID();
  const publicJwk = { ...(pair.publicKey.export({ format: 'jwk' }) as Jwk), kid, alg, use: 'sig' };
  const privateJwk = { ...(pair.privateKey.export({ format: 'jwk' }) as Jwk), kid, alg, use: 'sig' };
  return { alg, kid, privateKey: pair.privateKey, publicJwk, privateJwk };
}

/** A compact JWS over `payload`, exactly as an identity provider would produce it. */
export function signJwt(
  key: TestSigningKey,
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const head = Buffer.from(JSON.stringify({ alg: key.alg, kid: key.kid, typ: 'JWT', ...header })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const input = Buffer.from(`${head}.${body}`);
  const hash = key.alg === 'EdDSA' ? null : `sha${key.alg.slice(2)}`;
  const signature = key.alg.startsWith('ES')
    ? sign(hash, input, { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
    : key.alg.startsWith('PS')
      ? sign(hash, input, { key: key.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(key.alg.slice(2)) / 8 })
      : sign(hash, input, key.privateKey);
  return `${head}.${body}.${signature.toString('base64url')}`;
}

/** The same token with one signature character changed (still valid base64url). */
export function tamperSignature(token: string): string {
  const [head, body, signature = ''] = token.split('.');
  const middle = Math.floor(signature.length / 2);
  const flipped = signature[middle] === 'A' ? 'B' : 'A';
  return `${head}.${body}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
}

/** The payload of a compact JWS, unverified (tests only). */
export function readJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
