// Exports the revenue reads of payment plans' later instalments (laterInstalmentCents for one order, keptLaterInstalmentCents for a
// customer, sumLaterInstalments for a filtered range).
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '#src/db/executor.ts';
import { orders, paymentPlanCharges, paymentPlans } from '#src/db/schema/index.ts';
import { orderConditions, type OrderFilter } from '#src/domain/orders/order-range.ts';

/**
 * A plan's later instalments (decision 047) are charges on the plan, not orders: the first is the
 * order's own amount, every later one charged (paid, or paid and refunded since) is revenue of the
 * order too. The store's kept counters add them by trigger (migration 0057); these are the reads
 * of what the counters cannot answer: a date range, one order.
 */
const isLaterInstalment = and(gt(paymentPlanCharges.instalment, 1), inArray(paymentPlanCharges.status, ['paid', 'refunded']));

/** What an order's later instalments were charged and refunded, as two subselects of a row naming `orderId`. */
export function laterInstalmentCents(orderId: AnyPgColumn): { chargedCents: SQL<number>; refundedCents: SQL<number> } {
  const of = (status: SQL) => sql<number>`(select coalesce(sum(later_charge.amount_cents), 0)::int from ${paymentPlans} later_plan
      join ${paymentPlanCharges} later_charge on later_charge.plan_id = later_plan.id
     where later_plan.order_id = ${orderId} and later_charge.instalment > 1 and ${status})`;
  return { chargedCents: of(sql`later_charge.status in ('paid', 'refunded')`), refundedCents: of(sql`later_charge.status = 'refunded'`) };
}

/** What a customer's plans' later instalments paid and kept (not refunded): their part of the customer's lifetime value. */
export function keptLaterInstalmentCents(customerId: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(later_charge.amount_cents), 0) from ${paymentPlans} later_plan
      join ${paymentPlanCharges} later_charge on later_charge.plan_id = later_plan.id
     where later_plan.customer_id = ${customerId} and later_charge.instalment > 1 and later_charge.status = 'paid')`;
}

/**
 * The later instalments charged within a filtered order list's range (by the charge's date, as an
 * accountant books money received), of orders in its status: what the Sales totals add to the
 * orders of a date range. Call only after the caller's ownership of the store was checked.
 */
export async function sumLaterInstalments(db: Executor, filter: OrderFilter): Promise<{ grossCents: number; refundedCents: number }> {
  const [row] = await db
    .select({
      grossCents: sql<string>`coalesce(sum(${paymentPlanCharges.amountCents}), 0)::bigint`,
      refundedCents: sql<string>`coalesce(sum(${paymentPlanCharges.amountCents}) filter (where ${paymentPlanCharges.status} = 'refunded'), 0)::bigint`,
    })
    .from(paymentPlanCharges)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanCharges.planId))
    .innerJoin(orders, eq(orders.id, paymentPlans.orderId))
    .where(and(eq(paymentPlanCharges.storeId, filter.storeId), isLaterInstalment, orderConditions(filter, paymentPlanCharges.createdAt)));
  return { grossCents: Number(row?.grossCents ?? 0), refundedCents: Number(row?.refundedCents ?? 0) };
}
