// Exports the signed token of an affiliate invitation's "no more invitations" link
// (signInviteRefusalToken, verifyInviteRefusalToken): one module so signing and checking agree.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '#src/env.ts';
import { deriveKey } from '#src/identity/app-secret.ts';

export interface InviteRefusalClaims {
  storeId: string;
  inviteId: string;
}

type SecretEnv = Pick<Env, 'appSecret' | 'dataDir'>;

const ID = /^[a-z]{3,5}_[0-9a-z]{20}$/;

/** `<storeId>.<inviteId>.<hmac>`, key `deriveKey(env, 'affiliate-invite-refusal')`; it does not expire. */
export function signInviteRefusalToken(env: SecretEnv, claims: InviteRefusalClaims): string {
  const body = `${claims.storeId}.${claims.inviteId}`;
  return `${body}.${signature(env, body)}`;
}

/** The claims of a well-signed token, or null (tampered, truncated, another secret). */
export function verifyInviteRefusalToken(env: SecretEnv, token: string): InviteRefusalClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [storeId = '', inviteId = '', given = ''] = parts;
  if (!ID.test(storeId) || !ID.test(inviteId)) return null;
  const expected = Buffer.from(signature(env, `${storeId}.${inviteId}`));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  return { storeId, inviteId };
}

function signature(env: SecretEnv, body: string): string {
  return createHmac('sha256', deriveKey(env, 'affiliate-invite-refusal')).update(body).digest().subarray(0, 16).toString('base64url');
}
