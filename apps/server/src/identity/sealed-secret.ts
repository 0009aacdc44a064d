import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';
import { deriveKey } from './app-secret.ts';

export type SecretEnv = Pick<Env, 'appSecret' | 'dataDir'>;

/**
 * Seals a secret the server must read back later (an smtp2go sub-account API key) the way TOTP
 * secrets are sealed: AES-256-GCM under a key derived from the server secret for `purpose`, so
 * each kind of secret has its own key. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function sealSecret(env: SecretEnv, purpose: string, plaintext: string | Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(env, purpose), iv);
  const bytes = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
  const sealed = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** Opens what `sealSecret` stored, as bytes; throws (without the value) when it was not sealed with this key. */
export function openSecretBytes(env: SecretEnv, purpose: string, stored: string): Buffer {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(env, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
}

/** Opens a text secret sealed with `sealSecret`. */
export function openSecret(env: SecretEnv, purpose: string, stored: string): string {
  return openSecretBytes(env, purpose, stored).toString('utf8');
}
