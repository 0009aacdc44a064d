import { AppError, BILLING_MESSAGES } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions, testInvoices } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { stripeBilling } from '#src/providers/billing/stripe-billing.ts';

/** The creator's invoices with download links: Stripe's list (its PDFs), or the test provider's own. */
export async function listInvoices(db: Database, env: Env, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (row?.provider === 'stripe' && row.providerCustomerId && env.payments.stripe) {
    try {
      const invoices = await stripeBilling(env.payments.stripe).invoices(row.providerCustomerId);
      return invoices.map((invoice) => ({ ...invoice, createdAt: invoice.createdAt.toISOString() }));
    } catch {
      throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
    }
  }
  const rows = await db.select().from(testInvoices).where(eq(testInvoices.userId, userId)).orderBy(desc(testInvoices.createdAt)).limit(50);
  return rows.map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    createdAt: invoice.createdAt.toISOString(),
    amountCents: invoice.amountCents,
    currency: invoice.currency,
    status: invoice.status,
    downloadUrl: `/api/billing/test-invoices/${invoice.id}`,
  }));
}
