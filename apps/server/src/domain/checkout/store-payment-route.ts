import { eq } from 'drizzle-orm';
import { paymentAccounts } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { Executor } from '#src/db/executor.ts';

/** How a store takes paid checkouts right now; `free` means it can take free ones only. */
export type StorePaymentRoute =
  | { provider: 'stripe'; accountId: string }
  | { provider: 'test'; accountId: null }
  | { provider: 'free'; accountId: null };

/**
 * Stripe when this server has STRIPE_* and the store connected an account; else the built-in
 * test provider when it is enabled; else no paid checkouts at all.
 */
export async function storePaymentRoute(db: Executor, env: Pick<Env, 'payments'>, storeId: string): Promise<StorePaymentRoute> {
  if (env.payments.stripe) {
    const [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, storeId)).limit(1);
    if (account) return { provider: 'stripe', accountId: account.accountId };
  }
  if (env.payments.testProviderEnabled) return { provider: 'test', accountId: null };
  return { provider: 'free', accountId: null };
}
