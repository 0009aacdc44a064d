// Exports the signed token of the consent confirmation link (signConsentToken, verifyConsentToken):
// one module so signing and checking cannot drift apart.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '#src/env.ts';
import { deriveKey } from '#src/identity/app-secret.ts';

export interface ConsentClaims {
  storeId: string;
  customerId: string;
  /** When the link was sent: a withdrawal after it makes the link stale. */
  issuedAt: Date;
}

type SecretEnv = Pick<Env, 'appSecret' | 'dataDir'>;

const ID = /^[a-z]{3,5}_[0-9a-z]{20}$/;
const TIME = /^[0-9a-z]{1,12}$/;
const SIGNATURE_BYTES = 16;

/** `<storeId>.<customerId>.<issued ms, base 36>.<hmac>`, key `deriveKey(env, 'consent-confirm')`. */
export function signConsentToken(env: SecretEnv, claims: ConsentClaims): string {
  const body = `${claims.storeId}.${claims.customerId}.${claims.issuedAt.getTime().toString(36)}`;
  return `${body}.${signature(env, body)}`;
}

/** The claims of a well-signed token, or null (tampered, truncated, another secret). Expiry is the caller's. */
export function verifyConsentToken(env: SecretEnv, token: string): ConsentClaims | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [storeId = '', customerId = '', issued = '', given = ''] = parts;
  if (!ID.test(storeId) || !ID.test(customerId) || !TIME.test(issued)) return null;
  const body = `${storeId}.${customerId}.${issued}`;
  // Compared as text: a second spelling of the same bytes is no valid token.
  const expected = Buffer.from(signature(env, body));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  return { storeId, customerId, issuedAt: new Date(parseInt(issued, 36)) };
}

function signature(env: SecretEnv, body: string): string {
  return createHmac('sha256', deriveKey(env, 'consent-confirm')).update(body).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}
