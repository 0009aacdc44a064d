import { EmailSchema } from '@shopfront/core';
import type { ProviderIdentity } from './types.ts';

/** Small, defensive readers for provider profile fields (anything odd becomes null). */
export function text(value: unknown, max = 100): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.normalize('NFKC').trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
}

/** Canonical exactly as every other sign-in path stores it (EmailSchema: trim, NFKC, lower-case). */
export function emailAddress(value: unknown): string | null {
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Only https photo URLs are kept (they end up in <img src> on our pages). */
export function photoUrl(value: unknown): string | null {
  const url = text(value, 2048);
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** OpenID Connect standard claims (Core §5.1) → identity. `email_verified` must be exactly true. */
export function identityFromOidcClaims(providerUserId: string, claims: Record<string, unknown>): ProviderIdentity {
  // Some providers send "true" as a string; nothing else counts as verified.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    providerUserId,
    email: emailAddress(claims.email),
    emailVerified: verified,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    displayName: text(claims.name),
    photoUrl: photoUrl(claims.picture),
  };
}
