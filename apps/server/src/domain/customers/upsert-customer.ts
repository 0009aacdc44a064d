import { and, eq, sql } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { customers, emailSuppressions, type CustomerRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/**
 * The store's customer for this email, created on first sight (spec `recordCustomerPurchase` is
 * this, called only by fulfilment — never by a client). An existing customer keeps their name;
 * marketing consent is only ever turned on here, never off. Ticking the opt-in box is the buyer's
 * own fresh consent, so it also lifts an earlier unsubscribe (never a bounce or a complaint).
 * Safe under concurrent calls. `respectWithdrawal`: consent from a form anyone can fill in with any
 * address (the website's email signup) turns consent on only for an address that never withdrew
 * it, and lifts no unsubscribe.
 */
export async function upsertCustomer(
  db: Executor,
  options: { storeId: string; email: string; name: string; marketingConsent?: boolean; respectWithdrawal?: boolean; now: Date },
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({
      id: newId('cus'),
      storeId: options.storeId,
      email: options.email,
      name: options.name,
      marketingConsent: options.marketingConsent ?? false,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: [customers.storeId, customers.email],
      set: {
        // A customer known only by their address (an email signup) takes the name they give later.
        name: sql`case when ${customers.name} = '' then excluded.name else ${customers.name} end`,
        marketingConsent: options.respectWithdrawal
          ? sql`${customers.marketingConsent} or (excluded.marketing_consent and ${customers.marketingWithdrawnAt} is null)`
          : sql`${customers.marketingConsent} or excluded.marketing_consent`,
        marketingWithdrawnAt: options.respectWithdrawal
          ? sql`${customers.marketingWithdrawnAt}`
          : sql`case when excluded.marketing_consent then null else ${customers.marketingWithdrawnAt} end`,
        updatedAt: options.now,
      },
    })
    .returning();
  if (!row) throw new Error('customer upsert returned no row');
  if (options.marketingConsent && !options.respectWithdrawal) {
    await db
      .delete(emailSuppressions)
      .where(and(eq(emailSuppressions.storeId, options.storeId), eq(emailSuppressions.email, options.email), eq(emailSuppressions.reason, 'unsubscribed')));
  }
  return row;
}
