// Exports the public URLs of a campaign message (unsubscribeUrl, clickUrl, openPixelUrl), each
// carrying a token from email-link-token.ts; the routes live in http/routes/email-links/.
import type { Env } from '#src/env.ts';
import { signEmailLinkToken } from './email-link-token.ts';

type LinkEnv = Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>;
interface Recipient {
  storeId: string;
  recipientId: string;
}

/** The page with one Unsubscribe button (GET) that also takes RFC 8058 one-click POSTs. */
export function unsubscribeUrl(env: LinkEnv, recipient: Recipient): string {
  return `${env.publicUrl}/e/u/${signEmailLinkToken(env, { kind: 'u', ...recipient })}`;
}

/** A tracked link: redirects to link number `linkIndex` of the stored campaign body. */
export function clickUrl(env: LinkEnv, recipient: Recipient & { linkIndex: number }): string {
  return `${env.publicUrl}/e/c/${signEmailLinkToken(env, { kind: 'c', ...recipient })}`;
}

/** The 1×1 open-tracking GIF. */
export function openPixelUrl(env: LinkEnv, recipient: Recipient): string {
  return `${env.publicUrl}/e/o/${signEmailLinkToken(env, { kind: 'o', ...recipient })}.gif`;
}
