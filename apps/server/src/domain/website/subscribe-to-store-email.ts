import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailSuppressions, stores } from '#src/db/schema/index.ts';
import { hitLimit, type LimitRule } from '#src/identity/rate-limits.ts';
import { upsertCustomer } from '../customers/upsert-customer.ts';
import { startRuns } from '../automations/start-runs.ts';

const MINUTE_MS = 60_000;
/** A person signs up once; a script from one address is cut off quickly, a busy site is not. */
export const SUBSCRIBE_LIMITS = Object.freeze({ perIpPerMinute: 10, perStorePerMinute: 600 });

export interface SubscribeToStoreEmailOptions {
  db: Database;
  storeId: string;
  email: string;
  name?: string;
  /** A valid IANA zone from the browser, or absent. */
  timeZone?: string | undefined;
  /** The signup form's block key, when the page's form sent it. */
  form?: string | undefined;
  ip: string;
  now: Date;
}

/**
 * The website's email signup: the store's customer with marketing consent. Anyone can type any
 * address here, so an address that withdrew consent or is suppressed (unsubscribed, bounced,
 * complained) is left exactly as it is, and the answer is the same either way.
 */
export async function subscribeToStoreEmail(options: SubscribeToStoreEmailOptions): Promise<{ subscribed: true }> {
  const { db, storeId, email, now } = options;
  const rules: LimitRule[] = [
    { key: `subscribe:ip:${options.ip}`, windowMs: MINUTE_MS, limit: SUBSCRIBE_LIMITS.perIpPerMinute },
    { key: `subscribe:store:${storeId}`, windowMs: MINUTE_MS, limit: SUBSCRIBE_LIMITS.perStorePerMinute },
  ];
  for (const rule of rules) {
    const hit = await hitLimit(db, rule, now);
    if (!hit.allowed) throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests, { retryAfterSeconds: hit.retryAfterSeconds });
  }
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) throw new AppError('not-found', MESSAGES.stores.notFound);
  await db.transaction(async (tx) => {
    const [suppressed] = await tx
      .select({ email: emailSuppressions.email })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.storeId, storeId), eq(emailSuppressions.email, email)))
      .limit(1);
    if (suppressed) return;
    const customer = await upsertCustomer(tx, { storeId, email, name: options.name ?? '', marketingConsent: true, timeZone: options.timeZone, now });
    // The signup form's `joined` automations (decision 044), once per contact and automation.
    if (customer.marketingConsent) {
      await startRuns(tx, { storeId, customerId: customer.id, kind: 'joined', key: 'joined', source: 'signup-form', ...(options.form ? { form: options.form } : {}) });
    }
  });
  return { subscribed: true };
}
