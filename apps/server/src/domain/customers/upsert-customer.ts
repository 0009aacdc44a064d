import { sql } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { customers, type CustomerRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/**
 * The store's customer for this email, created on first sight (spec `recordCustomerPurchase` is
 * this, called only by fulfilment — never by a client). An existing customer keeps their name;
 * marketing consent is only ever turned on here, never off. Every caller takes consent from a form
 * anyone can fill in with any address (a checkout, the website's email signup), so it turns consent
 * on only for an address that never withdrew it, and lifts no unsubscribe: only the owner of the
 * address opts back in (members area, or the confirmation email: domain/email/consent/).
 * `timeZone` (already validated, or absent) is the browser's zone: automation waits follow it.
 * Safe under concurrent calls.
 */
export async function upsertCustomer(
  db: Executor,
  options: { storeId: string; email: string; name: string; marketingConsent?: boolean; timeZone?: string | null | undefined; now: Date },
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({
      id: newId('cus'),
      storeId: options.storeId,
      email: options.email,
      name: options.name,
      marketingConsent: options.marketingConsent ?? false,
      timeZone: options.timeZone ?? null,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: [customers.storeId, customers.email],
      set: {
        // A customer known only by their address (an email signup) takes the name they give later.
        name: sql`case when ${customers.name} = '' then excluded.name else ${customers.name} end`,
        marketingConsent: sql`${customers.marketingConsent} or (excluded.marketing_consent and ${customers.marketingWithdrawnAt} is null)`,
        // The latest browser zone wins (people move, travel); a form without one keeps the known one.
        // Like consent, a withdrawn address is not changed by whoever types it in.
        timeZone: sql`case when ${customers.marketingWithdrawnAt} is null then coalesce(excluded.time_zone, ${customers.timeZone}) else ${customers.timeZone} end`,
        updatedAt: options.now,
      },
    })
    .returning();
  if (!row) throw new Error('customer upsert returned no row');
  return row;
}
