import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { orders } from '#src/db/schema/index.ts';

/**
 * Whether fulfilment credited the checkout's order to an affiliate (to this code, when one is
 * given). Reads only: a conversion is never made here (docs/affiliates.md "Attribution").
 */
export async function findReferralConversion(db: Executor, options: { checkoutId: string; code?: string | undefined }): Promise<boolean> {
  const [order] = await db
    .select({ outcome: orders.referralOutcome, code: orders.referralCode })
    .from(orders)
    .where(eq(orders.checkoutId, options.checkoutId))
    .limit(1);
  if (!order || order.outcome !== 'credited') return false;
  return options.code === undefined || options.code === order.code;
}
