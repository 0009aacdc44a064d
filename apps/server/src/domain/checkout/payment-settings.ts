// Exports the payment-settings read and write (getPaymentSettings, updatePaymentSettings): one module because
// the write answers with the read.
import type { PaymentSettings } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { paymentAccounts, stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { storePaymentRoute } from './store-payment-route.ts';

/** Settings → Payments for a store the creator owns. */
export async function getPaymentSettings(
  db: Database,
  env: Pick<Env, 'payments'>,
  options: { userId: string; storeId: string },
): Promise<PaymentSettings> {
  const store = await getOwnedStore(db, options);
  const [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, store.id)).limit(1);
  const route = await storePaymentRoute(db, env, store.id);
  return {
    provider: route.provider,
    currency: store.currency,
    testMode: { enabled: env.payments.testProviderEnabled },
    stripe: {
      configured: env.payments.stripe !== null,
      accountId: account?.accountId ?? null,
      connectedAt: account?.connectedAt.toISOString() ?? null,
      platformFeePercent: env.payments.stripe ? await platformFeePercent(db, env, store.id) : 0,
    },
  };
}

/** The store currency, for new products and checkouts; existing products and orders keep theirs. */
export async function updatePaymentSettings(
  db: Database,
  env: Pick<Env, 'payments'>,
  options: { userId: string; storeId: string; currency: string; now: Date },
): Promise<PaymentSettings> {
  const store = await getOwnedStore(db, options);
  await db.update(stores).set({ currency: options.currency, updatedAt: options.now }).where(eq(stores.id, store.id));
  return getPaymentSettings(db, env, options);
}
