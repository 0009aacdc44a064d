// Exports the signed download tokens (signDownloadToken, readDownloadToken) and the URLs made of them
// (fileDownloadUrl, memberFileDownloadUrl, orderAccessUrl): one module because they share the key and the token format.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '#src/env.ts';
import { deriveKey } from '#src/identity/app-secret.ts';

/**
 * Signed, expiring, opaque delivery tokens (SECURITY "Downloads"). Three kinds:
 * - `file`: one file of one order, short-lived (COMMERCE_LIMITS.downloadLinkTtlMs), served at
 *   `GET /api/downloads/file/:token`;
 * - `order`: the receipt email's access link (COMMERCE_LIMITS.receiptLinkTtlMs), served at
 *   `GET /api/downloads/:token`, which lists the order's files with fresh `file` links;
 * - `member-file`: one file of a membership's tier, short-lived like `file`, served at the same
 *   route while the membership's access lasts (docs/memberships.md "Tier files").
 * A token only names ids; the route still looks the file up within the order, its product and
 * its store, and refuses refunded orders.
 */
export type DownloadToken =
  | { kind: 'file'; orderId: string; fileId: string; expiresAt: number }
  | { kind: 'order'; orderId: string; expiresAt: number }
  | { kind: 'member-file'; membershipId: string; fileId: string; expiresAt: number };

type KeyEnv = Pick<Env, 'appSecret' | 'dataDir'>;

function sign(env: KeyEnv, body: string): string {
  return createHmac('sha256', deriveKey(env, 'download-links')).update(body).digest('base64url');
}

export function signDownloadToken(env: KeyEnv, token: DownloadToken): string {
  const parts =
    token.kind === 'file'
      ? ['f', token.orderId, token.fileId, token.expiresAt]
      : token.kind === 'member-file'
        ? ['m', token.membershipId, token.fileId, token.expiresAt]
        : ['o', token.orderId, token.expiresAt];
  const body = Buffer.from(parts.join('.'), 'utf8').toString('base64url');
  return `${body}.${sign(env, body)}`;
}

/** Null when malformed or the signature is wrong; `expired` when it was valid but is too old. */
export function readDownloadToken(env: KeyEnv, value: string, now: Date): DownloadToken | 'expired' | null {
  const match = /^([A-Za-z0-9_-]{8,400})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, body, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(env, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const parts = Buffer.from(body, 'base64url').toString('utf8').split('.');
  const token = parseParts(parts);
  if (!token) return null;
  return token.expiresAt <= now.getTime() ? 'expired' : token;
}

function parseParts(parts: string[]): DownloadToken | null {
  const id = /^[a-z]+_[a-z0-9]{20}$/;
  if (parts[0] === 'f' && parts.length === 4 && id.test(parts[1]!) && id.test(parts[2]!)) {
    return { kind: 'file', orderId: parts[1]!, fileId: parts[2]!, expiresAt: Number(parts[3]) };
  }
  if (parts[0] === 'm' && parts.length === 4 && id.test(parts[1]!) && id.test(parts[2]!)) {
    return { kind: 'member-file', membershipId: parts[1]!, fileId: parts[2]!, expiresAt: Number(parts[3]) };
  }
  if (parts[0] === 'o' && parts.length === 3 && id.test(parts[1]!)) {
    return { kind: 'order', orderId: parts[1]!, expiresAt: Number(parts[2]) };
  }
  return null;
}

/** Absolute URLs (PUBLIC_URL), for emails and the members area. */
export function fileDownloadUrl(env: KeyEnv & Pick<Env, 'publicUrl'>, orderId: string, fileId: string, expiresAt: Date): string {
  return `${env.publicUrl.replace(/\/$/, '')}/api/downloads/file/${signDownloadToken(env, { kind: 'file', orderId, fileId, expiresAt: expiresAt.getTime() })}`;
}

export function memberFileDownloadUrl(env: KeyEnv & Pick<Env, 'publicUrl'>, membershipId: string, fileId: string, expiresAt: Date): string {
  return `${env.publicUrl.replace(/\/$/, '')}/api/downloads/file/${signDownloadToken(env, { kind: 'member-file', membershipId, fileId, expiresAt: expiresAt.getTime() })}`;
}

export function orderAccessUrl(env: KeyEnv & Pick<Env, 'publicUrl'>, orderId: string, expiresAt: Date): string {
  return `${env.publicUrl.replace(/\/$/, '')}/api/downloads/${signDownloadToken(env, { kind: 'order', orderId, expiresAt: expiresAt.getTime() })}`;
}
