// Exports smtp2goWebhookToken (the store's webhook bearer token), its check and the webhook URL.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '#src/identity/app-secret.ts';
import type { SecretEnv } from '#src/identity/sealed-secret.ts';

/**
 * The shared secret smtp2go sends with each webhook call of one store (`Authorization: Bearer …`,
 * set through `auth_header_type: bearer` when the webhook is created). Derived from the server
 * secret and the store id, so nothing extra is stored and one store's token is useless for
 * another's URL. Changing APP_SECRET changes every token: run "Retry webhook" for each store then.
 */
export function smtp2goWebhookToken(env: SecretEnv, storeId: string): string {
  return createHmac('sha256', deriveKey(env, 'smtp2go-webhook')).update(storeId).digest('base64url');
}

/** Timing-safe check of a presented token against the store's own. */
export function isSmtp2goWebhookToken(env: SecretEnv, storeId: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(smtp2goWebhookToken(env, storeId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where smtp2go posts a store's events (http/routes/email-webhooks). */
export function smtp2goWebhookUrl(publicUrl: string, storeId: string): string {
  return `${publicUrl}/api/webhooks/smtp2go/${encodeURIComponent(storeId)}`;
}
