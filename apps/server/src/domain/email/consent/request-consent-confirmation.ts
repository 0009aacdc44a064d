import { membersUrl } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailSuppressions } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { hitLimit, type LimitRule } from '#src/identity/rate-limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { consentConfirmationEmail } from '#src/providers/email/templates/consent-confirmation.ts';
import { CONSENT_CONFIRMATION_LIMITS } from './consent-confirmation-limits.ts';
import { signConsentToken } from './consent-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConsentRequest {
  store: { id: string; name: string; slug: string };
  customer: { id: string; email: string };
  now: Date;
}

/**
 * Someone ticked the opt-in box with an address that withdrew its consent: the address itself
 * is asked, by one email with a signed confirmation link, and nothing else changes. No email to a
 * bounced or complaining address, and at most `CONSENT_CONFIRMATION_LIMITS` of them (per store and
 * address, per address), counted in the shared `rate_limits` table; past them the request is
 * dropped quietly (the checkout that asked must not fail). Run it in the caller's transaction, so
 * the email exists only if the order does. Answers whether an email was queued.
 */
export async function requestConsentConfirmation(
  tx: Executor,
  env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>,
  request: ConsentRequest,
): Promise<boolean> {
  const { store, customer, now } = request;
  const [blocked] = await tx
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.storeId, store.id), eq(emailSuppressions.email, customer.email), inArray(emailSuppressions.reason, ['bounced', 'complained'])))
    .limit(1);
  if (blocked) return false;
  const rules: LimitRule[] = [
    { key: `consent-confirm:store:${store.id}:${customer.email}`, windowMs: DAY_MS, limit: CONSENT_CONFIRMATION_LIMITS.perAddressPerStorePerDay },
    { key: `consent-confirm:email:${customer.email}`, windowMs: DAY_MS, limit: CONSENT_CONFIRMATION_LIMITS.perAddressPerDay },
  ];
  for (const rule of rules) {
    if (!(await hitLimit(tx, rule, now)).allowed) return false;
  }
  const token = signConsentToken(env, { storeId: store.id, customerId: customer.id, issuedAt: now });
  const rendered = consentConfirmationEmail({
    productName: store.name,
    confirmUrl: `${env.publicUrl.replace(/\/$/, '')}/e/confirm/${token}`,
    membersUrl: membersUrl(store, { origin: env.publicUrl }),
    linkDays: CONSENT_CONFIRMATION_LIMITS.linkTtlDays,
  });
  await enqueueEmail(tx, { to: customer.email, ...rendered, tags: ['consent-confirmation'] });
  return true;
}
