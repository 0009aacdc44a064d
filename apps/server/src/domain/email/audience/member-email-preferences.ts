// Exports the members area's email preference (getMemberEmailPreferences, updateMemberEmailPreferences):
// one module because reading and changing it share the customer lookup.
import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { customers, emailSuppressions } from '#src/db/schema/index.ts';
import { optBackIn } from '../consent/opt-back-in.ts';

interface MemberOptions {
  storeId: string;
  customerId: string;
}

async function customerOfStore(db: Executor, options: MemberOptions & { lock?: boolean }) {
  const query = db
    .select({ id: customers.id, email: customers.email, marketingConsent: customers.marketingConsent })
    .from(customers)
    .where(and(eq(customers.id, options.customerId), eq(customers.storeId, options.storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not-found', COMMERCE_MESSAGES.customerNotFound);
  return row;
}

export async function getMemberEmailPreferences(db: Executor, options: MemberOptions): Promise<{ marketingConsent: boolean }> {
  const row = await customerOfStore(db, options);
  return { marketingConsent: row.marketingConsent };
}

/**
 * The customer's own choice. Opting in is their fresh consent: it clears `marketing_withdrawn_at`
 * and lifts the store's suppression when it came from an unsubscribe (never a bounce or a
 * complaint). Opting out is an unsubscribe: consent off, withdrawn now, suppression 'unsubscribed'.
 */
export async function updateMemberEmailPreferences(
  db: Database,
  options: MemberOptions & { marketingConsent: boolean; now: Date },
): Promise<{ marketingConsent: boolean }> {
  return db.transaction(async (tx) => {
    const row = await customerOfStore(tx, { ...options, lock: true });
    if (options.marketingConsent) {
      // A signed-in customer has proved the address.
      await optBackIn(tx, { id: row.id, storeId: options.storeId, email: row.email }, options.now);
      return { marketingConsent: true };
    }
    await tx.update(customers).set({ marketingConsent: false, marketingWithdrawnAt: options.now, updatedAt: options.now }).where(eq(customers.id, row.id));
    await tx
      .insert(emailSuppressions)
      .values({ storeId: options.storeId, email: row.email, reason: 'unsubscribed', createdAt: options.now })
      .onConflictDoNothing();
    return { marketingConsent: false };
  });
}
