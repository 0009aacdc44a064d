// Exports createAbandonedCheckoutJob: the look-again job of a consenting checkout (decision 044).
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { checkouts, emailSuppressions } from '#src/db/schema/index.ts';
import { upsertCustomer } from '#src/domain/customers/upsert-customer.ts';
import type { Env } from '#src/env.ts';
import type { ClaimedJob, JobHandler, JobRunContext } from '#src/jobs/types.ts';
import { ABANDONED_CHECKOUT_KIND } from './automation-job-kinds.ts';
import { saleClock, type AbandonedCheckoutPayload } from './order-triggers.ts';
import { startRuns } from './start-runs.ts';

/**
 * N minutes after a consenting checkout started: still unpaid, its buyer becomes a consenting
 * contact (never past a withdrawal or a suppression: upsertCustomer's rule) and the store's
 * abandoned-checkout automations with that delay start, once per checkout.
 */
export function createAbandonedCheckoutJob(options: { db: Database; env: Partial<Pick<Env, 'payments'>> }): JobHandler {
  return {
    kind: ABANDONED_CHECKOUT_KIND,
    async run(job: ClaimedJob, ctx: JobRunContext) {
      const payload = job.payload as AbandonedCheckoutPayload;
      await options.db.transaction(async (tx) => {
        const [checkout] = await tx
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.id, payload.checkoutId), eq(checkouts.storeId, payload.storeId)))
          .for('update');
        if (checkout && checkout.status !== 'completed' && checkout.marketingConsent) {
          const [suppressed] = await tx
            .select({ email: emailSuppressions.email })
            .from(emailSuppressions)
            .where(and(eq(emailSuppressions.storeId, checkout.storeId), eq(emailSuppressions.email, checkout.email.toLowerCase())));
          if (!suppressed) {
            const customer = await upsertCustomer(tx, { storeId: checkout.storeId, email: checkout.email, name: checkout.name, marketingConsent: true, timeZone: checkout.timeZone, now: ctx.now() });
            if (customer.marketingConsent) {
              await startRuns(tx, {
                storeId: checkout.storeId,
                customerId: customer.id,
                kind: 'abandoned-checkout',
                key: `checkout:${checkout.id}`,
                productIds: [checkout.productId, ...(checkout.bumpProductId ? [checkout.bumpProductId] : [])],
                checkoutId: checkout.id,
                delayMinutes: payload.delayMinutes,
                clock: await saleClock(tx, options.env, checkout),
              });
            }
          }
        }
        await ctx.complete(tx);
      });
    },
  };
}
