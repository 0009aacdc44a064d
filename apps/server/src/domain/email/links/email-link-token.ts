// Exports the signed tokens of public email links (signEmailLinkToken, verifyEmailLinkToken,
// EmailLinkKind): one module so signing and checking cannot drift apart.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '#src/env.ts';
import { deriveKey } from '#src/identity/app-secret.ts';

/** u: unsubscribe, c: click (with the link's index in the stored campaign), o: open pixel. */
export type EmailLinkKind = 'u' | 'c' | 'o';

export interface EmailLinkClaims {
  kind: EmailLinkKind;
  storeId: string;
  recipientId: string;
  /** Click links only: which link of the stored campaign body. */
  linkIndex?: number;
}

type SecretEnv = Pick<Env, 'appSecret' | 'dataDir'>;

const ID = /^[a-z]{3,5}_[0-9a-z]{20}$/;
const SIGNATURE_BYTES = 16;

/**
 * `<storeId>.<recipientId>[.<linkIndex>].<hmac>`: the HMAC (key `deriveKey(env, 'email-links')`)
 * covers the kind, the store, the recipient and the link index, so a token works only for its
 * own kind of link, and a recipient of store A cannot be named under store B.
 */
export function signEmailLinkToken(env: SecretEnv, claims: EmailLinkClaims): string {
  const parts = [claims.storeId, claims.recipientId];
  if (claims.kind === 'c') parts.push(String(claims.linkIndex ?? 0));
  return `${parts.join('.')}.${signature(env, claims)}`;
}

/** The claims of a valid token of `kind`, or null (tampered, truncated, other kind, other secret). */
export function verifyEmailLinkToken(env: SecretEnv, kind: EmailLinkKind, token: string): EmailLinkClaims | null {
  const parts = token.split('.');
  if (parts.length !== (kind === 'c' ? 4 : 3)) return null;
  const [storeId = '', recipientId = ''] = parts;
  if (!ID.test(storeId) || !ID.test(recipientId)) return null;
  let linkIndex: number | undefined;
  if (kind === 'c') {
    const index = parts[2] ?? '';
    if (!/^\d{1,4}$/.test(index)) return null;
    linkIndex = Number(index);
  }
  const claims: EmailLinkClaims = { kind, storeId, recipientId, ...(linkIndex === undefined ? {} : { linkIndex }) };
  const given = Buffer.from(parts.at(-1) ?? '', 'base64url');
  const expected = Buffer.from(signature(env, claims), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return claims;
}

function signature(env: SecretEnv, claims: EmailLinkClaims): string {
  return createHmac('sha256', deriveKey(env, 'email-links'))
    .update(`${claims.kind}:${claims.storeId}:${claims.recipientId}:${claims.kind === 'c' ? (claims.linkIndex ?? 0) : ''}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}
