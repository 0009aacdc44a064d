// Exports the members-area emails (enqueueMemberCodeEmail, enqueueMemberAlreadyRegisteredEmail): one module
// because both are branded with the store and queued the same way.
import { membersUrl } from '@shopfront/core';
import type { StoreRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { Executor } from '#src/db/executor.ts';
import { CODE_TTL_MS, MINUTE_MS } from '#src/identity/limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { passwordResetCodeEmail, verificationCodeEmail } from '#src/providers/email/index.ts';
import { brandName, renderEmail } from '#src/providers/email/templates/layout.ts';

/**
 * Members-area codes, branded with the STORE's name (the customer bought from the store, not
 * from Shopfront), queued in the caller's transaction.
 */
export async function enqueueMemberCodeEmail(
  db: Executor,
  options: { store: Pick<StoreRow, 'name'>; email: string; purpose: 'signup' | 'password-reset'; code: string },
) {
  const params = { code: options.code, productName: options.store.name, expiresInMinutes: CODE_TTL_MS / MINUTE_MS };
  const rendered = options.purpose === 'signup' ? verificationCodeEmail(params) : passwordResetCodeEmail(params);
  await enqueueEmail(db, { to: options.email, ...rendered, tags: [`member-${options.purpose}-code`] });
}

/**
 * Sent instead of a signup code when the address already has an account at this store: the
 * owner of the inbox learns it, whoever asked does not (the function answers the same).
 */
export async function enqueueMemberAlreadyRegisteredEmail(
  db: Executor,
  options: { env: Pick<Env, 'publicUrl'>; store: Pick<StoreRow, 'name' | 'slug'>; email: string },
) {
  const storeName = brandName({ productName: options.store.name });
  const rendered = renderEmail(storeName, {
    subject: `You already have an account at ${storeName}`,
    preheader: 'Sign in with your password, or reset it.',
    heading: 'You already have an account',
    blocks: [
      { kind: 'paragraph', text: `Someone asked to create an account at ${storeName} with this email address, which already has one.` },
      { kind: 'action', label: 'Sign in', url: membersUrl(options.store, { origin: options.env.publicUrl, page: 'login' }) },
      { kind: 'note', text: 'Forgot your password? Use “Forgot password” on the sign-in page. If this was not you, you can ignore this email.' },
    ],
  });
  await enqueueEmail(db, { to: options.email, ...rendered, tags: ['member-already-registered'] });
}
