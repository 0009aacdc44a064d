import { formatMoney, membersUrl } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, orders, stores, type PaymentPlanRow } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { paymentPlanEmail } from '#src/providers/email/templates/payment-plan-notices.ts';

export type PlanNotice =
  | { notice: 'receipt'; instalment: number; nextDueAt: Date | null }
  | { notice: 'payment-failed'; instalment: number; attempt: number; graceUntil: Date }
  | { notice: 'locked'; instalment: number }
  | { notice: 'completed' };

/**
 * Queues one plan email to the buyer in the transaction of the charge that causes it, keyed by
 * plan, instalment and event, so a charge job run twice sends once. Dates in the store's zone.
 */
export async function queuePlanEmail(tx: Executor, publicUrl: string, plan: PaymentPlanRow, notice: PlanNotice): Promise<void> {
  const [found] = await tx
    .select({ store: stores, customer: customers, productTitle: orders.productTitle })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, plan.orderId));
  if (!found) return;
  const { store, customer } = found;
  const date = (at: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: store.timeZone }).format(at);
  const money = (cents: number) => formatMoney(cents, plan.currency, { locale: 'en' });
  const base = { productName: store.name, buyerName: customer.name, productTitle: found.productTitle, ordersUrl: membersUrl(store, { origin: publicUrl }) };
  const amountText = money(plan.instalmentCents);
  let key: string;
  let rendered;
  switch (notice.notice) {
    case 'receipt':
      key = `${notice.instalment}:paid`;
      rendered = paymentPlanEmail({ ...base, notice: 'receipt', instalment: notice.instalment, instalments: plan.instalments, amountText, nextDueText: notice.nextDueAt ? date(notice.nextDueAt) : null });
      break;
    case 'payment-failed':
      key = `${notice.instalment}:failed:${notice.attempt}`;
      rendered = paymentPlanEmail({ ...base, notice: 'payment-failed', instalment: notice.instalment, instalments: plan.instalments, amountText, accessUntilText: date(notice.graceUntil) });
      break;
    case 'locked':
      key = `${notice.instalment}:locked`;
      rendered = paymentPlanEmail({ ...base, notice: 'locked', amountText });
      break;
    case 'completed':
      key = 'completed';
      rendered = paymentPlanEmail({ ...base, notice: 'completed', totalText: money(plan.instalmentCents * plan.instalments) });
      break;
  }
  await enqueueEmail(tx, { to: customer.email, ...rendered, tags: ['payment-plan'] }, { idempotencyKey: `plan:${plan.id}:${key}` });
}
