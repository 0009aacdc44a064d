import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { openSecretBytes, sealSecret, type SecretEnv } from './sealed-secret.ts';

export const TOTP_ISSUER = 'Shopfront';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now (clock drift). */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4226 recommends a 160-bit shared secret. */
export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpCode(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The step a code belongs to, within ±1 step of now and strictly after `lastUsedStep`, so a code
 * once accepted is never accepted again; null when none matches. The clock is injected.
 */
export function matchTotpStep(key: Uint8Array, code: string, now: Date, lastUsedStep: number | null): number | null {
  const submitted = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(submitted)) return null;
  const current = totpStep(now);
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(key, step)), Buffer.from(submitted))) return step;
  }
  return null;
}

export function totpKeyUri(email: string, key: Uint8Array): string {
  return createTOTPKeyURI(TOTP_ISSUER, email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** TOTP secrets are kept encrypted (AES-256-GCM under a key derived from the server secret). */
export function sealTotpKey(env: SecretEnv, key: Uint8Array): string {
  return sealSecret(env, 'totp-secret', key);
}

export function openTotpKey(env: SecretEnv, stored: string): Uint8Array {
  return new Uint8Array(openSecretBytes(env, 'totp-secret', stored));
}
