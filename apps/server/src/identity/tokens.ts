import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (256 bits): session tokens, sign-in links, MFA challenges. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (SECURITY "stored hashed"). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
