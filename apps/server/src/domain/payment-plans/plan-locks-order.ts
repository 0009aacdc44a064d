import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { paymentPlans } from '#src/db/schema/index.ts';

/**
 * Whether the order is a payment plan whose access is locked (an instalment still unpaid after the
 * last retry, decision 047): its downloads are refused and its courses closed until the plan
 * recovers. Any other order, or a plan in good standing, completed or cancelled, is not.
 */
export async function planLocksOrder(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.orderId, orderId), eq(paymentPlans.status, 'locked')))
    .limit(1);
  return row !== undefined;
}

/** Which of these orders are locked payment plans (one query for a page of orders). */
export async function lockedPlanOrderIds(db: Executor, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: paymentPlans.orderId })
    .from(paymentPlans)
    .where(and(inArray(paymentPlans.orderId, orderIds), eq(paymentPlans.status, 'locked')));
  return rows.map((row) => row.orderId);
}
