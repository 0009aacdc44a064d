import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseEnrolments, orderGrants, orders } from '#src/db/schema/index.ts';

/**
 * A fully refunded order ends the enrolments it opened (docs/courses.md "Refunds"): access stops at
 * once (lessons and signed video links check the enrolment on every request), while progress is
 * kept, so buying the course again continues where the student was. An enrolment another paid,
 * not refunded order of the same customer also grants (the course alone and in a bundle) moves to
 * that order instead of ending; one a membership also grants loses the order and stays while the
 * membership gives access. Runs in the refund's transaction.
 */
export async function endRefundedEnrolments(tx: Executor, order: { id: string; storeId: string; customerId: string }, now: Date): Promise<void> {
  const enrolments = await tx
    .select({ id: courseEnrolments.id, productId: courseEnrolments.productId, sourceMembershipId: courseEnrolments.sourceMembershipId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.storeId, order.storeId), eq(courseEnrolments.customerId, order.customerId), eq(courseEnrolments.sourceOrderId, order.id), isNull(courseEnrolments.endedAt)));
  if (enrolments.length === 0) return;
  const otherGrants = await tx
    .select({ productId: orderGrants.productId, orderId: orders.id })
    .from(orderGrants)
    .innerJoin(orders, eq(orders.id, orderGrants.orderId))
    .where(
      and(
        eq(orders.storeId, order.storeId),
        eq(orders.customerId, order.customerId),
        eq(orders.status, 'paid'),
        ne(orders.id, order.id),
        inArray(orderGrants.productId, enrolments.map((row) => row.productId)),
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`);
  for (const enrolment of enrolments) {
    const other = otherGrants.find((grant) => grant.productId === enrolment.productId);
    // Also granted by a membership: it stays, live while that membership gives access (membership-courses.ts).
    const change = other ? { sourceOrderId: other.orderId } : enrolment.sourceMembershipId ? { sourceOrderId: null } : { endedAt: now };
    await tx.update(courseEnrolments).set(change).where(eq(courseEnrolments.id, enrolment.id));
  }
}
