import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, emailSuppressions } from '#src/db/schema/index.ts';

/**
 * The customer's own fresh consent, once they proved the address (signed in to the members area,
 * or clicked the confirmation email): consent on, `marketing_withdrawn_at` cleared, and the
 * store's suppression lifted when it came from an unsubscribe (never a bounce or a complaint).
 * The caller holds the customer row (`FOR UPDATE`) in its transaction.
 */
export async function optBackIn(tx: Executor, customer: { id: string; storeId: string; email: string }, now: Date): Promise<void> {
  await tx.update(customers).set({ marketingConsent: true, marketingWithdrawnAt: null, updatedAt: now }).where(eq(customers.id, customer.id));
  await tx
    .delete(emailSuppressions)
    .where(and(eq(emailSuppressions.storeId, customer.storeId), eq(emailSuppressions.email, customer.email), eq(emailSuppressions.reason, 'unsubscribed')));
}
